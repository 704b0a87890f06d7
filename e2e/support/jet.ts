import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { newEngineer, signInAs } from './sessions.js';

/**
 * A new engineer (named after `who`) on the jet-ridge create screen, its ridge still the parametric
 * shape: where the tests of a drawn ridge's import start. Answers the ridge's card.
 */
export async function openRidgeAsNewEngineer(page: Page, request: APIRequestContext, who: string): Promise<Locator> {
  const engineer = await newEngineer(page, request, who);
  await signInAs(page, engineer, '/main/simulations/create-jet?type=JET_IMPINGING_RIDGE');
  const ridge = page.getByRole('region', { name: 'Ridge cross-section' });
  await expect(ridge.getByTestId('polygon-status')).toHaveText('Not drawn: the parametric shape is used.', { timeout: 20_000 });
  return ridge;
}
