// What the tests of the panels below the diagram canvas share: the region they sit in, a value typed
// and committed as a user does it (Enter), an option picked in an MUI select, and bad values refused.
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';

/** The tabs below the canvas: patterns, curves, controls, rules, water quality, demand model. */
export const region = () => screen.getByRole('region', { name: 'Patterns, curves and controls' });

/** Types the text into the field and commits it with Enter. */
export function typeInto(input: HTMLElement, text: string) {
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter' });
}

/** Picks an option of an MUI select (a combobox named by its label). */
export async function choose(inside: HTMLElement, label: string, option: string | RegExp) {
  fireEvent.mouseDown(within(inside).getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

/**
 * Types each bad value into its field (by label, inside `scope`): each shows its message, and none
 * reaches the editor's change callback (`changes` holds what it was called with).
 */
export function expectRefused(scope: HTMLElement, changes: readonly unknown[], cases: readonly [label: string, text: string, message: string][]) {
  const before = changes.length;
  for (const [label, text, message] of cases) {
    typeInto(within(scope).getByLabelText(label), text);
    expect(within(scope).getByText(message)).toBeTruthy();
  }
  expect(changes).toHaveLength(before);
}
