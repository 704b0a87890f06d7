import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { theme } from '../../app/theme';
import { CrossSectionDesigner } from './CrossSectionDesigner';
import { CrossSectionDesignerDialog } from './CrossSectionDesignerDialog';

const triangle = { parts: [{ points: [[0, 0], [0.01, 0], [0, 0.005]] as [number, number][], filler: false }] };

function renderDesigner(props: Partial<Parameters<typeof CrossSectionDesigner>[0]> = {}) {
  const onConfirm = vi.fn();
  render(
    <ThemeProvider theme={theme}>
      <CrossSectionDesigner onConfirm={onConfirm} {...props} />
    </ThemeProvider>,
  );
  return { onConfirm };
}

describe('CrossSectionDesigner', () => {
  it('shows the points in mm, the dimensions and confirms in metres', () => {
    const { onConfirm } = renderDesigner({ initial: triangle });
    expect(screen.getByLabelText('Point 2 y (mm)')).toHaveProperty('value', '10');
    expect(screen.getByTestId('cs-size').textContent).toBe('10 × 5 mm');
    expect(screen.getByTestId('cs-area').textContent).toMatch(/^25 mm²/);
    fireEvent.click(screen.getByRole('button', { name: 'Use this cross-section' }));
    expect(onConfirm).toHaveBeenCalledWith({ parts: [{ points: [[0, 0], [0.01, 0], [0, 0.005]], filler: false }] });
  });

  it('edits a vertex in the table and updates the dimensions', () => {
    renderDesigner({ initial: triangle });
    fireEvent.change(screen.getByLabelText('Point 3 z (mm)'), { target: { value: '8' } });
    expect(screen.getByTestId('cs-size').textContent).toBe('10 × 8 mm');
    expect(screen.getByTestId('cs-area').textContent).toMatch(/^40 mm²/);
  });

  it('adds and removes points with the buttons', () => {
    renderDesigner({ initial: triangle });
    fireEvent.click(screen.getByRole('button', { name: 'Add point' }));
    const table = screen.getByRole('table', { name: 'Points of part 1' });
    expect(within(table).getAllByRole('row')).toHaveLength(5);
    fireEvent.click(screen.getByRole('button', { name: 'Remove point 4' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove point 3' }));
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByText('Has 2 points; a polygon needs at least 3')).toBeTruthy();
  });

  it('refuses a self-intersecting polygon with a message', () => {
    const { onConfirm } = renderDesigner({ initial: { parts: [{ points: [[0, 0], [0.01, 0.01], [0.01, 0], [0, 0.01]], filler: false }] } });
    fireEvent.click(screen.getByRole('button', { name: 'Use this cross-section' }));
    expect(onConfirm).not.toHaveBeenCalled();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('This cross-section cannot be used');
    expect(alert.textContent).toContain('Part 1 is self-intersecting (edges cross or touch).');
    // fixing it (swap the last two points) clears the refusal and confirms
    fireEvent.change(screen.getByLabelText('Point 2 y (mm)'), { target: { value: '10' } });
    fireEvent.change(screen.getByLabelText('Point 2 z (mm)'), { target: { value: '0' } });
    fireEvent.change(screen.getByLabelText('Point 3 z (mm)'), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Use this cross-section' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('refuses an empty part and zero area', () => {
    const { onConfirm } = renderDesigner();
    fireEvent.click(screen.getByRole('button', { name: 'Use this cross-section' }));
    expect(screen.getByRole('alert').textContent).toContain('Part 1 has 0 points; a polygon needs at least 3.');
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('adds a filler part and flags it', () => {
    const { onConfirm } = renderDesigner({ initial: triangle });
    fireEvent.click(screen.getByRole('button', { name: 'Add filler part' }));
    expect(screen.getByRole('table', { name: 'Points of part 2' })).toBeTruthy();
    for (let i = 0; i < 3; i++) fireEvent.click(screen.getByRole('button', { name: 'Add point' }));
    fireEvent.change(screen.getByLabelText('Point 3 z (mm)'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Use this cross-section' }));
    const data = onConfirm.mock.calls[0]![0] as { parts: { points: number[][]; filler: boolean }[] };
    expect(data.parts[1]).toEqual({ points: [[0, 0], [0.001, 0], [0.002, 0.002]], filler: true });
  });

  it('imports JSON and shows import errors', async () => {
    renderDesigner({ initial: triangle });
    const input = screen.getByTestId('cross-section-import');
    fireEvent.change(input, { target: { files: [new File(['{"parts": 3}'], 'bad.json', { type: 'application/json' })] } });
    expect(await screen.findByText(/Expected an object/)).toBeTruthy();
    const good = JSON.stringify({ parts: [{ points: [[0, 0], [0.02, 0], [0.02, 0.003], [0, 0.003]], filler: true }] });
    fireEvent.change(input, { target: { files: [new File([good], 'good.json', { type: 'application/json' })] } });
    expect(await screen.findByText('20 × 3 mm')).toBeTruthy();
    expect(screen.queryByText('Import failed')).toBeNull();
  });

  it('removes the selected vertex with the Delete key', () => {
    renderDesigner({ initial: { parts: [{ points: [[0, 0], [0.01, 0], [0.01, 0.01], [0, 0.01]], filler: false }] } });
    const vertex = screen.getByRole('button', { name: 'Part 1 point 4 at 0, 10 mm' });
    fireEvent.focus(vertex);
    fireEvent.keyDown(vertex, { key: 'ArrowRight' });
    expect(screen.getByLabelText('Point 4 y (mm)')).toHaveProperty('value', '0.5');
    fireEvent.keyDown(screen.getByRole('button', { name: /Part 1 point 4 at 0\.5, 10 mm/ }), { key: 'Delete' });
    expect(screen.queryByLabelText('Point 4 y (mm)')).toBeNull();
  });
});

describe('CrossSectionDesignerDialog', () => {
  it('opens as a modal and closes', () => {
    const onClose = vi.fn();
    render(
      <ThemeProvider theme={theme}>
        <CrossSectionDesignerDialog open initial={triangle} onConfirm={vi.fn()} onClose={onClose} />
      </ThemeProvider>,
    );
    expect(screen.getByRole('dialog', { name: 'Cross-section designer' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
  });
});
