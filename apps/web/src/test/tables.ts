import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';

/** The table of that name once it is shown, after checking that it has a column headed by each of `columns`. */
export async function findTableWithColumns(name: string, columns: readonly string[]): Promise<HTMLElement> {
  const table = await screen.findByRole('table', { name });
  for (const column of columns) expect(within(table).getByRole('columnheader', { name: column })).toBeTruthy();
  return table;
}
