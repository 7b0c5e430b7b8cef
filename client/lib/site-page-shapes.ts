/**
 * The shapes of the Pages screen's answers, which the server writes (server/admin/page-view.ts)
 * and the admin reads (client/admin/screens/site-pages.ts): one definition for both sides.
 */

/** The two navigations the owner places pages in: the site layout's mainNav and footerNav. */
export const NAVIGATIONS = ['main', 'footer'] as const;
export type Navigation = (typeof NAVIGATIONS)[number];

/** Where a page's link is: in one navigation, both or neither. */
export const PLACEMENTS = ['main', 'footer', 'both', 'none'] as const;
export type Placement = (typeof PLACEMENTS)[number];

/**
 * What may be changed of a page: a plain page (one the owner can add) its title, address and text;
 * the home page its title, heading and introduction; any other (the shop, a page with a form, a
 * gallery, lessons) its title and introduction (the collection's description), as the store
 * serves it at an address of its own.
 */
export type PageKind = 'plain' | 'home' | 'store';

export interface SitePage {
  id: string;
  title: string;
  urlId: string;
  /** Where the shop serves it: `/` for the home page. */
  address: string;
  kind: PageKind;
  /** The collection's type (`page`, `products`, `gallery`, `lessons`…), for the list. */
  typeName: string;
  text: string;
  heroTitle: string;
  heroText: string;
  /** A store page's introduction (the collection's description) as typed: paragraphs and `[words](address)` links. */
  description: string;
  navigation: Placement;
  revision: number;
  /** A plain page holding no items: the owner's own, which may go. */
  deletable: boolean;
}

export interface NavLink {
  title: string;
  url: string;
  /** The page the link leads to; null for another link (Search, a social profile), which stays where it is. */
  pageId: string | null;
}

export type Navigations = Record<Navigation, NavLink[]>;
