/**
 * Which of a template folder's pages an address shows: a collection's list, one of its items, a
 * page (pages/URLID.page), or a system page (system/NAME.page). The storefront and `tmpl render
 * DIR` both ask this module, so the command previews the files the server serves: the server
 * knows the page's type and template name from its route; the command reads the type from the
 * page's context (`pageType`, which ?format=json answers) and the name from the address.
 */
import { PageType } from '../../engine/plugins/enums.ts';
import { MEMBER_FORGOT_PASSWORD_PATH, MEMBER_RESET_PASSWORD_PATH, MEMBER_SIGN_IN_PATH } from '../pages/member-account-paths.ts';
import { storeTypeName, type FolderPageTarget } from './collection-choice.ts';
import type { Json } from './platform-data.ts';

/** What is known of the page the store serves at an address. */
export interface ServedPage {
  /** The address's path ('/shop/p/linen-shirt'). */
  path: string;
  /** The store's page type (the context's `pageType`); absent from a context written by hand. */
  pageType?: number;
  /** The store's name for the page's template ('cart', 'not-found'…), known to the server's routes. */
  template?: string;
}

/** Store template names whose folder page has another name. */
const SYSTEM_PAGE_NAMES: Readonly<Record<string, string>> = { 'not-found': '404' };

/** System pages by their page type, where the type alone names the page. */
const SYSTEM_PAGES_BY_TYPE: Readonly<Record<number, string>> = {
  [PageType['not-found']]: '404',
  [PageType.error]: 'error',
  [PageType.search]: 'search',
  [PageType['member-area-access-denied']]: 'access-denied',
  [PageType['show-cart']]: 'cart',
  [PageType.checkout]: 'checkout',
  [PageType['order-confirmed']]: 'order-confirmed',
  [PageType['subscription-confirmed']]: 'order-confirmed',
};

/**
 * System pages served at an address of their own with a type that other pages share (the
 * members' pages and the list confirmation are plain pages without a collection, the gift card's
 * step a checkout); the same address answered with another type (a 404) is that type's page.
 */
const SYSTEM_PAGES_BY_PATH: Readonly<Record<string, { name: string; pageType: number }>> = {
  [MEMBER_SIGN_IN_PATH]: { name: 'sign-in', pageType: PageType.page },
  [MEMBER_FORGOT_PASSWORD_PATH]: { name: 'forgot-password', pageType: PageType.page },
  [MEMBER_RESET_PASSWORD_PATH]: { name: 'reset-password', pageType: PageType.page },
  // the confirmation link's page (MAILING_LIST_CONFIRM_PATH, kept with the sign-up code the command does not load)
  '/mailing-list/confirm': { name: 'mailing-list-confirmation', pageType: PageType.page },
  '/checkout/gift-card': { name: 'gift-card', pageType: PageType.checkout },
};

/** For a context without a page type: the system page named by the address's first segment, else 404. */
const SYSTEM_PAGES_BY_SECTION: Readonly<Record<string, string>> = { cart: 'cart', checkout: 'checkout', search: 'search' };

function asObject(value: unknown): Json | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;
}

/**
 * A path without its trailing slashes ('/shop/' is '/shop'; '/' stays). Counted off the end rather
 * than matched with `/(.)\/+$/`, which a visitor's path of thousands of slashes made quadratic.
 */
function withoutTrailingSlashes(path: string): string {
  let end = path.length;
  while (end > 1 && path.charCodeAt(end - 1) === 47) end--;
  return path.slice(0, end);
}

function systemPageName(page: ServedPage): string {
  if (page.template !== undefined) return SYSTEM_PAGE_NAMES[page.template] ?? page.template;
  const byPath = SYSTEM_PAGES_BY_PATH[withoutTrailingSlashes(page.path)];
  if (byPath !== undefined && (page.pageType === undefined || page.pageType === byPath.pageType)) return byPath.name;
  if (page.pageType !== undefined) return SYSTEM_PAGES_BY_TYPE[page.pageType] ?? '404';
  return SYSTEM_PAGES_BY_SECTION[page.path.split('/')[1] ?? ''] ?? '404';
}

/**
 * The page an address shows. With the store's page type: an item (50) or list (1) of the
 * context's collection, a page (2) of a page collection (another collection's page shows its
 * list), and any other type a system page, even with a collection in its context (a members-only
 * lesson's access-denied page). Without one (a context written by hand) the context decides: an
 * item when it holds one, else the collection's page or list, else the system page of the address.
 */
export function pageTargetFor(page: ServedPage, context: Json): FolderPageTarget {
  const collection = asObject(context.collection);
  if (collection !== undefined) {
    const asPage = storeTypeName(collection) === 'page' ? 'page' : 'list';
    if (page.pageType === undefined) return { view: asObject(context.item) !== undefined ? 'item' : asPage, collection };
    if (page.pageType === PageType['content-item']) return { view: 'item', collection };
    if (page.pageType === PageType['main-content']) return { view: 'list', collection };
    if (page.pageType === PageType.page) return { view: asPage, collection };
  }
  return { view: 'system', systemName: systemPageName(page) };
}

/** The page type a context names (`pageType`, as the store's ?format=json answers it), if any. */
/**
 * The fields a page's context has at least one of: ?format=json answers them all, a context
 * written by hand has its collection or item. A JSON file with none (template.conf) is no context.
 */
export const PAGE_CONTEXT_FIELDS: readonly string[] = ['pageType', 'collection', 'item', 'items', 'website', 'websiteSettings'];

export function contextPageType(context: Json): number | undefined {
  return typeof context.pageType === 'number' ? context.pageType : undefined;
}

/** An address as pages are told apart: its path, without a trailing slash ('/shop/' is '/shop'). */
export function pagePath(address: string): string {
  return withoutTrailingSlashes(new URL(address, 'http://localhost').pathname);
}

/**
 * The address the store answered a context at, when the context says so: its item's `fullUrl` on
 * an item page, its collection's on a list or page. A system page's context names none (a 404 is
 * answered at any address).
 */
export function contextAddress(target: FolderPageTarget, context: Json): string | undefined {
  const owner = target.view === 'item' ? asObject(context.item) : target.view === 'system' ? undefined : target.collection;
  return typeof owner?.fullUrl === 'string' && owner.fullUrl !== '' ? pagePath(owner.fullUrl) : undefined;
}
