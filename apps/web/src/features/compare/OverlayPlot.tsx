// Series of several runs on the same axes (each run its colour, each curve its dash), as SVG:
// every run keeps its own x values, which a shared-x chart could not.
import { Box, Typography } from '@mui/material';
import { formatNumber } from '../../lib/displayUnits';

export interface OverlayCurve {
  name: string;
  colour: string;
  dash?: string;
  points: [number, number][];
}

const W = 640;
const H = 300;
const PAD = { left: 64, right: 16, top: 12, bottom: 40 };
export const runColours = ['#1565c0', '#ef6c00', '#2e7d32', '#c62828', '#6a1b9a', '#00838f'];

export function OverlayPlot({ curves, xLabel, yLabel, label }: { curves: OverlayCurve[]; xLabel: string; yLabel: string; label: string }) {
  const all = curves.flatMap((c) => c.points).filter(([x, y]) => Number.isFinite(x) && Number.isFinite(y));
  if (all.length < 2) return <Typography color="text.secondary">No values to plot.</Typography>;
  const xs = all.map((p) => p[0]);
  const ys = all.map((p) => p[1]);
  const [x0, x1] = [Math.min(...xs), Math.max(...xs)];
  let [y0, y1] = [Math.min(...ys), Math.max(...ys)];
  if (y0 === y1) [y0, y1] = [y0 - Math.abs(y0 || 1) * 0.05, y1 + Math.abs(y1 || 1) * 0.05];
  const sx = (x: number) => PAD.left + ((x - x0) / (x1 - x0 || 1)) * (W - PAD.left - PAD.right);
  const sy = (y: number) => H - PAD.bottom - ((y - y0) / (y1 - y0)) * (H - PAD.top - PAD.bottom);
  return (
    <Box>
      <Box component="svg" viewBox={`0 0 ${W} ${H}`} sx={{ width: '100%', height: 'auto' }} role="img" aria-label={label} data-curves={curves.length}>
        <line x1={PAD.left} y1={H - PAD.bottom} x2={W - PAD.right} y2={H - PAD.bottom} stroke="#9e9e9e" />
        <line x1={PAD.left} y1={PAD.top} x2={PAD.left} y2={H - PAD.bottom} stroke="#9e9e9e" />
        <text x={PAD.left - 4} y={PAD.top + 8} fontSize={11} textAnchor="end">{formatNumber(y1, 4)}</text>
        <text x={PAD.left - 4} y={H - PAD.bottom} fontSize={11} textAnchor="end">{formatNumber(y0, 4)}</text>
        <text x={PAD.left} y={H - PAD.bottom + 14} fontSize={11}>{formatNumber(x0, 4)}</text>
        <text x={W - PAD.right} y={H - PAD.bottom + 14} fontSize={11} textAnchor="end">{formatNumber(x1, 4)}</text>
        <text x={(PAD.left + W - PAD.right) / 2} y={H - 6} fontSize={12} textAnchor="middle">{xLabel}</text>
        <text x={12} y={(PAD.top + H - PAD.bottom) / 2} fontSize={12} textAnchor="middle" transform={`rotate(-90 12 ${(PAD.top + H - PAD.bottom) / 2})`}>{yLabel}</text>
        {curves.map((curve) => (
          <path
            key={curve.name}
            d={curve.points.filter(([x, y]) => Number.isFinite(x) && Number.isFinite(y)).map(([x, y], i) => `${i ? 'L' : 'M'}${sx(x).toFixed(1)},${sy(y).toFixed(1)}`).join(' ')}
            fill="none"
            stroke={curve.colour}
            strokeDasharray={curve.dash}
            strokeWidth={2}
          />
        ))}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 0.5 }} aria-label="Legend">
        {curves.map((curve) => (
          <Box key={curve.name} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
            <Box component="svg" viewBox="0 0 24 6" sx={{ width: 24, height: 6 }} aria-hidden>
              <line x1={0} y1={3} x2={24} y2={3} stroke={curve.colour} strokeWidth={2} strokeDasharray={curve.dash} />
            </Box>
            <Typography variant="caption">{curve.name}</Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
