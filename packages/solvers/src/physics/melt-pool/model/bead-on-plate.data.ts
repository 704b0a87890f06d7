// Published single-track bead-on-plate measurements (bare plate, no powder) of melt-pool width and
// depth, with the inputs as the papers state them, for the bead-on-plate validation studies
// (bead-on-plate.verify.test.ts, bead-on-plate-in625-ti64.verify.test.ts). Widths and depths in µm,
// powers in W, speeds in mm/s, radii are 1/e² radii in µm. Provenance tags as in materials/solids/solid.ts: [READ-2] a second-hand transcription
// that was read, [UNVERIFIED] an input that no source read here states.
//
// Trapp et al. 2017, Appl. Mater. Today 9:341-349, doi:10.1016/j.apmt.2017.08.006 (CC BY 4.0): 316L
// discs 0.5 mm thick (10 mm diameter), 1070 nm beam of 60 ± 5 µm 1/e² diameter, 500 mm/s. Width and
// depth digitised from Fig. 3(a), the absorptivity of the same tracks, measured by calorimetry, from
// Fig. 4 (blue squares, 500 mm/s; at 83 W the two repeats 0.420 and 0.534 are averaged) [READ-2: the
// digitisation of github.com/canerganis/Metalliksa, data/benchmark/trapp-316l-2017/
// fig3a_tracks_digitized.csv and absorptivity_digitized.csv, read uncertainty 3 µm and 0.005].
//
// Lane et al. 2020, Integr. Mater. Manuf. Innov. 9:16-30, doi:10.1007/s40192-020-00169-1 (AM-Bench
// AMB2018-02): IN625 bare plate, NIST commercial build machine (CBM), D4σ 100 µm (r₀ = 50 µm), Table 3,
// the mean of the tracks of each case (3 or 4 tracks, 3 sections each) [READ-2: the transcription of
// Table 3 in the same repository, data/benchmark/lane-in625-amb2018-02/table3_tracks.csv]. The
// absorptivity is not stated: see ABSORPTIVITY_BY_REGIME.
//
// Coen, Goossens & Van Hooreweder 2022, J. Mater. Process. Technol. 304:117547,
// doi:10.1016/j.jmatprotec.2022.117547, data on Figshare (CC0, doi:10.6084/m9.figshare.15035712.v2,
// "Data Ti-6Al-4V (2).csv": columns P, v, w exp, d exp and the authors' "melting regime") [READ-2:
// the Figshare file as committed in the same repository]. The beam size is not in the data file and
// the article was not read: r₀ = 37.5 µm is [UNVERIFIED] (the repository attributes "37.5 µm" to the
// paper without saying radius or diameter). Absorptivity not stated: see ABSORPTIVITY_BY_REGIME.

export type BeadRegime = 'conduction' | 'transition' | 'keyhole';

export interface BeadOnPlateRow {
  /** Stable id part: `<source>-<alloy>-<P>w-<v>` */
  id: string;
  material: '316L' | 'IN625' | 'Ti6Al4V';
  source: string;
  /** W */
  power: number;
  /** mm/s */
  speed: number;
  /** 1/e² radius, µm */
  spotRadius: number;
  /** As the paper states it; undefined where it states none (then ABSORPTIVITY_BY_REGIME by the rule there). */
  absorptivity?: number;
  /** The regime the paper names, where it names one. */
  regime?: BeadRegime;
  /** µm */
  width: number;
  depth: number;
  /** The plate as modelled: thickness (mm) and the track length (mm). */
  plateThickness: number;
  trackLength: number;
}

/**
 * Absorptivity where a paper states none: one value per regime, the mean of Trapp et al.'s calorimetric
 * bare-disc values at 500 mm/s (Fig. 4) in that regime: conduction 32-65 W (0.287, 0.295, 0.298, 0.307),
 * transition 74-91 W (0.371, 0.420, 0.534, 0.558), keyhole 99-178 W (0.656, 0.699, 0.726, 0.764; 134 W and 178 W are not rows of the study: their 155 and 204 µm deep pools would take minutes each). Ye et
 * al. 2019 (Adv. Eng. Mater. 21:1900185, Table 1) measured the same minimal absorptivity on bare discs of
 * 316L and IN625 (0.28) and nearly the same on Ti-6Al-4V (0.26) [READ-2, same repository,
 * data/benchmark/ye-2019-absorptivity], so the 316L values are carried over to the other alloys.
 * The regime is not taken from the cross-section (that would use the answer) but from the normalised
 * enthalpy ΔH/h_s of the model's plan (King et al. 2014's thresholds): the lowest regime whose value puts
 * ΔH/h_s below that regime's upper threshold (the onset of boiling for conduction, 30 for the
 * transition), else the keyhole. Where two regimes would be self-consistent (absorptivity rises as the
 * depression forms, so both states exist near a threshold; Trapp's two repeats at 83 W read 0.420 and
 * 0.534) the lower one is taken.
 */
export const ABSORPTIVITY_BY_REGIME: Readonly<Record<BeadRegime, number>> = { conduction: 0.297, transition: 0.471, keyhole: 0.711 };

const TRAPP = 'Trapp et al. 2017, Fig. 3(a) (width, depth), Fig. 4 (absorptivity) [READ-2]';
const trapp = (power: number, absorptivity: number, regime: BeadRegime, width: number, depth: number): BeadOnPlateRow => ({
  id: `trapp2017-316l-${power}w`,
  material: '316L',
  source: TRAPP,
  power,
  speed: 500,
  spotRadius: 30,
  absorptivity,
  regime,
  width,
  depth,
  plateThickness: 0.5,
  trackLength: 0.45,
});

const LANE = 'Lane et al. 2020, Table 3, CBM tracks, mean of the case [READ-2]';
const lane = (caseName: string, power: number, speed: number, widths: number[], depths: number[]): BeadOnPlateRow => ({
  id: `lane2020-in625-case${caseName}`,
  material: 'IN625',
  source: LANE,
  power,
  speed,
  spotRadius: 50,
  width: widths.reduce((s, w) => s + w, 0) / widths.length,
  depth: depths.reduce((s, d) => s + d, 0) / depths.length,
  plateThickness: 1,
  trackLength: 0.9,
});

const COEN = 'Coen et al. 2022, Figshare "Data Ti-6Al-4V (2).csv" (w exp, d exp) [READ-2]; r₀ [UNVERIFIED]';
const coen = (sample: number, power: number, speed: number, regime: BeadRegime, width: number, depth: number): BeadOnPlateRow => ({
  id: `coen2022-ti64-sample${sample}`,
  material: 'Ti6Al4V',
  source: COEN,
  power,
  speed,
  spotRadius: 37.5,
  regime,
  width,
  depth,
  plateThickness: 1,
  trackLength: 0.6,
});

/**
 * The rows. Trapp's regimes are the paper's (I conduction to about 70 W, then the transition and the
 * keyhole); Lane et al. name none; Coen's rows carry the authors' labels (by the depth/width ratio).
 */
export const BEAD_ON_PLATE_ROWS: readonly BeadOnPlateRow[] = [
  trapp(32, 0.287, 'conduction', 52, 17),
  trapp(48, 0.295, 'conduction', 68, 22),
  trapp(65, 0.307, 'conduction', 75, 28),
  trapp(83, 0.477, 'transition', 102, 72),
  trapp(99, 0.656, 'keyhole', 127, 105),
  lane('A', 150, 400, [173.82, 168.94, 170.24], [154.4, 129.77, 170.41]),
  lane('B', 195, 800, [134.96, 132.16, 131.94], [89.5, 91.13, 93.13]),
  lane('C', 195, 1200, [97.82, 102.04, 100.73, 99.68], [59.61, 60.75, 60.03, 60.33]),
  coen(5, 100, 1600, 'conduction', 70, 34.67),
  coen(1, 100, 800, 'transition', 106, 105.11),
  coen(9, 200, 1000, 'keyhole', 125.78, 203.22),
];
