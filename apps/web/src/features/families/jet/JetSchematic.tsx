// The nozzle and target drawn to scale: it redraws as H/D, the nozzle size and the ridge change.
import { SchematicFrame } from '../shared/SchematicFrame';
import { jetSketch } from './jetSketch';

const W = 340;
const H = 230;
const PAD = { left: 14, right: 14, top: 12, bottom: 26 };

export function JetSchematic({ parameters, compact = false }: { parameters: Record<string, unknown>; compact?: boolean }) {
  const sketch = jetSketch(parameters);
  if (!sketch) return null;
  const { diameter, distance, halfWidth } = sketch;
  const nozzleLength = Math.max(diameter * 1.2, distance * 0.35);
  const top = distance + nozzleLength;
  const plateDepth = Math.max(distance, diameter) * 0.12;
  // One scale for both directions: the sketch is to scale.
  const scale = Math.min((W - PAD.left - PAD.right) / (2 * halfWidth), (H - PAD.top - PAD.bottom) / (top + plateDepth));
  const cx = W / 2;
  const X = (s: number) => cx + s * scale;
  const Y = (z: number) => PAD.top + (top - z) * scale;
  const wall = Math.max(diameter * 0.15, 1.5 / scale);
  const name = `Jet schematic: ${sketch.round ? 'round' : 'slot'} nozzle ${sketch.texts.nozzle}, ${sketch.texts.distance}${sketch.texts.ridge ? `, ${sketch.texts.ridge}` : ', flat plate'}`;
  const arrows = [-0.25, 0, 0.25].map((f) => f * diameter);
  return (
    <SchematicFrame width={W} height={H} compact={compact} label={name} testId="jet-schematic">
      {(hatched) => (
        <>
          {/* plate */}
          <rect x={X(-halfWidth)} y={Y(0)} width={2 * halfWidth * scale} height={plateDepth * scale} fill={hatched} stroke="#37424d" />
          {sketch.ridge.map((poly, k) => (
            <polygon key={k} points={poly.map(([s, z]) => `${X(s)},${Y(z)}`).join(' ')} fill="#b0bec5" stroke="#37424d" data-testid="ridge" />
          ))}
          {/* nozzle walls */}
          {[-1, 1].map((side) => (
            <rect key={side} x={side < 0 ? X(-diameter / 2 - wall) : X(diameter / 2)} y={Y(top)} width={wall * scale} height={nozzleLength * scale} fill="#607d8b" />
          ))}
          {/* jet */}
          {arrows.map((s) => (
            <line key={s} x1={X(s)} x2={X(s)} y1={Y(top - nozzleLength * 0.3)} y2={Y(distance * 0.25)} stroke="#1976d2" strokeWidth={1.4} />
          ))}
          {arrows.map((s) => (
            <polygon key={`h${s}`} points={`${X(s) - 3},${Y(distance * 0.25) - 5} ${X(s) + 3},${Y(distance * 0.25) - 5} ${X(s)},${Y(distance * 0.25)}`} fill="#1976d2" />
          ))}
          {sketch.particles ? [0.15, -0.3, 0.35, -0.1].map((f, k) => <circle key={k} cx={X(f * diameter)} cy={Y(distance * (0.45 + 0.12 * k))} r={2} fill="#6d4c41" />) : null}
          {/* H dimension */}
          <line x1={X(halfWidth * 0.55)} x2={X(halfWidth * 0.55)} y1={Y(distance)} y2={Y(0)} stroke="#37424d" strokeDasharray="3 2" />
          <line x1={X(diameter / 2 + wall)} x2={X(halfWidth * 0.6)} y1={Y(distance)} y2={Y(distance)} stroke="#37424d" strokeWidth={0.6} />
          <text x={X(halfWidth * 0.55) + 4} y={Y(distance / 2)} fontSize={11} fill="#37424d">
            {sketch.texts.distance}
          </text>
          <text x={cx} y={Y(top) + 11} fontSize={11} fill="#37424d" textAnchor="middle" dy={-14}>
            {sketch.texts.nozzle}
          </text>
          <text x={PAD.left} y={H - 6} fontSize={11} fill="#37424d">
            {sketch.texts.ridge ?? 'Flat plate'}
            {sketch.particles ? ' · with particles' : ''}
          </text>
        </>
      )}
    </SchematicFrame>
  );
}
