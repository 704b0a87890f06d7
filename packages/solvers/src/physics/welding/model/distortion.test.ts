// Welding distortion: which plate carries the weld, the half section against the full one, the tendon
// force, and through the whole model (thermal run, then the plate) Okerblom's longitudinal shrinkage
// and the angular distortion of a bead on a plate against the inherent-strain solution on Rosenthal's
// temperature field.

import { describe, expect, it } from 'vitest';
import { facesFromCentres } from '../../../mechanics/plate/grid.js';
import { inherentStrain, transverseInherentStrain, type InherentStrainModel } from '../../../mechanics/plate/inherent-strain.js';
import { parameterDefaults, solve } from '../../../run/solve.js';
import { CELL_SOLID, CELL_VOID, StructuredMesh, gradedAxis, joinAxes, reversedAxis, uniformAxis } from '../../../thermal/index.js';
import { WELDING_JOINT_TYPES, jointCrossSection, type WeldingJointType } from '../geometry/joints.js';
import { weldingDefaults } from './parameters.js';
import { basePlate, deflectionOnFullWidth, weldingDistortion } from './distortion.js';

const T0 = 293.15;
const steel = { youngsModulus: 210e9, poissonRatio: 0.3, expansionCoefficient: 12e-6, yieldStress: 355e6, mechanicalMeltingTemperature: 800 + 273.15 };
const barModel: InherentStrainModel = { ...steel, referenceTemperature: T0 };

describe('the plate that carries the weld', () => {
  // Default geometry: t = t2 = 10 mm (the single-V 12 mm, closed root), width 75 mm, gap 1 mm, pipe Ø 114.3 mm.
  const expected: Record<WeldingJointType, { parts: number[]; y: [number, number]; z: [number, number] }> = {
    SQUARE_BUTT_WELD: { parts: [0, 1], y: [-75.5, 75.5], z: [0, 10] },
    BUTT_WELD: { parts: [0, 1], y: [-75, 75], z: [0, 12] }, // 12 mm, gap 0 (contracts' weldingProcessDefaults)
    DOUBLE_V_BUTT_WELD: { parts: [0, 1], y: [-75.5, 75.5], z: [0, 10] },
    T_JOINT_FILLET_WELD: { parts: [0], y: [-80, 80], z: [0, 10] }, // the flange, not the web
    TEE_JOINT_WELD: { parts: [0], y: [-80, 80], z: [0, 10] },
    FILLET_ON_CORNER_WELD: { parts: [0], y: [0, 75], z: [0, 10] }, // the horizontal plate under the upright
    OUTSIDE_FILLET_ON_CORNER_WELD: { parts: [0], y: [0, 75], z: [75, 85] }, // the horizontal plate on top
    SINGLE_FILLET_LAP_JOINT: { parts: [0], y: [0, 75], z: [0, 10] }, // the lower plate
    DOUBLE_FILLET_LAP_JOINT: { parts: [0], y: [0, 75], z: [0, 10] },
    PIPE_TO_PLATE_FILLET_WELD: { parts: [0], y: [-132.15, 132.15], z: [0, 10] }, // the base plate, not the pipe wall
  };
  for (const joint of WELDING_JOINT_TYPES) {
    it(joint, () => {
      const plate = basePlate(jointCrossSection(joint, weldingDefaults(joint).geometry));
      const e = expected[joint];
      expect(plate.parts).toEqual(e.parts);
      expect([plate.yMin * 1000, plate.yMax * 1000]).toEqual([expect.closeTo(e.y[0], 9), expect.closeTo(e.y[1], 9)]);
      expect([plate.zMin * 1000, plate.zMax * 1000]).toEqual([expect.closeTo(e.z[0], 9), expect.closeTo(e.z[1], 9)]);
    });
  }
});

describe('distortion of a given peak-temperature field', () => {
  const L = 0.3;
  const h = 0.008;
  const side = joinAxes(uniformAxis({ from: 0, to: 0.006, cells: 4 }), gradedAxis({ from: 0.006, to: 0.1, cells: 10, ratio: 1.3 }));
  const xFaces = uniformAxis({ from: 0, to: L, cells: 20 });
  // The plate z ∈ [0, h] and, above it, a web y ∈ [0, 6 mm] as in a T-joint (hot, but not plate).
  const zFaces = joinAxes(gradedAxis({ from: 0, to: h, cells: 5, ratio: 0.8 }), uniformAxis({ from: h, to: 0.03, cells: 3 }));
  /** A weld along y = 0 whose peak falls off across the weld, through the thickness (hotter on top) and along x. */
  const peakAt = (x: number, y: number, z: number) => T0 + 1600 * Math.exp(-((y / 0.012) ** 2)) * (0.55 + (0.45 * z) / h) * (0.85 + 0.15 * Math.sin((Math.PI * x) / L));
  const meshOf = (yFaces: Float64Array) => {
    const mesh = new StructuredMesh(xFaces, yFaces, zFaces);
    const peak = new Float64Array(mesh.cellCount);
    for (let k = 0; k < mesh.nz; k++)
      for (let j = 0; j < mesh.ny; j++)
        for (let i = 0; i < mesh.nx; i++) {
          const cell = mesh.index(i, j, k);
          const inPlate = mesh.zc[k]! < h;
          mesh.mask[cell] = inPlate || Math.abs(mesh.yc[j]!) < 0.006 ? CELL_SOLID : CELL_VOID;
          peak[cell] = peakAt(mesh.xc[i]!, mesh.yc[j]!, Math.min(mesh.zc[k]!, h));
        }
    return { mesh, peak };
  };
  const half = meshOf(side);
  const full = meshOf(joinAxes(reversedAxis(side, 0), side));
  const common = { weldLineY: 0, torchSide: 1, material: steel, referenceTemperature: T0 };
  const halfPlate = { yMin: 0, yMax: 0.1, zMin: 0, zMax: h, parts: [0] };
  const a = weldingDistortion({ ...common, ...half, plate: halfPlate, symmetric: true });
  const b = weldingDistortion({ ...common, ...full, plate: { ...halfPlate, yMin: -0.1 }, symmetric: false });

  it('the half plate with its symmetry edge equals the full plate', () => {
    // The same discrete problem (the full grid is the mirror image of the half): equal up to the
    // linear solves' rounding, amplified by the bending stiffness' conditioning (the plate mechanics
    // tests bound it by 1e-6).
    expect(a.angularDistortion!).toBeGreaterThan(0); // hotter on top: the edges rise towards the torch
    for (const key of ['angularDistortion', 'longitudinalShrinkage', 'transverseShrinkage', 'maxDeflection'] as const) expect(Math.abs(a[key]! / b[key]! - 1)).toBeLessThan(1e-6);
    const mirrored = deflectionOnFullWidth(a, true);
    const whole = deflectionOnFullWidth(b, false);
    expect(mirrored.y).toEqual(whole.y.map((y) => expect.closeTo(y, 15)));
    expect(mirrored.values.length).toBe(whole.values.length);
    mirrored.values.forEach((w, i) => expect(Math.abs(w - whole.values[i]!)).toBeLessThan(1e-6 * b.maxDeflection));
  });

  it('longitudinal shrinkage equals the tendon force of the plate layer, δ = F̄ L / (E A), the web left out', () => {
    // For a free plate the width-averaged shortening is ∫∫ ε* dA / B exactly (virtual work of the
    // uniform strain states, mechanics/plate), i.e. the tendon force F(x) = −∫ E ε* dA over the
    // plate's section, averaged along x: exact up to the linear solve (tolerance 1e-10).
    const { mesh, peak } = full;
    let force = 0;
    for (let i = 0; i < mesh.nx; i++)
      for (let j = 0; j < mesh.ny; j++)
        for (let k = 0; k < mesh.nz && mesh.zc[k]! < h; k++) force -= (mesh.dx[i]! / L) * steel.youngsModulus * inherentStrain(peak[mesh.index(i, j, k)]!, barModel) * mesh.dy[j]! * mesh.dz[k]!;
    const tendon = (force * L) / (steel.youngsModulus * 0.2 * h);
    expect(b.longitudinalShrinkage / tendon).toBeCloseTo(1, 8);
  });

  it('with the transverse shrinkage of the yielded band: δ_T = −∫∫ ε*_yy dA / L, and a larger angle', () => {
    // Virtual work of the uniform strain states of a free plate (as for δ_L): the width-wise
    // shortening averaged along x is −∫∫ ε*_yy dA / L with ε*_yy = ε* + the transverse part.
    const c = weldingDistortion({ ...common, ...full, plate: { ...halfPlate, yMin: -0.1 }, symmetric: false, transverseShrinkage: true });
    const { mesh, peak } = full;
    let sum = 0;
    for (let i = 0; i < mesh.nx; i++)
      for (let j = 0; j < mesh.ny; j++)
        for (let k = 0; k < mesh.nz && mesh.zc[k]! < h; k++) {
          const t = peak[mesh.index(i, j, k)]!;
          sum -= (inherentStrain(t, barModel) + transverseInherentStrain(t, barModel)) * mesh.dx[i]! * mesh.dy[j]! * (mesh.dz[k]! / h);
        }
    expect(c.transverseShrinkage / (sum / L)).toBeCloseTo(1, 8);
    // The band shrinks across by its whole thermal strain, not only the yield strain (measured: 4.6 ×).
    expect(c.transverseShrinkage).toBeGreaterThan(2 * b.transverseShrinkage);
    // Hotter on top: the band is wider there, so it shrinks more across at the top: the wings rise.
    expect(c.angularDistortion!).toBeGreaterThan(b.angularDistortion!);
    // The longitudinal shrinkage of a free plate does not see a strain across the weld.
    expect(c.longitudinalShrinkage / b.longitudinalShrinkage).toBeCloseTo(1, 8);
  });

  it('measures the angular distortion towards the torch side', () => {
    const below = weldingDistortion({ ...common, ...half, plate: halfPlate, symmetric: true, torchSide: -1 });
    expect(below.angularDistortion).toBe(-a.angularDistortion!);
  });
});

describe('exact check: a transverse inherent strain linear through the thickness (free plate)', () => {
  // A band |y| < b along the whole weld whose peak temperature rises linearly through the 10 mm plate
  // from 700 K to 1000 K, preheat (no strain) outside. Everywhere in the band the restrained bar is
  // fully plastic (θ > 2ε_Y: T > 575 K) and below the mechanical melting point, so the isotropic
  // inherent strain is −ε_Y, uniform through the thickness (no curvature), and the total transverse
  // one is −α (T − T0), linear in z: κ*_yy = −α ΔT / h exactly (the through-thickness integration is
  // exact for linear profiles). A κ*_yy depending on y only is compatible: the free plate bends
  // stress-free into w'' = −κ*_yy, so its wings turn by the chord angle of the band,
  // φ = −2 κ0 (b²/2 + b (B/2 − b)) / (B/2) (the closed form of mechanics/plate/transverse.test.ts).
  const [L, B, h, b] = [0.3, 0.2, 0.01, 0.02];
  const [bottom, top] = [700, 1000];
  const mesh = new StructuredMesh(uniformAxis({ from: 0, to: L, cells: 12 }), uniformAxis({ from: -B / 2, to: B / 2, cells: 40 }), uniformAxis({ from: 0, to: h, cells: 4 }));
  const peak = new Float64Array(mesh.cellCount);
  for (let k = 0; k < mesh.nz; k++)
    for (let j = 0; j < mesh.ny; j++)
      for (let i = 0; i < mesh.nx; i++) {
        const cell = mesh.index(i, j, k);
        mesh.mask[cell] = CELL_SOLID;
        peak[cell] = Math.abs(mesh.yc[j]!) < b ? bottom + ((top - bottom) * mesh.zc[k]!) / h : T0;
      }
  const input = { mesh, peak, plate: { yMin: -B / 2, yMax: B / 2, zMin: 0, zMax: h, parts: [0] }, symmetric: false, weldLineY: 0, torchSide: 1, material: steel, referenceTemperature: T0 };

  it('gives the exact chord rotation with the transverse part, none without it', () => {
    const kappa = (-steel.expansionCoefficient * (top - bottom)) / h;
    const expected = (-2 * kappa * (b ** 2 / 2 + b * (B / 2 - b))) / (B / 2); // 12.96 mrad
    const withTransverse = weldingDistortion({ ...input, transverseShrinkage: true });
    expect(Math.abs(withTransverse.angularDistortion! / expected - 1)).toBeLessThan(1e-6);
    // The isotropic part is uniform through the thickness: membrane only, no rotation.
    const isotropic = weldingDistortion(input);
    expect(Math.abs(isotropic.angularDistortion!)).toBeLessThan(1e-6 * expected);
    // Across the weld the band shortens the plate by −∫ε*_yy dy = α (mean T − T0) · 2b.
    const meanRise = 0.5 * (bottom + top) - T0;
    expect(withTransverse.transverseShrinkage / (steel.expansionCoefficient * meanRise * 2 * b)).toBeCloseTo(1, 6);
  });
});

/** A constant-property steel without surface losses (the analytic solutions' assumptions), welded as a bead on a plate. */
function beadOnPlate(o: { thickness: number; width: number; length: number; current: number; travelSpeed: number; coolingTime: number }) {
  const p = parameterDefaults('SQUARE_BUTT_WELD') as Record<string, unknown> & { process: Record<string, number> };
  p.material = {
    density: 7850,
    conductivity: 40,
    specific_heat: 600,
    solidus: 1753.15,
    liquidus: 1793.15,
    youngs_modulus: steel.youngsModulus,
    poisson_ratio: steel.poissonRatio,
    thermal_expansion: steel.expansionCoefficient,
    yield_strength: steel.yieldStress,
    mechanical_melting_temperature: steel.mechanicalMeltingTemperature,
  };
  delete p.chemistry;
  p.geometry = { thickness: o.thickness, width: o.width, length: o.length, gap: 0 };
  p.process.voltage = 25;
  p.process.current = o.current;
  p.process.travel_speed = o.travelSpeed;
  p.cooling_time = o.coolingTime;
  p.convection_coefficient = 0;
  p.emissivity = 0;
  p.mesh_size = 'coarse';
  return p;
}
const rhoC = 7850 * 600;
const netPower = (current: number) => 0.8 * 25 * current;

describe('longitudinal shrinkage of a thin plate: Okerblom', () => {
  // 5 mm plate, 2 × 150 mm wide, 200 mm long, 500 J/mm. Okerblom (1958; in Radaj, "Heat Effects of
  // Welding", 1992): δ_L / L = 0.335 α Q / (c ρ A). It is this model's own answer for a thin plate:
  // the fast line source gives the peak ΔT_p(y) = √(2/(πe)) Q / (ρ c h · 2|y|) (Rosenthal / Rykalin),
  // so the section heated above ΔT has the area A(ΔT) = 0.484 Q / (ρ c ΔT); the restrained bar's
  // −ε* grows by α between ΔT = ε_Y/α and 2ε_Y/α, so ∫ −ε* dA = α ∫ A(ΔT) dΔT = α ln 2 · 0.484 Q / (ρ c)
  // = 0.3354 α Q / (ρ c), whatever the yield strain; the tendon force shortens the free plate by that
  // over its section. The expected band, ±5 %: the finite travel speed (Péclet number v y₁ / 2a ≈ 13 at
  // the onset isotherm y₁ = 36 mm) changes the integral by −0.2 % (evaluated with the quasi-steady
  // thin-plate Rosenthal solution); the source's parts outside the plate at the weld ends lose ≈ 0.8 %
  // of the heat (the energy ledger); and the coarse cells (3–15 mm across the band 18–36 mm, each with
  // one peak temperature) integrate the kinked ε*(y) with an error of a few per cent.
  const o = { thickness: 0.005, width: 0.15, length: 0.2, current: 150, travelSpeed: 0.006, coolingTime: 200 };

  it('δ_L = 0.335 α Q L / (c ρ A) within 5 %, and the mid-length tendon force within 5 %', async () => {
    const result = await solve({ type: 'SQUARE_BUTT_WELD', parameters: beadOnPlate(o) });
    const heatInput = netPower(o.current) / o.travelSpeed;
    const area = 2 * o.width * o.thickness;
    const okerblom = (0.335 * steel.expansionCoefficient * heatInput * o.length) / (rhoC * area); // 0.0569 mm
    const shrinkage = Number(result.summary.longitudinal_shrinkage!.value);
    expect(Math.abs(shrinkage / okerblom - 1)).toBeLessThan(0.05); // measured −1.4 %
    // The tendon force from the mid-length section's peak temperatures (White, Leggatt & Dwight 1980):
    // F = −∫ E ε* dA, δ = F L / (E A). The plate's shrinkage is the same formula with F averaged along
    // the weld, exactly; they differ by the start and stop zones (about the plastic half-width, 36 mm,
    // at each end: a third of the length) where the force departs by up to ~15 % from mid-length: 5 %.
    const section = result.fields.peak_temperature_cross_section!;
    const [yc, zc] = section.grid.axes.map((axis) => axis.values);
    const yFaces = facesFromCentres(yc!, -o.width);
    const zFaces = facesFromCentres(zc!, 0);
    let force = 0;
    for (let j = 0; j < yc!.length; j++)
      for (let k = 0; k < zc!.length; k++) force -= steel.youngsModulus * inherentStrain(section.values[j * zc!.length + k]!, barModel) * (yFaces[j + 1]! - yFaces[j]!) * (zFaces[k + 1]! - zFaces[k]!);
    const tendon = (force * o.length) / (steel.youngsModulus * area);
    expect(Math.abs(shrinkage / tendon - 1)).toBeLessThan(0.05); // measured −0.8 %
    // The angle is reported too (checked on the thick plate below), in rad.
    expect(result.summary.angular_distortion).toEqual(expect.objectContaining({ unit: 'rad', value: expect.any(Number) }));
    expect(Number.isFinite(Number(result.summary.angular_distortion!.value))).toBe(true);
  }, 30_000);
});

/**
 * The inherent-strain solution on Rosenthal's thick-plate field: the quasi-steady point source on the
 * top of a plate of thickness h with adiabatic faces (image sources at z = (2m + 1) h, Rykalin),
 * T = T0 + q / (2πk) Σ exp(−u (R_m + ξ)) / R_m, u = v / 2a; the peak over ξ at each (y, z); ε* of the
 * restrained bar; κ*(y) = 12/h³ ∫ ε* (z − h/2) dz; and the chord rotation of the wings of a long free
 * plate of width B about its centre line: with w_xx = −K/B (K = ∫ κ* dy, beam bending along x) and
 * M_y = 0 (w_yy = −(1 + ν) κ* − ν w_xx), integrating w_yy twice from the weld to the edges,
 * φ = −K (1 + ν/2) + (1 + ν) (4/B) ∫₀^{B/2} y κ* dy (the closed form of the plate mechanics tests for
 * a band, generalised). With the transverse shrinkage of the yielded band, its curvature κ*_T(y) acts
 * on κ_yy only: it leaves w_xx (the resultant moment along x) unchanged and adds −κ*_T to w_yy, so the
 * wings turn by a further φ_T = −(4/B) ∫₀^{B/2} (B/2 − y) κ*_T dy (the band case of distortion.test.ts).
 */
function rosenthalAngularDistortion(o: { power: number; travelSpeed: number; thickness: number; width: number; transverse?: boolean }): number {
  const [k, h] = [40, o.thickness];
  const u = o.travelSpeed / (2 * (k / rhoC));
  const temperature = (xi: number, y: number, z: number) => {
    let sum = 0;
    for (let m = -40; m <= 40; m++) {
      const r = Math.hypot(xi, y, z - (2 * m + 1) * h);
      sum += Math.exp(-u * (r + xi)) / r;
    }
    return T0 + (o.power / (2 * Math.PI * k)) * sum;
  };
  // Unimodal along ξ at fixed (y, z) (rosenthal.ts); golden section over the trailing side.
  const peak = (y: number, z: number) => {
    let [a, b] = [-1, 1e-3];
    const g = (Math.sqrt(5) - 1) / 2;
    for (let i = 0; i < 60; i++) {
      const [x1, x2] = [b - g * (b - a), a + g * (b - a)];
      if (temperature(x1, y, z) > temperature(x2, y, z)) b = x2;
      else a = x1;
    }
    return temperature(0.5 * (a + b), y, z);
  };
  const B = 2 * o.width;
  const [dy, nz] = [2.5e-4, 40];
  let K = 0;
  let first = 0;
  let phiT = 0;
  for (let y = 0.5 * dy; y < 0.5 * B; y += dy) {
    let [moment, momentT, strained] = [0, 0, false];
    for (let i = 0; i < nz; i++) {
      const z = ((i + 0.5) * h) / nz;
      const t = peak(y, z);
      const [e, eT] = [inherentStrain(t, barModel), o.transverse ? transverseInherentStrain(t, barModel) : 0];
      moment += e * (z - h / 2) * (h / nz);
      momentT += eT * (z - h / 2) * (h / nz);
      strained ||= e !== 0 || eT !== 0;
    }
    if (!strained && y > h) break; // past the plastic zone
    const kappa = (12 * moment) / h ** 3;
    K += 2 * kappa * dy;
    first += y * kappa * dy;
    phiT -= (4 / B) * (B / 2 - y) * ((12 * momentT) / h ** 3) * dy;
  }
  const nu = steel.poissonRatio;
  return -K * (1 + nu / 2) + ((1 + nu) * 4 * first) / B + phiT;
}

describe('angular distortion of a bead on a thick plate', () => {
  // 20 mm plate, 2 × 100 mm wide, 400 mm long, 800 J/mm (Q/h² = 2 J/mm³; Watanabe & Satoh 1961 found
  // the angular distortion of bead-on-plate welds to depend on Q/h²). The fused zone reaches 3–4 mm,
  // the plastic zone about 19 mm: hotter on top, so the top shrinks more and the wings rise towards
  // the torch. Reference: the same inherent-strain model (isotropic restrained bar plus the transverse
  // shrinkage of the yielded band) on the analytic temperature field (rosenthalAngularDistortion,
  // 9.313 mrad, of which the isotropic part 2.475 mrad; no empirical formula is quoted, none could be
  // checked against its source). Expected band ±15 %: the chord rotation is read at mid-length of a
  // plate two widths long, where the end disturbance has decayed to about e^(−π) ≈ 4 %; the Goldak
  // source's peak field equals the point source's beyond about √2 of its radius (the plastic band lies
  // at 3–4 radii); the coarse mesh has 8 cells through the 20 mm and 1.5–5 mm cells across the band,
  // integrating a kinked isotropic ε*(y, z) and a transverse one that jumps by ε_Y at the onset of
  // yield: ≈ 10 %. Measured: chord −1.5 % coarse, −3.6 % default; the isotropic part alone was +7.8 %
  // coarse, +1 % default.
  const o = { thickness: 0.02, width: 0.1, length: 0.4, current: 200, travelSpeed: 0.005, coolingTime: 60 };
  const chordAtMidLength = (field: { grid: { axes: { values: number[] }[] }; values: number[] }) => {
    const [x, y] = field.grid.axes.map((axis) => axis.values);
    const ix = Math.round((x!.length - 1) / 2);
    const iy = y!.findIndex((v) => Math.abs(v) < 1e-12);
    const w = (j: number) => field.values[ix * y!.length + j]!;
    return (w(0) + w(y!.length - 1) - 2 * w(iy)) / y![y!.length - 1]!;
  };

  it('is positive and matches the inherent-strain solution on the Rosenthal field within 15 %; the half section equals the full one', async () => {
    const parameters = beadOnPlate(o);
    const half = await solve({ type: 'SQUARE_BUTT_WELD', parameters });
    const source = { power: netPower(o.current), travelSpeed: o.travelSpeed, thickness: o.thickness, width: o.width };
    expect(rosenthalAngularDistortion(source) / 2.475e-3).toBeCloseTo(1, 3); // the isotropic part, 2.475 mrad
    const reference = rosenthalAngularDistortion({ ...source, transverse: true });
    expect(reference / 9.313e-3).toBeCloseTo(1, 3);
    const chord = chordAtMidLength(half.fields.distortion_deflection!);
    expect(chord).toBeGreaterThan(0);
    expect(Math.abs(chord / reference - 1)).toBeLessThan(0.15); // measured −1.5 %
    // The summary's angle is the same plate's, averaged along the whole weld (start and stop zones
    // included): it departs from the mid-length chord by 0.5 % (measured), so the same band holds.
    const reported = half.summary.angular_distortion!;
    expect(reported.unit).toBe('rad');
    expect(Math.abs(Number(reported.value) / reference - 1)).toBeLessThan(0.15); // measured −1.9 %

    // The same plate drawn as a full section (a drawn section is never halved): without a gap its
    // mesh is the mirror image of the half section's, so both runs solve one discrete problem, equal
    // up to the iterative solvers' tolerances (CG 1e-7, Newton 1e-4 on the enthalpy; measured 2e-7).
    const [t, w] = [o.thickness, o.width];
    const full = await solve({
      type: 'SQUARE_BUTT_WELD',
      parameters: {
        ...parameters,
        geometry: { length: o.length },
        cross_section: {
          parts: [
            { points: [[-w, 0], [0, 0], [0, t], [-w, t]], filler: false },
            { points: [[0, 0], [w, 0], [w, t], [0, t]], filler: false },
          ],
          weld_lines: [{ point: [0, t], torch_direction: [0, -1] }],
        },
      },
    });
    expect(full.log.some((l) => l.message.includes('half section'))).toBe(false);
    for (const key of ['longitudinal_shrinkage', 'angular_distortion']) expect(Math.abs(Number(full.summary[key]!.value) / Number(half.summary[key]!.value) - 1)).toBeLessThan(1e-5);
    const [a, b] = [half.fields.distortion_deflection!, full.fields.distortion_deflection!];
    expect(a.shape).toEqual(b.shape);
    const scale = Math.max(...a.values.map(Math.abs));
    a.values.forEach((v, i) => expect(Math.abs(v - b.values[i]!)).toBeLessThan(1e-5 * scale));
  }, 60_000);
});

describe('the reported angular distortion of the default joints (coarse mesh)', () => {
  const run = (type: WeldingJointType, geometry: Record<string, number> = {}, process: Record<string, number> = {}) => {
    const parameters = parameterDefaults(type) as Record<string, unknown> & { geometry: Record<string, number>; process: Record<string, number> };
    parameters.mesh_size = 'coarse';
    Object.assign(parameters.geometry, geometry);
    Object.assign(parameters.process, process);
    return solve({ type, parameters });
  };

  it('single-V default: a finite angle in rad with its sign convention; the log names the model', async () => {
    const result = await run('BUTT_WELD');
    const reported = result.summary.angular_distortion!;
    expect(reported.unit).toBe('rad');
    expect(Number.isFinite(Number(reported.value))).toBe(true);
    expect(reported.label).toMatch(/positive when the wings rise towards the torch side/);
    expect(reported.label).toMatch(/not validated against measurements/);
    expect(result.summary).not.toHaveProperty('pass_1_angular_distortion'); // one pass: no per-pass keys
    expect(result.log).toEqual(
      expect.arrayContaining([expect.objectContaining({ level: 'info', message: expect.stringMatching(/^angular_distortion .* from the inherent-strain plate model with the transverse shrinkage .* NOT validated against measurements/) })]),
    );
  }, 60_000);

  it('single-V, one pass at 0.8 kJ/mm: the wings rise towards the torch on 10 mm; a 5 mm plate heated through barely turns', async () => {
    // 10 mm: the band that yielded is wider at the weld face than at the root, so the face shrinks
    // more across the weld (measured 3.68 mrad, 0.21°). 5 mm: the whole thickness passes the
    // mechanical melting temperature (800 °C) over the band, where the transverse strain is capped at
    // α (800 °C − preheat): uniform through the thickness, it bends the plate little (measured
    // 0.024 mrad; 6 mm 0.17, 8 mm 1.31; an earlier thermal model: 0.015 / 0.18 / 1.16, and the run flags the 5 and 6 mm
    // plates as heated through, distortion-empirical.test.ts). Watanabe & Satoh's bead-on-plate angle
    // likewise falls at large Q/h² [RECALLED, not checked against the source]; not validated here.
    // The earlier default's preparation and arc: 60°, gap 1 mm, land 2 mm; 25 V, 200 A, 5 mm/s.
    const [groove, arc] = [{ gap: 0.001, root_face: 0.002 }, { voltage: 25, current: 200, travel_speed: 0.005 }];
    const [thick, thin] = await Promise.all([run('BUTT_WELD', { ...groove, thickness: 0.01 }, arc), run('BUTT_WELD', { ...groove, thickness: 0.005 }, arc)]);
    const angle = (r: Awaited<ReturnType<typeof run>>) => Number(r.summary.angular_distortion!.value);
    expect(angle(thick)).toBeGreaterThan(0);
    expect(Math.abs(angle(thin))).toBeLessThan(0.1 * angle(thick));
  }, 60_000);

  it('double-V: the angle after each pass; the back pass turns the wings back, the last pass is the summary', async () => {
    // Pass 1 from the top opens the V towards the top (measured +10.7 mrad); pass 2 from below shrinks
    // the root side and brings the wings back past flat (measured −0.73 mrad): balanced welding.
    const result = await run('DOUBLE_V_BUTT_WELD');
    const value = (key: string) => Number(result.summary[key]!.value);
    expect(result.summary.pass_1_angular_distortion!.unit).toBe('rad');
    expect(value('pass_1_angular_distortion')).toBeGreaterThan(0);
    expect(value('pass_2_angular_distortion')).toBe(value('angular_distortion'));
    expect(Math.abs(value('angular_distortion'))).toBeLessThan(0.5 * value('pass_1_angular_distortion'));
    expect(result.summary).not.toHaveProperty('pass_3_angular_distortion');
  }, 60_000);
});

describe('materials without mechanical properties', () => {
  it('skip the distortion with an info line', async () => {
    const parameters = beadOnPlate({ thickness: 0.005, width: 0.03, length: 0.03, current: 100, travelSpeed: 0.006, coolingTime: 5 });
    const material = parameters.material as Record<string, unknown>;
    for (const key of ['youngs_modulus', 'poisson_ratio', 'thermal_expansion', 'yield_strength', 'mechanical_melting_temperature']) delete material[key];
    const result = await solve({ type: 'SQUARE_BUTT_WELD', parameters });
    expect(result.summary).not.toHaveProperty('angular_distortion');
    expect(result.summary).not.toHaveProperty('longitudinal_shrinkage');
    expect(result.fields).not.toHaveProperty('distortion_deflection');
    expect(result.log).toEqual(expect.arrayContaining([expect.objectContaining({ level: 'info', message: expect.stringMatching(/^distortion .* skipped: .* has no mechanical properties/) })]));
  });
});
