import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { newEngineer, signInAs } from './sessions.js';

/**
 * Picks a joint on the welding create screen and waits until its own editor is the one shown. The
 * screen opens with the family's first joint, whose preview also says "plate thickness 10 mm": a test
 * that typed before the switch landed typed into the editor about to be replaced.
 */
export async function chooseJoint(page: Page, type: string): Promise<void> {
  const card = page.getByRole('button', { name: new RegExp(`\\(${type}\\)`) });
  await card.click();
  await expect(page).toHaveURL(new RegExp(`[?&]type=${type}(&|$)`), { timeout: 20_000 });
  await expect(card).toHaveAttribute('aria-pressed', 'true');
}

/**
 * A new engineer (named after `who`) on the welding create screen with the T-joint chosen and its
 * parametric section shown: where the tests of a drawn T-joint's import start.
 */
export async function openTJointAsNewEngineer(page: Page, request: APIRequestContext, who: string): Promise<void> {
  const engineer = await newEngineer(page, request, who);
  await signInAs(page, engineer, '/main/simulations/create');
  await chooseJoint(page, 'T_JOINT_FILLET_WELD');
  await expect(page.getByTestId('cross-section-kind')).toHaveText('Parametric joint', { timeout: 20_000 });
  // The section's drawing and its summary line arrive with the estimate and move the card's buttons
  // down: a click aimed at a button before then can land on the line that takes its place.
  await expect(page.getByTestId('cross-section-summary')).toBeVisible({ timeout: 20_000 });
}
