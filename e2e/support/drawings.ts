import sharp from 'sharp';

/**
 * A T-joint with two fillet welds, as an engineer would sketch it: a 60 × 10 mm flange, a 10 mm
 * web standing 40 mm on it and 6 mm fillets at the web's foot, drawn black on white at `pxPerMm`.
 * The outline is one polygon in mm ([y, z], z up), drawn from an SVG rendered to PNG by sharp.
 */
export const T_JOINT_OUTLINE_MM: [number, number][] = [
  [-30, 0],
  [30, 0],
  [30, 10],
  [11, 10],
  [5, 16],
  [5, 50],
  [-5, 50],
  [-5, 16],
  [-11, 10],
  [-30, 10],
];

export async function drawTJointPng(pxPerMm = 4, margin = 30): Promise<Buffer> {
  const ys = T_JOINT_OUTLINE_MM.map((p) => p[0]);
  const zs = T_JOINT_OUTLINE_MM.map((p) => p[1]);
  const [minY, maxY, maxZ] = [Math.min(...ys), Math.max(...ys), Math.max(...zs)];
  const width = Math.ceil((maxY - minY) * pxPerMm + 2 * margin);
  const height = Math.ceil(maxZ * pxPerMm + 2 * margin);
  const points = T_JOINT_OUTLINE_MM.map(([y, z]) => `${(y - minY) * pxPerMm + margin},${(maxZ - z) * pxPerMm + margin}`).join(' ');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#ffffff"/><polygon points="${points}" fill="#000000"/></svg>`;
  return sharp(Buffer.from(svg)).flatten({ background: '#ffffff' }).png().toBuffer();
}

/** The T-joint's area, mm² (shoelace), to compare with what the designer reports after import. */
export function tJointAreaMm2(): number {
  let twice = 0;
  T_JOINT_OUTLINE_MM.forEach(([y1, z1], i) => {
    const [y2, z2] = T_JOINT_OUTLINE_MM[(i + 1) % T_JOINT_OUTLINE_MM.length]!;
    twice += y1 * z2 - y2 * z1;
  });
  return Math.abs(twice) / 2;
}
