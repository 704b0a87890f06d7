import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { ColourBarGroup, colourBarTickCount } from './ColourBar';
import { cellEdges, type FieldGrid } from './fieldData';
import FieldMap from './FieldMap';

const title = 'Peak temperature on the cross-section at mid-length (x = 77.5 mm); solidus 1753.2 K, HAZ boundary 996.15 K';

describe('the colour bar', () => {
  it('shows only the unit, level and above the bar, never the card’s title turned upright beside it', () => {
    const xs = [0, 1, 2];
    const ys = [0, 1];
    const grid: FieldGrid = {
      name: 'peak_temperature_cross_section',
      label: title,
      unit: 'K',
      nx: 3,
      ny: 2,
      x: { name: 'y', unit: 'm', values: xs, edges: cellEdges(xs) },
      y: { name: 'z', unit: 'm', values: ys, edges: cellEdges(ys) },
      values: Float32Array.from([293.15, 500, 900, 1200, 1500, 1773.15]),
    };
    render(<FieldMap grid={grid} label="Peak temperature map" />);
    const heading = screen.getByTestId('colour-bar-title');
    expect(heading.textContent).toBe('°C');
    expect(heading.getAttribute('transform')).toBeNull();
    expect(screen.getByRole('img', { name: 'Peak temperature map' }).textContent).not.toContain('Peak temperature');
    // Above the gradient: its baseline is above the bar's top edge.
    const bar = screen.getByTestId('colour-bar').querySelector('rect')!;
    expect(Number(heading.getAttribute('y'))).toBeLessThan(Number(bar.getAttribute('y')));
  });

  it('writes a dimensionless quantity as a dash, compact ticks, and fewer ticks on a short bar', () => {
    const { container } = render(
      <svg>
        <ColourBarGroup x={10} y={20} range={{ min: 0, max: 3.5e7 }} unit="" height={60} />
      </svg>,
    );
    expect(screen.getByTestId('colour-bar-title').textContent).toBe('–');
    const ticks = [...container.querySelectorAll('g[data-testid="colour-bar"] g text')].map((t) => t.textContent);
    expect(ticks).toContain('20·10⁶');
    expect(ticks.length).toBeLessThanOrEqual(4);
    expect(colourBarTickCount(60)).toBeLessThan(colourBarTickCount(400));
  });
});
