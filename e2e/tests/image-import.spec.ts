import { randomBytes } from 'node:crypto';
import { expect, test, type Page, type Request } from '@playwright/test';
import { drawTJointPng, tJointAreaMm2, T_JOINT_OUTLINE_MM } from '../support/drawings.js';
import { openRidgeAsNewEngineer } from '../support/jet.js';
import { openTJointAsNewEngineer } from '../support/welding.js';

// "Import from image" in the designers themselves, without the assistant: the page posts the picture
// to /api/v1/simulations/analyze-image, shows the outline over it with the suggested joint type, and
// the accepted outline opens in the cross-section designer, used only once confirmed there.

const ANALYZE_PATH = '/api/v1/simulations/analyze-image';

function analysisRequest(page: Page): Promise<Request> {
  return page.waitForRequest((r) => new URL(r.url()).pathname === ANALYZE_PATH && r.method() === 'POST');
}

/** Random bytes that cannot start like a PNG, JPEG or WebP, under a PNG's name. */
function brokenPng(): Buffer {
  const bytes = randomBytes(2048);
  bytes[0] = 0;
  return bytes;
}

test('a drawn T-joint is imported into the welding cross-section designer through the image analysis', async ({ page, request }) => {
  test.setTimeout(90_000);
  await openTJointAsNewEngineer(page, request, 'importer');

  const card = page.getByRole('region', { name: 'Cross-section', exact: true });
  await card.getByRole('button', { name: 'Import from image' }).click();
  const importer = page.getByRole('dialog', { name: 'Import the cross-section from an image' });
  // The scale as a known length: the 60 mm flange is 240 px long in a picture drawn at 4 px/mm.
  await importer.getByRole('button', { name: 'A known length' }).click();
  await importer.getByLabel('Known length (mm)').fill('60');
  await importer.getByLabel('Known length (px)').fill('240');
  const sent = analysisRequest(page);
  await importer.getByTestId('image-import-file').setInputFiles({ name: 't-joint.png', mimeType: 'image/png', buffer: await drawTJointPng(4) });
  const call = await sent;
  expect(call.headers()['authorization']).toMatch(/^Bearer /);
  expect(call.headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);
  // Chromium does not hand a multipart body with a file to Playwright: the answer shows what arrived.
  const answer = await call.response();
  expect(answer?.status()).toBe(200);
  expect(await answer?.json()).toMatchObject({ file_name: 't-joint.png', px_per_mm: 4, bounds_mm: { width: 60, height: 50 }, joint: { type: 'T_JOINT_FILLET_WELD' } });

  // The outline over the picture, the suggested joint type and the size at the given scale.
  await expect(importer.getByRole('img', { name: 'Outline preview' })).toBeVisible();
  await expect(importer.getByTestId('outline-part')).toHaveCount(1);
  await expect(importer.getByTestId('image-joint')).toHaveText(/^Suggested joint type: T-joint fillet weld \(T_JOINT_FILLET_WELD\), confidence \d+ %$/);
  await expect(importer.getByTestId('image-size')).toHaveText('One part, 240 × 200 px = 60 × 50 mm at 4 px/mm');
  await importer.getByRole('button', { name: 'Use this outline' }).click();
  await expect(importer).toBeHidden();

  // The designer holds the drawn polygon (origin at its bottom-left): every corner within 0.5 mm.
  const designer = page.getByRole('dialog', { name: 'Cross-section designer' });
  await expect(designer.getByTestId('cs-size')).toHaveText('60 × 50 mm');
  const area = Number(/^([\d.]+) mm²/.exec((await designer.getByTestId('cs-area').textContent()) ?? '')?.[1]);
  expect(Math.abs(area - tJointAreaMm2()) / tJointAreaMm2()).toBeLessThan(0.02);
  const table = designer.getByRole('table', { name: 'Points of part 1' });
  const rows = await table.locator('tbody tr').count();
  expect(rows).toBe(T_JOINT_OUTLINE_MM.length);
  const corners: [number, number][] = [];
  for (let i = 1; i <= rows; i++) {
    corners.push([Number(await table.getByLabel(`Point ${i} y (mm)`).inputValue()), Number(await table.getByLabel(`Point ${i} z (mm)`).inputValue())]);
  }
  for (const [y, z] of T_JOINT_OUTLINE_MM) {
    const nearest = Math.min(...corners.map(([cy, cz]) => Math.hypot(cy - (y + 30), cz - z)));
    expect(nearest, `corner (${y + 30}, ${z}) mm`).toBeLessThan(0.5);
  }
  // Nothing is used before the designer's confirmation.
  await expect(page.getByTestId('cross-section-kind')).toHaveText('Parametric joint');
  await designer.getByRole('button', { name: 'Use this cross-section' }).click();
  await expect(designer).toBeHidden();
  await expect(page.getByTestId('cross-section-kind')).toHaveText('Custom section');
});

test('on the jet-ridge screen a broken picture says why; a drawn one becomes the ridge after confirmation', async ({ page, request }) => {
  test.setTimeout(90_000);
  const ridge = await openRidgeAsNewEngineer(page, request, 'ridgeimporter');
  await ridge.getByRole('button', { name: 'Import from image' }).click();
  const importer = page.getByRole('dialog', { name: 'Import the ridge from an image' });

  // Random bytes named x.png: the browser reads them, the server refuses them, the page says so.
  const refused = analysisRequest(page);
  await importer.getByTestId('image-import-file').setInputFiles({ name: 'x.png', mimeType: 'image/png', buffer: brokenPng() });
  expect((await (await refused).response())?.status()).toBe(415);
  await expect(importer.getByRole('alert')).toHaveText('Image: the file is not a PNG, JPEG or WebP image');
  await expect(importer.getByRole('img', { name: 'Outline preview' })).toHaveCount(0);

  // The same T drawn at 4 px/mm, read at 40 px/mm: a 6 × 5 mm outline, the scale given after the analysis.
  const sent = analysisRequest(page);
  await importer.getByTestId('image-import-file').setInputFiles({ name: 'ridge.png', mimeType: 'image/png', buffer: await drawTJointPng(4) });
  expect((await (await sent).response())?.status()).toBe(200);
  await expect(importer.getByTestId('image-ridge-note')).toContainText('the largest part becomes the ridge');
  await importer.getByLabel('Scale (px per mm)').fill('40');
  await expect(importer.getByTestId('image-size')).toHaveText('One part, 240 × 200 px = 6 × 5 mm at 40 px/mm');
  await importer.getByRole('button', { name: 'Use this outline' }).click();
  const designer = page.getByRole('dialog', { name: 'Cross-section designer' });
  await expect(designer.getByTestId('cs-size')).toHaveText('6 × 5 mm');
  await designer.getByRole('button', { name: 'Use this cross-section' }).click();
  await expect(designer).toBeHidden();
  await expect(ridge.getByTestId('polygon-status')).toHaveText(`Drawn: ${T_JOINT_OUTLINE_MM.length} points, 6 × 5 mm`);
});
