import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { watchConsole } from '../support/people.js';
import { createAndRun, signInAsAdmin } from '../support/sessions.js';

// The EPANET toolbox in a real Chromium against the real server: EPANET's Net1 (chlorine decaying in
// the bulk and at the walls, one pump with a global efficiency) loaded as text, run, then on the view
// page the map coloured by chlorine in mg/L at another reporting time, played through the times and
// paused, the pump's energy table, and the chlorine at every node downloaded as CSV with one column
// per node.

const here = path.dirname(fileURLToPath(import.meta.url));
const NET1 = path.resolve(here, '../../apps/server/test/fixtures/net1.inp');

test.use({ viewport: { width: 1440, height: 1100 } });

test('Net1 runs with chlorine and pump energy: the map coloured by chlorine, the energy table and the quality CSV', async ({ page }) => {
  test.setTimeout(120_000);
  const { errors } = watchConsole(page);
  await signInAsAdmin(page, '/main/simulations/create-pipe-v2');
  const diagram = page.getByRole('region', { name: 'Pipe diagram' });
  await expect(diagram.getByTestId('diagram-node-R1')).toBeVisible({ timeout: 20_000 });
  await page.getByTestId('file-inp').setInputFiles(NET1);
  await expect(diagram.getByTestId('diagram-node-9')).toBeVisible({ timeout: 15_000 });
  // Nothing of Net1 is left unused but its report options and map labels.
  await expect(page.getByRole('alert', { name: 'Not used by the run' })).not.toContainText('QUALITY');

  await page.getByLabel('Title', { exact: true }).fill('Net1 with chlorine');
  await createAndRun(page, 60_000);

  const figure = page.getByRole('figure', { name: 'Network results' });
  const map = figure.getByRole('img', { name: 'Network map' });
  await expect(map).toBeVisible({ timeout: 20_000 });
  await figure.getByLabel('Colour by').click();
  await page.getByRole('option', { name: /Chlorine at the nodes/ }).click();
  const slider = figure.getByRole('slider', { name: 'Reporting time' });
  await slider.focus();
  await page.keyboard.press('End');
  await map.getByTestId('network-node-22').click();
  await expect(figure.getByTestId('network-selection')).toContainText(/^22: chlorine [\d.]+\s*mg\/L at 1 d 00:00/);
  // Play from the last time starts again from the first and moves on a time a frame; Pause stops it.
  const time = figure.getByTestId('network-time');
  await figure.getByRole('button', { name: 'Play through the reporting times' }).click();
  await expect(time).toHaveText('01:00', { timeout: 5_000 });
  await figure.getByRole('button', { name: 'Pause' }).click();
  const paused = await time.textContent();
  await page.waitForTimeout(1_500);
  await expect(time).toHaveText(paused!);

  // The pump's energy: one row for pump 9 and the totals.
  const energy = page.getByRole('table', { name: 'Pumping energy' });
  await expect(energy).toBeVisible();
  await expect(energy.getByRole('row', { name: /^9\b/ })).toContainText('%');
  await expect(energy).toContainText('Total cost');

  // Chlorine at every node as CSV: a time column, one column per node with its unit, 25 rows.
  const download = page.waitForEvent('download');
  await figure.getByRole('button', { name: /as CSV/ }).click();
  const file = await (await download).path();
  const lines = (await readFile(file!, 'utf8')).trim().split(/\r?\n/);
  expect(lines[0]).toContain('"10 [mg/L]"');
  expect(lines[0]).toContain('"32 [mg/L]"');
  expect(lines).toHaveLength(26);
  expect(errors).toEqual([]);
});
