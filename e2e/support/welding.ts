import { expect, type Page } from '@playwright/test';

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
