import { expect, test } from '@playwright/test';
import { watchConsole } from '../support/people.js';
import { createSimulation, newEngineer, runToEnd, signInAs } from '../support/sessions.js';

// A network above the SVG map's size (2 000 nodes and links) in a real Chromium against the real
// server: a 45 × 45 grid of junctions fed by a reservoir, created and run through the API, its
// results map drawn on a canvas (no element per node), the layout read by the server from the stored
// .inp (GET /simulations/{id}/network), and an element picked by a click on the canvas; then the map
// zoomed in with its "Zoom in" button, with the wheel and with a two-finger pinch, and a junction
// picked at the place the zoom moved it to (by a click, and after the pinch by a tap).

/** The grid's node extent in screen axes (y down): R1 at x −100, junctions J{r}_{c} at (100 c, 100 r). */
const EXTENT = { minX: -100, maxX: 4400, minY: 0, maxY: 4400 };
/** The fitted view as the map computes it: the nodes' extent with a 5 % margin, fitted (meet) and centred. */
function fittedView(width: number, height: number) {
  const size = Math.max(EXTENT.maxX - EXTENT.minX, EXTENT.maxY - EXTENT.minY);
  const pad = size * 0.05;
  const [x, y, w, h] = [EXTENT.minX - pad, EXTENT.minY - pad, EXTENT.maxX - EXTENT.minX + 2 * pad, EXTENT.maxY - EXTENT.minY + 2 * pad];
  const scale = Math.min(width / w, height / h);
  return { scale, dx: (width - w * scale) / 2 - x * scale, dy: (height - h * scale) / 2 - y * scale };
}

type Point = { x: number; y: number };
/** Zooming by f about `about` takes a screen point s to about + (s − about) · f. */
const zoomed = (s: Point, about: Point, f: number): Point => ({ x: about.x + (s.x - about.x) * f, y: about.y + (s.y - about.y) * f });

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

test('a 2 026-junction network: the results map on a canvas, an element picked by a click, before and after zooming in', async ({ page, request }) => {
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
  // The map keeps its place and size when the values and the colour bar arrive (it once grew by the
  // colour bar's width until they did, and a click aimed at the fitted view missed).
  await expect(figure.getByRole('img', { name: /^Colour bar: Pressure/ })).toBeVisible();
  expect(await map.locator('canvas').boundingBox()).toEqual(box);
  await page.mouse.click(box.x + box.width / 2 + 0.5, box.y + box.height / 2);
  await expect(figure.getByTestId('network-selection')).toContainText(/^(Node J\d+_\d+|Link P\d+)\b/);

  // Map point (screen axes) to page point at the fitted view, at the fitted view zoomed by f about the canvas's centre.
  const view = fittedView(box.width, box.height);
  const fitted = (x: number, y: number): Point => ({ x: box.x + x * view.scale + view.dx, y: box.y + y * view.scale + view.dy });
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  // Fitted, junctions are about 11 px apart. Two presses of "Zoom in": 4× about the centre.
  const zoomIn = figure.getByRole('button', { name: 'Zoom in' });
  await zoomIn.click();
  await zoomIn.click();
  const j = zoomed(fitted(2000, 2400), centre, 4);
  await page.mouse.click(j.x, j.y);
  await expect(figure.getByTestId('network-selection')).toContainText(/^(Node )?J24_20\b/);
  // The wheel over the middle of a grid square: three notches zoom 2× about the pointer (8× in all).
  const square = zoomed(fitted(2250, 2650), centre, 4);
  await page.mouse.move(square.x, square.y);
  for (let i = 0; i < 3; i++) await page.mouse.wheel(0, -100);
  const k = zoomed(zoomed(fitted(2200, 2600), centre, 4), square, 2);
  await expect(async () => {
    await page.mouse.click(k.x, k.y);
    await expect(figure.getByTestId('network-selection')).toContainText(/^(Node )?J26_22\b/, { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  // Back to the fitted view: the first junction is where it was.
  await figure.getByRole('button', { name: 'Fit' }).click();
  const back = fitted(2000, 2400);
  await page.mouse.click(back.x, back.y);
  await expect(figure.getByTestId('network-selection')).toContainText(/^(Node )?J24_20\b/);

  // Touch, as Chromium delivers it from a touch screen: two fingers spread from 100 to 200 px about
  // the centre zoom 2× about it; then a tap (no move) selects the junction at its new place.
  const cdp = await page.context().newCDPSession(page);
  const fingers = (half: number) => [
    { x: centre.x - half, y: centre.y, id: 1 },
    { x: centre.x + half, y: centre.y, id: 2 },
  ];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(50) });
  for (const half of [60, 75, 90, 100]) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(half) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  const pinched = zoomed(fitted(2000, 2400), centre, 2);
  await expect(async () => {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: pinched.x, y: pinched.y, id: 3 }] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect(figure.getByTestId('network-selection')).toContainText(/^(Node )?J24_20\b/, { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  // The junction that was 2 grid steps right of it is now 4 steps' fitted distance away: the zoom was 2×, not more.
  const right = zoomed(fitted(2200, 2400), centre, 2);
  await page.mouse.click(right.x, right.y);
  await expect(figure.getByTestId('network-selection')).toContainText(/^(Node )?J24_22\b/);
  expect(errors).toEqual([]);
});
