import { expect, test } from '@playwright/test';
import { signInAsAdmin } from '../support/sessions.js';

// Pipe leakage (EPANET 2.3 [LEAKAGE]) in the diagram editor: a pipe's leak area typed in the side
// panel is written to the .inp text as a [LEAKAGE] line, in a real Chromium against the real server.

test.use({ viewport: { width: 1440, height: 1100 } });

test("a pipe's leak area set in the side panel is written to the .inp as [LEAKAGE]", async ({ page }) => {
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
});
