/** The Pages screen's answers (server/admin/page-view.ts), as its list, editor and navigation order read them. */
import { ADMIN } from '../../lib/admin-messages.ts';

export type Placement = 'main' | 'footer' | 'both' | 'none';
export type Navigation = 'main' | 'footer';
export const PLACEMENTS: readonly Placement[] = ['main', 'footer', 'both', 'none'];
export const NAVIGATIONS: readonly Navigation[] = ['main', 'footer'];

export interface SitePage {
  id: string;
  title: string;
  urlId: string;
  address: string;
  kind: 'plain' | 'home' | 'store';
  typeName: string;
  text: string;
  heroTitle: string;
  heroText: string;
  navigation: Placement;
  revision: number;
  deletable: boolean;
}

export interface NavLink { title: string; url: string; pageId: string | null }
export type Navigations = Record<Navigation, NavLink[]>;

export interface PagesAnswer { pages: SitePage[]; navigations: Navigations }

/** A page's type for the owner: Page, Shop, Gallery… */
export function typeNameText(page: SitePage): string {
  return ADMIN.sitePages.typeNames[page.typeName] ?? ADMIN.sitePages.otherType;
}
