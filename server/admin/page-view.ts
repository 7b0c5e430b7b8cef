/** A page and the navigations as the Pages screen reads them. */
import type { AdminPage } from '../db/admin-page-repository.ts';
import { isHomePage, isPlainPage, plainPageText } from '../pages/plain-page.ts';
import { storeTypeName } from '../theme/collection-choice.ts';
import type { NavLink, PageKind, SitePage } from '../../client/lib/site-page-shapes.ts';
import { linksOf, NAVIGATIONS, placementOf, type Navigation } from './page-navigation.ts';

type Json = Record<string, unknown>;

/** A page as the Pages screen reads it (client/lib/site-page-shapes.ts). */
export type PageView = SitePage;
type NavigationView = NavLink;

/** A plain page holding no items: the owner's own, which may go; the home page, the shop and the pages the store's routes serve stay. */
export function isDeletable(page: AdminPage): boolean {
  return pageKind(page) === 'plain' && page.itemCount === 0;
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
    description: kind === 'store' ? page.description : '',
    navigation: placementOf(siteLayout, page.id),
    revision: page.revision,
    deletable: isDeletable(page),
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
