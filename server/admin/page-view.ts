/** A page and the navigations as the Pages screen reads them. */
import type { AdminPage } from '../db/admin-page-repository.ts';
import { isHomePage, isPlainPage, plainPageText } from '../pages/plain-page.ts';
import { storeTypeName } from '../theme/collection-choice.ts';
import { linksOf, NAVIGATIONS, placementOf, type Navigation, type Placement } from './page-navigation.ts';

type Json = Record<string, unknown>;

/**
 * What may be changed of a page: a plain page (one the owner can add) its title, address and text;
 * the home page its title, heading and introduction; any other (the shop, a page with a form, a
 * gallery, lessons) its title, as the store serves it at an address of its own.
 */
export type PageKind = 'plain' | 'home' | 'store';

export interface PageView {
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
  navigation: Placement;
  revision: number;
  /** A plain page holding no items: the owner's own, which may go. */
  deletable: boolean;
}

export interface NavigationView {
  title: string;
  url: string;
  /** The page the link leads to; null for another link (Search, a social profile), which stays where it is. */
  pageId: string | null;
}

export function pageKind(page: AdminPage): PageKind {
  return isHomePage(page) ? 'home' : isPlainPage(page) ? 'plain' : 'store';
}

/** Where the shop serves a page. */
export function pageAddressPath(page: { urlId: string; typeCode: number; data: Json }): string {
  return isHomePage(page) ? '/' : `/${page.urlId}`;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export function pageView(page: AdminPage, siteLayout: Json): PageView {
  const kind = pageKind(page);
  return {
    id: page.id,
    title: page.title,
    urlId: page.urlId,
    address: pageAddressPath(page),
    kind,
    typeName: storeTypeName({ typeCode: page.typeCode, ...page.data }),
    text: kind === 'plain' ? plainPageText(page) : '',
    heroTitle: kind === 'home' ? text(page.data.heroTitle) : '',
    heroText: kind === 'home' ? text(page.data.heroText) : '',
    navigation: placementOf(siteLayout, page.id),
    revision: page.revision,
    deletable: kind === 'plain' && page.itemCount === 0,
  };
}

/** Both navigations' links in order, each named by its title. */
export function navigationsView(siteLayout: Json): Record<Navigation, NavigationView[]> {
  const view = {} as Record<Navigation, NavigationView[]>;
  for (const navigation of NAVIGATIONS) {
    view[navigation] = linksOf(siteLayout, navigation).map((link) => ({
      title: text(link.title),
      url: text(link.url),
      pageId: typeof link.collectionId === 'string' ? link.collectionId : null,
    }));
  }
  return view;
}
