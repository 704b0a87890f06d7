import type { ComponentProps } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { FormCustomField } from '@simforge/contracts';
import { pathOf, stubFetch } from '../../../test/fetchStub';
import { editorSlots } from '../../../routes/main/simulations/editorSlots';
import { imageAnalysis } from '../../uploads/testFixtures';
import { SimulationSlotsProvider } from '../slots';
import { PolygonParameterCard as BareCard, polygonFromSection, sectionFromPolygon } from './PolygonParameterCard';

/** The card as the create screens show it: with the designer and image import of their features. */
function PolygonParameterCard(props: ComponentProps<typeof BareCard>) {
  return (
    <SimulationSlotsProvider slots={editorSlots}>
      <BareCard {...props} />
    </SimulationSlotsProvider>
  );
}

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

describe('importing the ridge from an image', () => {
  it('analyses the picture, opens the outline in the designer, and sets the polygon only when confirmed there', async () => {
    const outline: [number, number][] = [
      [10, 10],
      [70, 10],
      [70, 60],
      [10, 60],
    ];
    const analysis = imageAnalysis({ outline, width: 80, height: 70, file_name: 'ridge.png', px_per_mm: 10, bounds_mm: { width: 6, height: 5 }, area_mm2: 30 });
    const { calls } = stubFetch((call) => (pathOf(call) === '/api/v1/simulations/analyze-image' ? { json: analysis } : undefined));
    const onChange = vi.fn();
    render(<PolygonParameterCard field={field} value={undefined} onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Import from image' }));
    const importer = screen.getByRole('dialog', { name: 'Import the ridge from an image' });
    fireEvent.change(within(importer).getByTestId('image-import-file'), { target: { files: [new File([new Uint8Array([137, 80, 78, 71])], 'ridge.png', { type: 'image/png' })] } });
    fireEvent.click(await within(importer).findByRole('button', { name: 'Use this outline' }));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);

    const designer = await screen.findByRole('dialog', { name: 'Cross-section designer' });
    expect(within(designer).getByTestId('cs-size').textContent).toBe('6 × 5 mm');
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(within(designer).getByRole('button', { name: 'Use this cross-section' }));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange.mock.calls[0]![0]).toEqual(expect.arrayContaining([[0, 0], [0.006, 0], [0.006, 0.005], [0, 0.005]]));
  });
});
