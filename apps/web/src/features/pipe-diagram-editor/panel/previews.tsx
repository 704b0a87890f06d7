// Small drawings beside the tables: a pattern's multipliers as bars (one per time step, a line at 1),
// a curve's points as a polyline with its axis ranges. Plain SVG: a few dozen values need no chart library.
import { Box, Typography } from '@mui/material';
import { formatNumber } from '../../../lib/displayUnits';

const W = 240;
const H = 80;

export function BarPreview({ values, label }: { values: readonly number[]; label: string }) {
  const top = Math.max(1, ...values);
  const bottom = Math.min(0, ...values);
  const span = top - bottom || 1;
  const y = (v: number) => H - ((v - bottom) / span) * H;
  const width = values.length > 0 ? W / values.length : W;
  return (
    <Box>
      <svg role="img" aria-label={label} viewBox={`0 0 ${W} ${H}`} width="100%" style={{ maxWidth: W * 1.5, display: 'block' }} preserveAspectRatio="none">
        {values.map((v, i) => (
          <rect key={i} data-testid="pattern-bar" x={i * width + width * 0.1} width={width * 0.8} y={Math.min(y(v), y(0))} height={Math.abs(y(v) - y(0))} fill="#1976d2" />
        ))}
        <line x1={0} x2={W} y1={y(1)} y2={y(1)} stroke="#ef6c00" strokeDasharray="4 3" strokeWidth={1} />
      </svg>
      <Typography variant="caption" color="text.secondary">
        Dashed line: multiplier 1 · highest {formatNumber(values.length ? Math.max(...values) : 0)}
      </Typography>
    </Box>
  );
}

export function LinePreview({ points, label, xLabel, yLabel }: { points: readonly [number, number][]; label: string; xLabel: string; yLabel: string }) {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const x0 = Math.min(0, ...xs);
  const x1 = Math.max(...xs, x0 + 1e-12);
  const y0 = Math.min(0, ...ys);
  const y1 = Math.max(...ys, y0 + 1e-12);
  const sx = (x: number) => 4 + ((x - x0) / (x1 - x0)) * (W - 8);
  const sy = (v: number) => H - 4 - ((v - y0) / (y1 - y0)) * (H - 8);
  const path = points.map(([x, v]) => `${sx(x)},${sy(v)}`).join(' ');
  return (
    <Box>
      <svg role="img" aria-label={label} viewBox={`0 0 ${W} ${H}`} width="100%" style={{ maxWidth: W * 1.5, display: 'block', background: '#fafafa' }}>
        <polyline points={path} fill="none" stroke="#1976d2" strokeWidth={1.5} />
        {points.map(([x, v], i) => (
          <circle key={i} data-testid="curve-point" cx={sx(x)} cy={sy(v)} r={2.5} fill="#1976d2" />
        ))}
      </svg>
      <Typography variant="caption" color="text.secondary">
        {xLabel} {formatNumber(x0)} to {formatNumber(x1)} · {yLabel} {formatNumber(y0)} to {formatNumber(y1)}
      </Typography>
    </Box>
  );
}
