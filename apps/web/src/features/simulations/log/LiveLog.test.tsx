import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { LogLine } from '@simforge/contracts';
import { LiveLog } from './LiveLog';

const lines = (n: number): LogLine[] => Array.from({ length: n }, (_, i) => ({ seq: i + 1, t: i / 10, level: i === 2 ? 'error' : 'info', message: `line ${i + 1}` }));

/** jsdom does no layout: give the log box a height and a content height. */
function layout(el: HTMLElement, scrollHeight: number, clientHeight = 100) {
  Object.defineProperty(el, 'scrollHeight', { configurable: true, value: scrollHeight });
  Object.defineProperty(el, 'clientHeight', { configurable: true, value: clientHeight });
}

describe('LiveLog', () => {
  it('colours levels, filters, and counts', () => {
    render(<LiveLog lines={lines(5)} title="Log" />);
    const log = screen.getByRole('log', { name: 'Log' });
    expect(within(log).getByText('line 3').closest('[data-level]')!.getAttribute('data-level')).toBe('error');
    expect(screen.getByText('5 lines')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Filter log'), { target: { value: 'line 4' } });
    expect(within(log).queryByText('line 1')).toBeNull();
    expect(within(log).getByText('line 4')).toBeTruthy();
    expect(screen.getByText('1 of 5 lines')).toBeTruthy();
  });

  it('follows new lines, stops when the user scrolls up, and Jump to latest resumes', () => {
    const { rerender } = render(<LiveLog lines={lines(5)} title="Log" live />);
    const log = screen.getByRole('log', { name: 'Log' });
    layout(log, 500);
    rerender(<LiveLog lines={lines(6)} title="Log" live />);
    expect(log.scrollTop).toBe(500);

    log.scrollTop = 100;
    fireEvent.scroll(log);
    layout(log, 600);
    rerender(<LiveLog lines={lines(7)} title="Log" live />);
    expect(log.scrollTop).toBe(100);
    fireEvent.click(screen.getByRole('button', { name: 'Jump to latest' }));
    expect(log.scrollTop).toBe(600);
  });

  it('renders only the new lines when the log grows (a long run holds thousands)', () => {
    // A row reads its line's message when it renders: counting the reads counts the rows rendered.
    const rendered: number[] = [];
    const watched = (line: LogLine): LogLine => {
      const { message } = line;
      return Object.defineProperty({ ...line }, 'message', { enumerable: true, get: () => (rendered.push(line.seq), message) });
    };
    const first = lines(1000).map(watched);
    const { rerender } = render(<LiveLog lines={first} title="Log" live />);
    rendered.length = 0;
    rerender(<LiveLog lines={[...first, watched({ seq: 1001, t: 300, level: 'info', message: 'line 1001' }), watched({ seq: 1002, t: 300.1, level: 'warn', message: 'line 1002' })]} title="Log" live />);
    expect([...new Set(rendered)]).toEqual([1001, 1002]);
    expect(within(screen.getByRole('log', { name: 'Log' })).getByText('line 1002')).toBeTruthy();
  });
});
