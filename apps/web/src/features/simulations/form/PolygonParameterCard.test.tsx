import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import type { FormCustomField } from '@simforge/contracts';
import { PolygonParameterCard, polygonFromSection, sectionFromPolygon } from './PolygonParameterCard';

const field: FormCustomField = { kind: 'custom', path: 'ridge.polygon', key: 'polygon', label: 'Ridge cross-section', widget: 'polygon', groups: ['ridge'] };
const triangle: [number, number][] = [
  [0, 0],
  [0.01, 0],
  [0, 0.005],
];

describe('the polygon parameter card', () => {
  it('takes the first solid part of the designer’s answer as the polygon, and gives it back as a section', () => {
    const section = { parts: [{ points: [[0, 0], [1, 0], [0, 1]] as [number, number][], filler: true }, { points: triangle, filler: false }] };
    expect(polygonFromSection(section)).toEqual(triangle);
    expect(polygonFromSection(sectionFromPolygon(triangle))).toEqual(triangle);
    expect(polygonFromSection({ parts: [{ points: [[0, 0], [1, 1]], filler: false }] })).toBeUndefined();
  });

  it('says whether a shape is drawn, with its size in mm, and resets to the parametric shape', () => {
    const onChange = vi.fn();
    const { rerender } = render(<PolygonParameterCard field={field} value={undefined} onChange={onChange} />);
    expect(screen.getByTestId('polygon-status').textContent).toBe('Not drawn: the parametric shape is used.');
    expect(screen.queryByRole('button', { name: 'Use the parametric shape' })).toBeNull();
    rerender(<PolygonParameterCard field={field} value={triangle} onChange={onChange} />);
    expect(screen.getByTestId('polygon-status').textContent).toBe('Drawn: 3 points, 10 × 5 mm');
    fireEvent.click(screen.getByRole('button', { name: 'Use the parametric shape' }));
    expect(onChange).toHaveBeenCalledWith(undefined);
  });
});
