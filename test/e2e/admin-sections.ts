/**
 * The admin's sections as a person reaches them: on a phone or a small window they are behind the
 * header's Menu button (client/admin/AdminHeader.tsx), opened first; on a wide screen they are in sight.
 */
import type { Locator, Page } from 'playwright-core';

export function adminSections(page: Page): Locator {
  return page.locator('nav[aria-label="Admin sections"]');
}

/** Signed in: the header is there, whether its sections are in sight or behind Menu. */
export async function adminHeaderReady(page: Page): Promise<void> {
  await adminSections(page).waitFor({ state: 'attached' });
}

/** Opens the Menu when the sections are behind it (their links and Sign out then in sight). */
export async function showAdminSections(page: Page): Promise<void> {
  const menu = page.getByRole('button', { name: 'Menu', exact: true });
  if (await menu.isVisible() && (await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
  await adminSections(page).waitFor();
}

/** Goes to a section by the header's link, through Menu when it is behind it. */
export async function openAdminSection(page: Page, name: string): Promise<void> {
  await showAdminSections(page);
  await adminSections(page).getByRole('link', { name, exact: true }).click();
}
