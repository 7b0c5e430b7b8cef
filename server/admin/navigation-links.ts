/**
 * The navigations' links that are not a page's (Search, a social profile, another site), added,
 * changed, removed and moved in the siteLayout setting. Such a link has no id: the Pages screen
 * names it by its place in its navigation and the title and address it showed there, so a change
 * made against a navigation changed meanwhile (in another tab, by someone else) finds no such
 * link and is refused rather than made to another one.
 */
import { linksOf, withLinks, type Navigation, type NavLink } from './page-navigation.ts';

type Json = Record<string, unknown>;

/** A link as the screen showed it: its place in the navigation, title and address. */
export interface ShownLink {
  index: number;
  title: string;
  url: string;
}

/** A link's label and address, as the owner typed them (the address checked: navigation-link-input.ts). */
export interface LinkWords {
  title: string;
  address: string;
}

/** Why a shown link cannot be changed: no longer there as shown, or a page's (changed on its page). */
export type LinkRefusal = 'changed' | 'page';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Whether an address leads off the shop (another site, an email): the platform's externalLink. */
export function isExternalAddress(address: string): boolean {
  return !address.startsWith('/');
}

/** The stored link, shaped as the seed's: a path of the shop (/search) has no externalLink. */
export function otherLinkOf(words: LinkWords, children: unknown[] = []): NavLink {
  return {
    collectionId: null,
    title: words.title,
    url: words.address,
    children,
    externalLink: isExternalAddress(words.address) ? words.address : null,
    memberAreaId: null,
  };
}

/** The link the screen showed, found where it showed it, or why it cannot be changed. */
function found(siteLayout: Json, navigation: Navigation, shown: ShownLink): { links: Json[]; link: Json } | LinkRefusal {
  const links = linksOf(siteLayout, navigation);
  const link = links[shown.index];
  if (link === undefined || text(link.title) !== shown.title || text(link.url) !== shown.url) return 'changed';
  if (typeof link.collectionId === 'string') return 'page';
  return { links, link };
}

export function withLinkAdded(siteLayout: Json, navigation: Navigation, words: LinkWords): Json {
  return withLinks(siteLayout, navigation, [...linksOf(siteLayout, navigation), otherLinkOf(words) as unknown as Json]);
}

/** The layout with the link's label and address changed (its folder's links, if any, kept). */
export function withLinkChanged(siteLayout: Json, navigation: Navigation, shown: ShownLink, words: LinkWords): Json | LinkRefusal {
  const at = found(siteLayout, navigation, shown);
  if (typeof at === 'string') return at;
  const children = Array.isArray(at.link.children) ? at.link.children : [];
  const links = at.links.map((link, index) => (index === shown.index ? { ...link, ...otherLinkOf(words, children) } : link));
  return withLinks(siteLayout, navigation, links);
}

export function withLinkRemoved(siteLayout: Json, navigation: Navigation, shown: ShownLink): Json | LinkRefusal {
  const at = found(siteLayout, navigation, shown);
  if (typeof at === 'string') return at;
  return withLinks(siteLayout, navigation, at.links.filter((_link, index) => index !== shown.index));
}

/** The layout with the link one place up or down, past whatever link is there; null at that end (nothing to write). */
export function withLinkMoved(siteLayout: Json, navigation: Navigation, shown: ShownLink, to: 'up' | 'down'):
  { layout: Json; position: number; total: number } | null | LinkRefusal {
  const at = found(siteLayout, navigation, shown);
  if (typeof at === 'string') return at;
  const into = to === 'up' ? shown.index - 1 : shown.index + 1;
  if (into < 0 || into >= at.links.length) return null;
  const moved = [...at.links];
  [moved[shown.index], moved[into]] = [moved[into]!, moved[shown.index]!];
  return { layout: withLinks(siteLayout, navigation, moved), position: into + 1, total: at.links.length };
}
