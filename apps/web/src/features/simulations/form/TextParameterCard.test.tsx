// The text card with a text too long to edit in place (a large network's .inp): its size and first
// lines instead of the box, Clear, and Load file still replacing it.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { EDITABLE_TEXT_LENGTH, TextParameterCard } from './TextParameterCard';

const field = { kind: 'custom' as const, path: 'inp', key: 'inp', label: 'EPANET input file (.inp)', widget: 'text', groups: [], maxLength: 32_000_000, accept: '.inp' };

/** A text of `lines` lines of 38 characters each. */
function longText(lines: number): string {
  return Array.from({ length: lines }, (_, i) => ` J${String(i).padStart(8, '0')}\t12.5\t0.004\t;               `).join('\n');
}

describe('TextParameterCard', () => {
  it('edits a short text in its box', () => {
    const onChange = vi.fn();
    render(<TextParameterCard field={field} value={'[END]\n'} onChange={onChange} disabled={false} />);
    const box = screen.getByLabelText(field.label, { selector: 'textarea' });
    fireEvent.change(box, { target: { value: '[TITLE]\n[END]\n' } });
    expect(onChange).toHaveBeenCalledWith('[TITLE]\n[END]\n');
    expect(screen.getByText('2 lines, 6 characters (at most 32,000,000)')).toBeTruthy();
  });

  it('shows a text over the editable length as its size and first 40 lines; Clear empties it; a file replaces it', async () => {
    const text = longText(30_000);
    expect(text.length).toBeGreaterThan(EDITABLE_TEXT_LENGTH);
    const onChange = vi.fn();
    render(<TextParameterCard field={field} value={text} onChange={onChange} disabled={false} />);
    expect(screen.queryByLabelText(field.label, { selector: 'textarea' })).toBeNull();
    const preview = screen.getByRole('group', { name: `${field.label}: first lines` });
    expect(preview.textContent).toContain(' J00000039\t');
    expect(preview.textContent).not.toContain(' J00000040\t');
    const summary = `30,000 lines, ${text.length.toLocaleString('en-US')} characters (at most 32,000,000): too long to edit here`;
    expect(screen.getByText((content) => content.startsWith(summary))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(onChange).toHaveBeenLastCalledWith('');
    fireEvent.change(screen.getByTestId('file-inp'), { target: { files: [new File(['[END]\n'], 'small.inp')] } });
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('[END]\n'));
  });
});
