// The viridis colour bar of the field views: a vertical gradient with round ticks (display units) and
// the unit written level above it. Only the unit: the card's title and its controls name the
// quantity, and a long title turned upright beside the bar ran over the map and the card's heading.
// `ColourBarGroup` draws into an existing SVG (the heat map); `ColourBar` is a standalone SVG (the
// 3-D view, the network map).
import { useId } from 'react';
import { quantityOfSIUnit } from '@simforge/contracts';
import { compactTick } from '../plots/chartLayout';
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
  /** The display unit ('' for a dimensionless quantity). */
  unit: string;
  height: number;
}

const BAR_WIDTH = 14;
/** Room above the bar for its unit, px. */
export const COLOUR_BAR_HEAD = 24;
/** The unit's baseline above the bar: clear of the top tick's label, which is centred on the bar's top edge. */
const TITLE_RISE = 12;
/** Vertical px a tick label needs. */
const TICK_SPACING = 34;

/** The text above the bar: the unit, or a dash for a dimensionless quantity. */
export const colourBarTitle = (unit: string) => unit || '–';

/** Ticks a bar `height` px tall has room for (at least the two ends' neighbourhood). */
export const colourBarTickCount = (height: number) => Math.max(2, Math.min(6, Math.floor(height / TICK_SPACING)));

/** The bar at (x, y) (top-left of the gradient); its unit above it, the ticks right of it. */
export function ColourBarGroup({ x, y, range, unit, height }: ColourBarProps & { x: number; y: number }) {
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
      {niceTicks(range.min, range.max, colourBarTickCount(height)).map((t) => {
        const ty = y + height - normalise(t, range) * height;
        return (
          <g key={`c${t}`}>
            <line x1={x + BAR_WIDTH} x2={x + BAR_WIDTH + 4} y1={ty} y2={ty} stroke="#5f6b77" />
            <text x={x + BAR_WIDTH + 6} y={ty} dy="0.32em" fill="#37424d">
              {compactTick(t)}
            </text>
          </g>
        );
      })}
      <text x={x} y={y - TITLE_RISE} fill="#37424d" fontWeight={500} data-testid="colour-bar-title">
        {colourBarTitle(unit)}
      </text>
    </g>
  );
}

/** The width of a standalone colour bar (CSS px), so that a view can keep its place while it loads. */
export const COLOUR_BAR_WIDTH = 80;

/** A standalone colour bar (an SVG of its own); `quantity` names it for assistive technology. */
export function ColourBar({ quantity, ...props }: ColourBarProps & { quantity: string }) {
  const top = COLOUR_BAR_HEAD;
  return (
    <svg width={COLOUR_BAR_WIDTH} height={props.height + top + 8} role="img" aria-label={`Colour bar: ${quantity}${props.unit ? ` (${props.unit})` : ''}`} style={{ overflow: 'visible', fontSize: 11, fontFamily: 'inherit', flexShrink: 0 }}>
      <ColourBarGroup {...props} x={6} y={top} />
    </svg>
  );
}
