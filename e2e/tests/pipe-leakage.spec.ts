import { expect, test } from '@playwright/test';
import { signInAsAdmin } from '../support/sessions.js';

// EPANET 2.3's additions in the diagram editor: a pipe's leak area typed in the side panel is written
// to the .inp text as a [LEAKAGE] line, and a tank told to overflow gets its Overflow YES column, in a
// real Chromium against the real server.

test.use({ viewport: { width: 1440, height: 1100 } });

test("a pipe's leak area and a tank's overflow set in the side panel are written to the .inp", async ({ page }) => {
  await signInAsAdmin(page, '/main/simulations/create-pipe?type=PIPE_NETWORK');
  const diagram = page.getByRole('region', { name: 'Pipe diagram' });
  const properties = diagram.getByRole('complementary', { name: 'Properties' });
  const inp = page.getByRole('textbox', { name: 'EPANET input file (.inp)' });
  const link = diagram.getByTestId('diagram-link-P2');
  await expect(link).toBeVisible({ timeout: 20_000 });
  await diagram.getByTestId('pipe-diagram-canvas').scrollIntoViewIfNeeded();
  await link.click({ force: true });
  const p2 = properties.getByRole('group', { name: 'Pipe P2 properties' });
  await expect(p2).toBeVisible();
  const area = p2.getByLabel('Leak area (mm²/100 m)');
  await expect(area).toHaveValue('0');
  await area.fill('2.5');
  await area.press('Enter');
  await expect(inp).toHaveValue(/\[LEAKAGE\][^[]*\n\s*P2\s+2\.5\s+0\s/, { timeout: 10_000 });
  const expansion = p2.getByLabel('Leak growth per m head (mm²/100 m)');
  await expansion.fill('0.4');
  await expansion.press('Enter');
  await expect(inp).toHaveValue(/\[LEAKAGE\][^[]*\n\s*P2\s+2\.5\s+0\.4\s/, { timeout: 10_000 });

  // The tank: "When full" → "Overflows" writes '*' for no volume curve and YES after it.
  await diagram.getByTestId('diagram-node-T1').click({ force: true });
  const t1 = properties.getByRole('group', { name: 'Tank T1 properties' });
  await expect(t1).toBeVisible();
  await t1.getByRole('combobox', { name: 'When full' }).click();
  await page.getByRole('option', { name: 'Overflows', exact: true }).click();
  await expect(inp).toHaveValue(/\[TANKS\][^[]*\n\s*T1(\s+\S+){6}\s+\*\s+YES\s*\n/, { timeout: 10_000 });
});
