// A small line plot of one estimated result against one input (both in the user's units), drawn as
// SVG: the explorer's live plot needs no chart library.
import { Box, Typography } from '@mui/material';
import { formatNumber } from '../../lib/displayUnits';

export interface SweepPoint {
  x: number;
  y: number;
}

const W = 320;
const H = 180;
const PAD = { left: 52, right: 12, top: 10, bottom: 34 };

export function SweepPlot({ points, xLabel, yLabel, logX, marker }: { points: SweepPoint[]; xLabel: string; yLabel: string; logX: boolean; marker?: number }) {
  const finite = points.filter((p) => Number.isFinite(p.x) && Number.isFinite(p.y) && (!logX || p.x > 0));
  if (finite.length < 2) {
    return (
      <Typography variant="body2" color="text.secondary">
        Not enough estimates to plot yet.
      </Typography>
    );
  }
  const fx = (x: number) => (logX ? Math.log10(x) : x);
  const xs = finite.map((p) => fx(p.x));
  const ys = finite.map((p) => p.y);
  const [x0, x1] = [Math.min(...xs), Math.max(...xs)];
  let [y0, y1] = [Math.min(...ys), Math.max(...ys)];
  if (y0 === y1) [y0, y1] = [y0 - Math.abs(y0 || 1) * 0.05, y1 + Math.abs(y1 || 1) * 0.05];
  const sx = (x: number) => PAD.left + ((fx(x) - x0) / (x1 - x0 || 1)) * (W - PAD.left - PAD.right);
  const sy = (y: number) => H - PAD.bottom - ((y - y0) / (y1 - y0)) * (H - PAD.top - PAD.bottom);
  const path = finite.map((p, i) => `${i ? 'L' : 'M'}${sx(p.x).toFixed(1)},${sy(p.y).toFixed(1)}`).join(' ');
  const xAt = (v: number) => (logX ? 10 ** v : v);
  return (
    <Box component="svg" viewBox={`0 0 ${W} ${H}`} sx={{ width: '100%', height: 'auto' }} role="img" aria-label={`${yLabel} against ${xLabel}`} data-points={finite.length}>
      <line x1={PAD.left} y1={H - PAD.bottom} x2={W - PAD.right} y2={H - PAD.bottom} stroke="#9e9e9e" />
      <line x1={PAD.left} y1={PAD.top} x2={PAD.left} y2={H - PAD.bottom} stroke="#9e9e9e" />
      <text x={PAD.left - 4} y={PAD.top + 8} fontSize={10} textAnchor="end">
        {formatNumber(y1, 3)}
      </text>
      <text x={PAD.left - 4} y={H - PAD.bottom} fontSize={10} textAnchor="end">
        {formatNumber(y0, 3)}
      </text>
      <text x={PAD.left} y={H - PAD.bottom + 12} fontSize={10}>
        {formatNumber(xAt(x0), 3)}
      </text>
      <text x={W - PAD.right} y={H - PAD.bottom + 12} fontSize={10} textAnchor="end">
        {formatNumber(xAt(x1), 3)}
      </text>
      <text x={(PAD.left + W - PAD.right) / 2} y={H - 4} fontSize={11} textAnchor="middle">
        {xLabel}
      </text>
      <text x={10} y={(PAD.top + H - PAD.bottom) / 2} fontSize={11} textAnchor="middle" transform={`rotate(-90 10 ${(PAD.top + H - PAD.bottom) / 2})`}>
        {yLabel}
      </text>
      <path d={path} fill="none" stroke="#1565c0" strokeWidth={2} />
      {finite.map((p) => (
        <circle key={p.x} cx={sx(p.x)} cy={sy(p.y)} r={2.5} fill="#1565c0" />
      ))}
      {marker !== undefined && Number.isFinite(marker) && (!logX || marker > 0) ? (
        <line x1={sx(marker)} x2={sx(marker)} y1={PAD.top} y2={H - PAD.bottom} stroke="#ef6c00" strokeDasharray="3 3" />
      ) : null}
    </Box>
  );
}
