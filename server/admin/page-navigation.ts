/**
 * The site's two navigations as the siteLayout setting keeps them (`layout: [{identifier:
 * 'mainNav', links}, {identifier: 'footerNav', links}]`, each link shaped as the seed's), read
 * and changed for the Pages screen. Links that are not a page's (Search, Instagram) stay where
 * they are; a page's link is the one whose `collectionId` is the page's.
 */
import { NAVIGATIONS, type Navigation, type Placement } from '../../client/lib/site-page-shapes.ts';

export { NAVIGATIONS, PLACEMENTS, type Navigation, type Placement } from '../../client/lib/site-page-shapes.ts';

const IDENTIFIERS: Record<Navigation, string> = { main: 'mainNav', footer: 'footerNav' };

type Json = Record<string, unknown>;

export interface NavLink {
  collectionId: string | null;
  title: string;
  url: string;
  children: unknown[];
  externalLink: string | null;
  memberAreaId: string | null;
}

/** What a page's link needs of the page. */
export interface LinkedPage {
  id: string;
  title: string;
  url: string;
  memberAreaId: string | null;
}

function asObject(value: unknown): Json | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;
}

/** A navigation's links as stored (an empty list when the layout lacks it). */
export function linksOf(siteLayout: Json, navigation: Navigation): Json[] {
  const layout = Array.isArray(siteLayout.layout) ? siteLayout.layout : [];
  const entry = layout.map(asObject).find((item) => item?.identifier === IDENTIFIERS[navigation]);
  return Array.isArray(entry?.links) ? entry.links.map((link) => asObject(link) ?? {}) : [];
}

/** The layout with one navigation's links replaced (the navigation added when the layout lacked it). */
export function withLinks(siteLayout: Json, navigation: Navigation, links: Json[]): Json {
  const layout = Array.isArray(siteLayout.layout) ? [...siteLayout.layout] : [];
  const index = layout.findIndex((item) => asObject(item)?.identifier === IDENTIFIERS[navigation]);
  const entry = { ...(asObject(layout[index]) ?? { identifier: IDENTIFIERS[navigation] }), links };
  if (index === -1) layout.push(entry);
  else layout[index] = entry;
  return { ...siteLayout, layout };
}

const isPageLink = (link: Json, pageId: string) => link.collectionId === pageId;

/** Where a page shows now. */
export function placementOf(siteLayout: Json, pageId: string): Placement {
  const inMain = linksOf(siteLayout, 'main').some((link) => isPageLink(link, pageId));
  const inFooter = linksOf(siteLayout, 'footer').some((link) => isPageLink(link, pageId));
  return inMain && inFooter ? 'both' : inMain ? 'main' : inFooter ? 'footer' : 'none';
}

function linkOf(page: LinkedPage): NavLink {
  return { collectionId: page.id, title: page.title, url: page.url, children: [], externalLink: null, memberAreaId: page.memberAreaId };
}

/**
 * The layout with the page in the navigations `placement` names: a link kept where it was (its
 * title and address brought up to date), a new one put last, and one it leaves removed.
 */
export function placePage(siteLayout: Json, page: LinkedPage, placement: Placement): Json {
  let next = siteLayout;
  for (const navigation of NAVIGATIONS) {
    const wanted = placement === 'both' || placement === navigation;
    const links = linksOf(next, navigation);
    const had = links.some((link) => isPageLink(link, page.id));
    const placed = wanted
      ? had ? links.map((link) => (isPageLink(link, page.id) ? { ...link, title: page.title, url: page.url } : link)) : [...links, linkOf(page) as unknown as Json]
      : links.filter((link) => !isPageLink(link, page.id));
    if (wanted || had) next = withLinks(next, navigation, placed);
  }
  return next;
}

/** The layout without the page's links (a deleted page). */
export function withoutPage(siteLayout: Json, pageId: string): Json {
  let next = siteLayout;
  for (const navigation of NAVIGATIONS) {
    const links = linksOf(next, navigation);
    if (links.some((link) => isPageLink(link, pageId))) next = withLinks(next, navigation, links.filter((link) => !isPageLink(link, pageId)));
  }
  return next;
}

/**
 * The layout with the page's link one place up or down in the navigation, past whatever link is
 * there; null when it is not in it or already at that end (nothing to write).
 */
export function movePage(siteLayout: Json, navigation: Navigation, pageId: string, to: 'up' | 'down'): { layout: Json; position: number; total: number } | null {
  const links = linksOf(siteLayout, navigation);
  const from = links.findIndex((link) => isPageLink(link, pageId));
  const into = to === 'up' ? from - 1 : from + 1;
  if (from === -1 || into < 0 || into >= links.length) return null;
  const moved = [...links];
  [moved[from], moved[into]] = [moved[into]!, moved[from]!];
  return { layout: withLinks(siteLayout, navigation, moved), position: into + 1, total: links.length };
}
