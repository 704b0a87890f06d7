import { expect, test, type Locator, type Page } from '@playwright/test';
import { watchConsole } from '../support/people.js';
import { signInAsAdmin } from '../support/sessions.js';

// The pipe diagram editor's patterns and controls in a real Chromium against the real server: a demand
// pattern added below the canvas, given to a junction in its panel, and a control that closes the
// tank's pipe above a level; both written to the .inp text by the server's writer, saved, and seen
// again when the saved simulation is opened for editing (read back by the server's parser).

test.use({ viewport: { width: 1440, height: 1100 } });

async function choose(page: Page, inside: Locator, label: string, option: string) {
  await inside.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  // The menu's invisible backdrop takes clicks until its closing transition ends.
  await expect(page.locator('.MuiModal-backdrop')).toHaveCount(0);
}

test('a pattern and a control added in the diagram editor are saved and there again after a reload', async ({ page }) => {
  test.setTimeout(120_000);
  const { errors } = watchConsole(page);
  await signInAsAdmin(page, '/main/simulations/create-pipe?type=PIPE_NETWORK');

  const inp = page.getByRole('textbox', { name: 'EPANET input file (.inp)' });
  const diagram = page.getByRole('region', { name: 'Pipe diagram' });
  await expect(diagram.getByTestId('diagram-node-R1')).toBeVisible({ timeout: 20_000 });
  const schedules = diagram.getByRole('region', { name: 'Patterns, curves and controls' });

  // A pattern of four steps: 0.3 at night, then up; renamed NIGHT.
  await schedules.getByRole('tab', { name: /Patterns/ }).click();
  await schedules.getByRole('button', { name: 'Add pattern' }).click();
  const pat1 = schedules.getByRole('group', { name: 'Pattern PAT1' });
  await expect(pat1).toBeVisible();
  for (let i = 0; i < 20; i++) await pat1.getByRole('button', { name: 'Remove last step' }).click();
  await expect(pat1.getByTestId('pattern-bar')).toHaveCount(4);
  const values = ['0.3', '0.6', '1.4', '1.7'];
  for (const [i, value] of values.entries()) {
    await pat1.getByLabel(`Multiplier ${i + 1}`, { exact: true }).fill(value);
    await pat1.getByLabel(`Multiplier ${i + 1}`, { exact: true }).press('Enter');
  }
  // A value out of range is refused beside its field.
  await pat1.getByLabel('Multiplier 2', { exact: true }).fill('5000');
  await pat1.getByLabel('Multiplier 2', { exact: true }).press('Enter');
  await expect(pat1.getByText('This field must be between -1000 and 1000')).toBeVisible();
  await pat1.getByLabel('Multiplier 2', { exact: true }).fill('0.6');
  await pat1.getByLabel('Multiplier 2', { exact: true }).press('Enter');
  await pat1.getByLabel('ID').fill('NIGHT');
  await pat1.getByLabel('ID').press('Enter');
  const night = schedules.getByRole('group', { name: 'Pattern NIGHT' });
  await expect(night).toBeVisible();

  // J6 takes it in its own panel.
  await diagram.getByTestId('pipe-diagram-canvas').scrollIntoViewIfNeeded();
  await diagram.getByTestId('diagram-node-J6').click();
  const j6 = diagram.getByRole('group', { name: 'Junction J6 properties' });
  await choose(page, j6, 'Demand pattern', 'NIGHT');
  await expect(night).toContainText('Used by junction J6.');

  // A control: pipe P9 closes when tank T1 is above 5.5 m.
  await schedules.getByRole('tab', { name: /Controls/ }).click();
  await schedules.getByRole('button', { name: 'Add control' }).click();
  const control = schedules.getByRole('group', { name: 'Control 1' });
  await choose(page, control, 'Link', 'P9 (pipe)');
  await choose(page, control, 'When', 'A node’s value');
  await choose(page, control, 'Node', 'T1 (tank)');
  await control.getByLabel('Level').fill('5.5');
  await control.getByLabel('Level').press('Enter');
  await expect(control.getByTestId('control-line')).toHaveText('1. LINK P9 CLOSED IF NODE T1 ABOVE 5.5 m');

  // Written to the file by the server: the pattern, J6's demand with it, the control.
  await expect(inp).toHaveValue(/\n\s*NIGHT\s+0\.3\s+0\.6\s+1\.4\s+1\.7\s*\n/, { timeout: 10_000 });
  await expect(inp).toHaveValue(/\n\s*J6\s+17\s+[\d.]+\s+NIGHT\s*\n/);
  await expect(inp).toHaveValue(/LINK P9 CLOSED IF NODE T1 ABOVE 5\.5\s*\n/);
  await expect(page.getByText('The diagram is being written to the .inp text')).toHaveCount(0);

  await page.getByLabel('Title', { exact: true }).fill('Network with a night pattern and a tank control');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page).toHaveURL(/\/main\/simulations\/view\//, { timeout: 20_000 });
  const id = new URL(page.url()).pathname.split('/').pop()!;

  // Opened again for editing (a fresh page load): the saved file is drawn with both.
  await page.goto(`/main/simulations/create-pipe?edit=${id}`);
  await page.reload();
  const again = page.getByRole('region', { name: 'Pipe diagram' });
  await expect(again.getByTestId('diagram-node-J6')).toBeVisible({ timeout: 20_000 });
  const schedulesAgain = again.getByRole('region', { name: 'Patterns, curves and controls' });
  await schedulesAgain.getByRole('tab', { name: /Patterns \(2\)/ }).click();
  await schedulesAgain.getByRole('list', { name: 'Patterns' }).getByText('NIGHT', { exact: true }).click();
  const nightAgain = schedulesAgain.getByRole('group', { name: 'Pattern NIGHT' });
  await expect(nightAgain.getByTestId('pattern-bar')).toHaveCount(4);
  for (const [i, value] of values.entries()) await expect(nightAgain.getByLabel(`Multiplier ${i + 1}`, { exact: true })).toHaveValue(value);
  await expect(nightAgain).toContainText('Used by junction J6.');
  await schedulesAgain.getByRole('tab', { name: /Controls \(1\)/ }).click();
  await expect(schedulesAgain.getByRole('group', { name: 'Control 1' }).getByTestId('control-line')).toHaveText('1. LINK P9 CLOSED IF NODE T1 ABOVE 5.5 m');
  expect(errors).toEqual([]);
});
