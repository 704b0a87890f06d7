// The viridis colour bar of the field views: a vertical gradient with round ticks (display units) and
// its title (quantity and unit) beside it. `ColourBarGroup` draws into an existing SVG (the heat map);
// `ColourBar` is a standalone SVG (the 3-D view).
import { useId } from 'react';
import { quantityOfSIUnit } from '@simforge/contracts';
import { formatNumber } from '../../../lib/displayUnits';
import { normalise, rgbCss, viridis, type Range } from './fieldData';

/** ~count round tick values covering [min, max]. */
export function niceTicks(min: number, max: number, count = 5): number[] {
  if (!(max > min)) return [min];
  const raw = (max - min) / count;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * mag).find((s) => s >= raw / 1.4) ?? 10 * mag;
  const ticks: number[] = [];
  for (let v = Math.ceil(min / step) * step; v <= max + step * 1e-9; v += step) ticks.push(Math.abs(v) < step * 1e-9 ? 0 : Number(v.toPrecision(12)));
  return ticks;
}

/** A short colour-bar title: the quantity of the SI unit (`Temperature` for K), else the field's name in words. */
export function quantityTitle(unit: string, name: string): string {
  const words = (quantityOfSIUnit(unit) ?? name).replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export interface ColourBarProps {
  /** Range in display units. */
  range: Range;
  /** Quantity and unit, e.g. `Temperature (°C)`. */
  title: string;
  height: number;
}

const BAR_WIDTH = 14;

/** The bar at (x, y) (top-left of the gradient); the title sits rotated left of it, the ticks right. */
export function ColourBarGroup({ x, y, range, title, height }: ColourBarProps & { x: number; y: number }) {
  const gradientId = `colour-bar-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <g data-testid="colour-bar">
      <defs>
        <linearGradient id={gradientId} x1="0" y1="1" x2="0" y2="0">
          {Array.from({ length: 11 }, (_, k) => (
            <stop key={k} offset={`${k * 10}%`} stopColor={rgbCss(viridis(k / 10))} />
          ))}
        </linearGradient>
      </defs>
      <rect x={x} y={y} width={BAR_WIDTH} height={height} fill={`url(#${gradientId})`} stroke="#5f6b77" strokeWidth={0.75} />
      {niceTicks(range.min, range.max, 5).map((t) => {
        const ty = y + height - normalise(t, range) * height;
        return (
          <g key={`c${t}`}>
            <line x1={x + BAR_WIDTH} x2={x + BAR_WIDTH + 4} y1={ty} y2={ty} stroke="#5f6b77" />
            <text x={x + BAR_WIDTH + 6} y={ty} dy="0.32em" fill="#37424d">
              {formatNumber(t, 4)}
            </text>
          </g>
        );
      })}
      <text transform={`translate(${x - 5},${y + height / 2}) rotate(-90)`} textAnchor="middle" fill="#37424d" fontWeight={500} data-testid="colour-bar-title">
        {title}
      </text>
    </g>
  );
}

/** A standalone colour bar (an SVG of its own). */
export function ColourBar(props: ColourBarProps) {
  const top = 8;
  return (
    <svg width={96} height={props.height + 2 * top} role="img" aria-label={`Colour bar: ${props.title}`} style={{ overflow: 'visible', fontSize: 11, fontFamily: 'inherit', flexShrink: 0 }}>
      <ColourBarGroup {...props} x={22} y={top} />
    </svg>
  );
}
