// The laser (and plasma arc) over the plate, seen from the side, with the plate's supports; not to
// scale. Redraws with the type (laser / laser+plasma, rigid / flexible), the support and the offset.
import { SchematicFrame } from '../shared/SchematicFrame';
import { meltPoolSketch } from './meltPoolSketch';

const W = 340;
const H = 200;

export function MeltPoolSchematic({ type, parameters, compact = false }: { type: string; parameters: Record<string, unknown>; compact?: boolean }) {
  const sketch = meltPoolSketch(type, parameters);
  const plateTop = 118;
  const plateH = 16;
  const left = 40;
  const right = W - 40;
  const spot = W / 2 - 10;
  // A flexible plate is drawn bowed (exaggerated) towards its hot top surface's contraction.
  const bow = sketch.flexible ? (sketch.support === 'clamped' ? 5 : 10) : 0;
  const plate = `M${left} ${plateTop} Q${W / 2} ${plateTop - 2 * bow} ${right} ${plateTop} L${right} ${plateTop + plateH} Q${W / 2} ${plateTop + plateH - 2 * bow} ${left} ${plateTop + plateH} Z`;
  const arcX = spot + sketch.plasmaSide * 46;
  const name = `Melt-pool schematic: ${sketch.plasma ? 'laser and plasma arc' : 'laser'}, ${sketch.texts.support.toLowerCase()}`;
  return (
    <SchematicFrame width={W} height={H} compact={compact} label={name} testId="melt-pool-schematic">
      {(hatched) => (
        <>
          <path d={plate} fill="#cfd8dc" stroke="#37424d" />
          {/* track already melted and solidified behind the spot */}
          <path d={`M${left + 20} ${plateTop - 1} L${spot} ${plateTop - 1}`} stroke="#ff7043" strokeWidth={3} />
          <ellipse cx={spot} cy={plateTop + 2} rx={12} ry={5} fill="#ff5722" />
          {/* laser beam */}
          <polygon points={`${spot - 10},14 ${spot + 10},14 ${spot + 2},${plateTop - 2} ${spot - 2},${plateTop - 2}`} fill="#e53935" fillOpacity={0.35} stroke="#e53935" data-testid="laser-beam" />
          <text x={spot - 14} y={12} fontSize={11} fill="#37424d" textAnchor="end">
            Laser
          </text>
          {sketch.plasma ? (
            <g data-testid="plasma-torch">
              <rect x={arcX - 9} y={40} width={18} height={34} rx={3} fill="#78909c" />
              <polygon points={`${arcX - 6},74 ${arcX + 6},74 ${arcX + 16},${plateTop - 2} ${arcX - 16},${plateTop - 2}`} fill="#7e57c2" fillOpacity={0.35} stroke="#7e57c2" />
              <text x={arcX + 12} y={52} fontSize={11} fill="#37424d">
                Plasma
              </text>
              {sketch.plasmaSide !== 0 ? (
                <g>
                  <line x1={spot} x2={arcX} y1={plateTop - 30} y2={plateTop - 30} stroke="#37424d" />
                  <line x1={spot} x2={spot} y1={plateTop - 34} y2={plateTop - 26} stroke="#37424d" />
                  <line x1={arcX} x2={arcX} y1={plateTop - 34} y2={plateTop - 26} stroke="#37424d" />
                  <text x={(spot + arcX) / 2} y={plateTop - 34} fontSize={10} fill="#37424d" textAnchor="middle">
                    offset
                  </text>
                </g>
              ) : null}
            </g>
          ) : null}
          {/* scan direction */}
          <line x1={spot + 70} x2={spot + 120} y1={92} y2={92} stroke="#1976d2" strokeWidth={1.5} />
          <polygon points={`${spot + 120},88 ${spot + 128},92 ${spot + 120},96`} fill="#1976d2" />
          <text x={spot + 70} y={86} fontSize={10} fill="#1976d2">
            scan
          </text>
          {/* supports */}
          {sketch.support === 'rigid' || sketch.support === 'clamped' ? (
            [left - 14, right].map((x) => <rect key={x} x={x} y={plateTop - 12} width={14} height={plateH + 24} fill={hatched} stroke="#37424d" data-testid="support-clamp" />)
          ) : sketch.support === 'simply_supported' ? (
            [left + 6, right - 6].map((x) => <polygon key={x} points={`${x},${plateTop + plateH} ${x - 7},${plateTop + plateH + 12} ${x + 7},${plateTop + plateH + 12}`} fill="none" stroke="#37424d" data-testid="support-pin" />)
          ) : null}
          <text x={8} y={H - 26} fontSize={11} fill="#37424d">
            {sketch.texts.laser}
          </text>
          {sketch.texts.plasma ? (
            <text x={8} y={H - 12} fontSize={11} fill="#37424d">
              {sketch.texts.plasma}
            </text>
          ) : null}
          <text x={W - 8} y={plateTop + plateH + 26} fontSize={10} fill="#5f6b77" textAnchor="end">
            {sketch.texts.support} · not to scale
          </text>
        </>
      )}
    </SchematicFrame>
  );
}
