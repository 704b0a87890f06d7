import { expect, test, type Page } from '@playwright/test';
import { watchConsole } from '../support/people.js';
import { chooseJoint } from '../support/welding.js';
import { createAndRun, signInAsAdmin } from '../support/sessions.js';

// The welding create screen as an engineer uses it: pick a joint by its drawing, watch the
// cross-section redraw, get a range message beside a bad dimension, read the heat input and the
// expected run time, then create and run; the view animates the top surface and shows the part in 3-D.

/** The helper text MUI puts under a field (its aria-describedby). */
async function messageBeside(page: Page, label: string): Promise<string> {
  const id = await page.getByLabel(label, { exact: true }).getAttribute('aria-describedby');
  return id ? ((await page.locator(`[id="${id}"]`).textContent()) ?? '') : '';
}

test('create a single-V butt weld on the form, run it and explore its results', async ({ page }) => {
  test.setTimeout(180_000);
  const { errors } = watchConsole(page);
  await signInAsAdmin(page, '/main/simulations/create');

  // Every joint card carries its drawing; choose the single-V butt weld.
  await expect(page.getByRole('img', { name: /: joint drawing$/ })).toHaveCount(10);
  await chooseJoint(page, 'BUTT_WELD');

  // The preview is the section the solver will mesh (12 mm plate by default for the single-V) and redraws on change.
  const preview = page.getByTestId('cross-section-preview');
  await expect(preview).toHaveAttribute('aria-label', /plate thickness 12 mm/, { timeout: 20_000 });
  await expect(preview).toHaveAttribute('data-status', 'current');
  const thickness = page.getByLabel('Plate thickness', { exact: true });
  await expect(thickness).toHaveValue('12');
  await thickness.fill('10');
  await expect(thickness).toHaveValue('10');
  await expect(preview).toHaveAttribute('aria-label', /plate thickness 10 mm/, { timeout: 20_000 });

  // A root face thicker than the plate: the server's message beside the field, the last section kept.
  const rootFace = page.getByLabel('Root face', { exact: true });
  await rootFace.fill('20');
  await expect.poll(() => messageBeside(page, 'Root face'), { timeout: 20_000 }).toMatch(/thickness/);
  await expect(page.getByTestId('cross-section-stale')).toBeVisible();
  await rootFace.fill('2');
  await expect(page.getByTestId('cross-section-stale')).toBeHidden({ timeout: 20_000 });

  // η·U·I/v = 0.8 × 33.5 V × 325 A ÷ 5.83 mm/s = 1.49 kJ/mm, and the default mesh's expected run time.
  await expect(page.getByTestId('heat-input-value')).toHaveText(/1\.493 kJ\/mm/);
  await expect.poll(() => messageBeside(page, 'Mesh'), { timeout: 20_000 }).toMatch(/^Expected run time ≈ \d+ s$/);

  await page.getByLabel('Title', { exact: true }).fill('Single-V butt weld, 10 mm S355, from the form');
  await createAndRun(page, 120_000);

  // Thermal cycles with the t8/5 interval marked from the run's summary.
  const cycles = page.getByRole('figure', { name: /Thermal cycles/ });
  await expect(cycles).toBeVisible({ timeout: 20_000 });

  // The top surface over time: a time slider and play button; moving the slider changes the time shown.
  const frames = page.getByRole('figure', { name: /^Top-surface temperature/ }).filter({ has: page.getByRole('slider', { name: 'Time' }) });
  await expect(frames).toBeVisible({ timeout: 20_000 });
  const before = await frames.getByTestId('frame-time').textContent();
  const slider = frames.getByRole('slider', { name: 'Time' });
  await slider.focus();
  await page.keyboard.press('End');
  await expect(frames.getByTestId('frame-time')).not.toHaveText(before ?? '');
  await expect(frames.getByRole('button', { name: 'Play' })).toBeEnabled();

  // The part in 3-D: a WebGL canvas with faces drawn, coloured by temperature, at three times.
  const part = page.getByTestId('part-view');
  await expect(part.locator('canvas')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('part-view-readout')).toContainText('faces drawn');
  await expect(page.getByRole('button', { name: /^t = / })).toHaveCount(3);
  // The bad root face was answered 422 on purpose; Chromium logs every 4xx resource load. Nothing else.
  expect(errors.filter((e) => !e.includes('status of 422'))).toEqual([]);
});
