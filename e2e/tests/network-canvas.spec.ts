import { expect, test } from '@playwright/test';
import { watchConsole } from '../support/people.js';
import { createSimulation, newEngineer, runToEnd, signInAs } from '../support/sessions.js';

// A network above the SVG map's size (2 000 nodes and links) in a real Chromium against the real
// server: a 45 × 45 grid of junctions fed by a reservoir, created and run through the API, its
// results map drawn on a canvas (no element per node), the layout read by the server from the stored
// .inp (GET /simulations/{id}/network), and an element picked by a click on the canvas.

function gridInp(size: number): string {
  const id = (r: number, c: number) => `J${r}_${c}`;
  const junctions: string[] = [];
  const pipes: string[] = [];
  const coordinates: string[] = [' R1\t-100\t0'];
  for (let r = 0; r < size; r++)
    for (let c = 0; c < size; c++) {
      junctions.push(` ${id(r, c)}\t10\t0.05`);
      coordinates.push(` ${id(r, c)}\t${100 * c}\t${-100 * r}`);
      if (c + 1 < size) pipes.push(` P${pipes.length + 1}\t${id(r, c)}\t${id(r, c + 1)}\t100\t150\t120\t0\tOpen`);
      if (r + 1 < size) pipes.push(` P${pipes.length + 1}\t${id(r, c)}\t${id(r + 1, c)}\t100\t150\t120\t0\tOpen`);
    }
  pipes.push(` P${pipes.length + 1}\tR1\t${id(0, 0)}\t100\t400\t120\t0\tOpen`);
  return ['[JUNCTIONS]', ...junctions, '[RESERVOIRS]', ' R1\t60', '[PIPES]', ...pipes, '[OPTIONS]', ' Units\tLPS', ' Headloss\tH-W', '[TIMES]', ' Duration\t0', '[COORDINATES]', ...coordinates, '[END]', ''].join('\n');
}

test.use({ viewport: { width: 1440, height: 1100 } });

test('a 2 026-junction network: the results map on a canvas, an element picked by a click', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { errors } = watchConsole(page);
  const engineer = await newEngineer(page, request, 'canvas');
  const token = await signInAs(page, engineer);
  const created = await createSimulation(request, token, { title: 'Grid of 2 025 junctions', type: 'PIPE_NETWORK', parameters: { inp: gridInp(45) } });
  const done = await runToEnd(request, token, created.id, 60_000);
  expect(done.status, JSON.stringify(done.error)).toBe('completed');

  const layout = page.waitForResponse((r) => r.url().endsWith(`/api/v1/simulations/${created.id}/network`) && r.request().method() === 'GET');
  await page.goto(`/main/simulations/view/${created.id}`);
  expect((await layout).status()).toBe(200);
  const figure = page.getByRole('figure', { name: 'Network results' });
  const map = figure.getByRole('img', { name: 'Network map' });
  await expect(map).toBeVisible({ timeout: 20_000 });
  await expect(figure.getByTestId('network-map-note')).toContainText('Drawn on a canvas: 2,026 nodes and 3,961 links');
  await expect(map.locator('canvas')).toBeVisible();
  expect(await figure.locator('[data-testid^="network-node-"]').count()).toBe(0);

  // The grid's middle junction sits at the canvas's centre (the view fits the nodes' extent).
  const box = (await map.locator('canvas').boundingBox())!;
  await page.mouse.click(box.x + box.width / 2 + 0.5, box.y + box.height / 2);
  await expect(figure.getByTestId('network-selection')).toContainText(/^(Node J\d+_\d+|Link P\d+)\b/);
  expect(errors).toEqual([]);
});
