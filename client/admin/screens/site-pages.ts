/** The Pages screen's answers (server/admin/page-view.ts), as its list, editor and navigation order read them. */
import { ADMIN } from '../../lib/admin-messages.ts';
import type { Navigations, SitePage } from '../../lib/site-page-shapes.ts';

export { NAVIGATIONS, PLACEMENTS, type Navigation, type Navigations, type NavLink, type Placement, type SitePage } from '../../lib/site-page-shapes.ts';

export interface PagesAnswer { pages: SitePage[]; navigations: Navigations }

/** A page's type for the owner: Page, Shop, Gallery… */
export function typeNameText(page: SitePage): string {
  return ADMIN.sitePages.typeNames[page.typeName] ?? ADMIN.sitePages.otherType;
}
