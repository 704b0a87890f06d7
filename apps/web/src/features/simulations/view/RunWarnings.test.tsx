import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { LogLine } from '@simforge/contracts';
import { RunWarnings, WARNINGS_SHOWN_FIRST } from './RunWarnings';

const line = (seq: number, level: LogLine['level'], message: string): LogLine => ({ seq, t: seq / 10, level, message });

describe('RunWarnings', () => {
  it('lists the warn lines only, whole, in a named region', () => {
    const long = 'first-cell y⁺ on the ridge faces up to 6 (wall functions want 30 or more): the near-wall flow is under-resolved; '.repeat(4).trim();
    render(<RunWarnings lines={[line(1, 'info', 'phase: mesh'), line(2, 'warn', long), line(3, 'error', 'an error line'), line(4, 'debug', 'a debug line'), line(5, 'warn', 'the flow did not converge within 400 iterations')]} />);
    const region = screen.getByRole('region', { name: "Warnings in this run's log (2)" });
    const items = within(within(region).getByRole('list', { name: 'Warnings' })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([long, 'the flow did not converge within 400 iterations']);
    expect(within(region).queryByText('phase: mesh')).toBeNull();
    expect(within(region).queryByText('an error line')).toBeNull();
    expect(within(region).queryByRole('button')).toBeNull();
  });

  it('renders nothing without a warning', () => {
    const { container } = render(<RunWarnings lines={[line(1, 'info', 'completed in 0.1 s')]} />);
    expect(container.innerHTML).toBe('');
    expect(screen.queryByRole('region')).toBeNull();
  });

  it(`shows the first ${WARNINGS_SHOWN_FIRST} of many, and all on request`, () => {
    const many = Array.from({ length: 12 }, (_, i) => line(i + 1, 'warn', `inp line ${i + 10} [OPTIONS]: option is ignored`));
    render(<RunWarnings lines={many} />);
    const region = screen.getByRole('region', { name: "Warnings in this run's log (12)" });
    expect(within(region).getAllByRole('listitem')).toHaveLength(WARNINGS_SHOWN_FIRST);
    fireEvent.click(within(region).getByRole('button', { name: 'Show all 12' }));
    expect(within(region).getAllByRole('listitem').map((li) => li.textContent)).toEqual(many.map((l) => l.message));
    fireEvent.click(within(region).getByRole('button', { name: `Show the first ${WARNINGS_SHOWN_FIRST}` }));
    expect(within(region).getAllByRole('listitem')).toHaveLength(WARNINGS_SHOWN_FIRST);
  });
});
