// The jet create screen's schematic as geometry (mm, z up from the plate, s across from the jet
// axis): nozzle walls, the target (plate, ridge triangle or drawn polygon, mirrored about the axis)
// and the dimension texts. Drawn to scale from the parameters as typed (SI).
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : undefined);

export interface JetSketch {
  round: boolean;
  /** mm */
  diameter: number;
  distance: number;
  /** Half width of the drawing (mm). */
  halfWidth: number;
  /** The ridge's polygons above the plate, [s, z] mm (a drawn one and its mirror image; none for a flat plate). */
  ridge: [number, number][][];
  particles: boolean;
  texts: { nozzle: string; distance: string; ridge: string | null };
}

const fmt = (v: number) => String(Number(v.toPrecision(3)));

/** The ridge's cross-section from height and apex angle, or the drawn polygon (m → mm, mirrored). */
export function ridgeOutline(ridge: Record<string, unknown> | undefined, halfWidth: number): [number, number][][] {
  if (!ridge) return [];
  // A drawn polygon is given on one side of the axis (or across it): drawn with its mirror image.
  const polygon = ridge['polygon'];
  if (Array.isArray(polygon) && polygon.length >= 3) {
    const drawn = (polygon as [number, number][]).map(([s, z]): [number, number] => [s * 1000, z * 1000]);
    return [drawn, drawn.map(([s, z]): [number, number] => [-s, z])];
  }
  const height = num(ridge['height']);
  const apex = num(ridge['apex_angle']);
  if (height === undefined || apex === undefined) return [];
  const h = height * 1000;
  // 180° fills the plate up to the ridge height: the outline runs across the whole drawing.
  if (apex >= Math.PI - 1e-9)
    return [
      [
        [-halfWidth, 0],
        [-halfWidth, h],
        [halfWidth, h],
        [halfWidth, 0],
      ],
    ];
  const half = h * Math.tan(apex / 2);
  return [
    [
      [-half, 0],
      [0, h],
      [half, 0],
    ],
  ];
}

export function jetSketch(parameters: Record<string, unknown>): JetSketch | null {
  const nozzle = (parameters['nozzle'] ?? {}) as Record<string, unknown>;
  const d = num(nozzle['diameter']);
  const h = num(parameters['nozzle_to_plate_distance']);
  if (d === undefined || h === undefined) return null;
  const diameter = d * 1000;
  const distance = h * 1000;
  const round = nozzle['shape'] !== 'slot';
  const halfWidth = Math.max(3 * diameter, 0.9 * distance);
  const ridgeParams = parameters['ridge'] as Record<string, unknown> | undefined;
  const ridge = ridgeOutline(ridgeParams, halfWidth);
  const ridgeHeight = ridge.flat().reduce((m, [, z]) => Math.max(m, z), 0);
  const apex = num(ridgeParams?.['apex_angle']);
  return {
    round,
    diameter,
    distance,
    halfWidth,
    ridge,
    particles: parameters['particles'] !== undefined,
    texts: {
      nozzle: `${round ? 'D' : 'W'} = ${fmt(diameter)} mm`,
      distance: `H = ${fmt(distance)} mm (H/${round ? 'D' : 'W'} = ${fmt(distance / diameter)})`,
      ridge: ridge.length
        ? Array.isArray(ridgeParams?.['polygon'])
          ? `Drawn ridge, ${fmt(ridgeHeight)} mm high`
          : `Ridge ${fmt(ridgeHeight)} mm high, apex ${fmt(((apex ?? 0) * 180) / Math.PI)}°`
        : null,
    },
  };
}
