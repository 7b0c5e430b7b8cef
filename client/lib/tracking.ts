/**
 * Visitor tracking: page views and add-to-cart events, with the exemptions of
 * the storefront: never on not-found, lock-screen or access-denied pages, no
 * page views on /search, not for signed-in members (unless their only role is
 * viewer outside /config), not when globally disabled; census cookies are
 * cleared under a restrictive cookie policy without consent.
 */
import { api } from './api.ts';
import { API_PATHS } from './api-paths.ts';
import { deleteCookie, readCookie } from './cookies.ts';
import type { PageContext } from './page-context.ts';

export const PAGE_TYPE = { notFound: 100, lockScreen: 103, accessDenied: 106 } as const;
export const VIEWER_ROLE = 10;
export const CENSUS_COOKIES = ['ss_cid', 'ss_cpvisit', 'ss_cvisit', 'ss_cvr', 'ss_cvt'] as const;
export const CONSENT_COOKIE = 'ss_cookieAllowed';
export const ANALYTICS_POST_TIMEOUT_MS = 2500;
const UNTRACKED_PAGE_TYPES: ReadonlySet<number> = new Set([PAGE_TYPE.notFound, PAGE_TYPE.lockScreen, PAGE_TYPE.accessDenied]);

/** Analytics as a whole (any event) for this page and visitor. */
export function analyticsAllowed(context: PageContext, path: string): boolean {
  if (context.analyticsDisabled) return false;
  if (context.pageType !== undefined && UNTRACKED_PAGE_TYPES.has(context.pageType)) return false;
  const roles = context.memberRoles;
  if (roles && roles.length > 0) {
    const onlyViewer = roles.every((role) => role === VIEWER_ROLE);
    if (!onlyViewer || path.includes('/config')) return false;
  }
  return true;
}

export function pageViewAllowed(context: PageContext, path: string): boolean {
  return analyticsAllowed(context, path) && path !== '/search' && !path.startsWith('/search/');
}

/** Clears the census cookies when the policy is restrictive and no consent was given. Returns true when cleared. */
export function enforceCookieConsent(context: PageContext, cookieText?: string): boolean {
  if (context.cookiePolicy !== 'restrictive') return false;
  if (readCookie(CONSENT_COOKIE, cookieText) === 'true') return false;
  for (const name of CENSUS_COOKIES) deleteCookie(name);
  return true;
}

export function trackPageView(context: PageContext, flags: { isFirstLanding: boolean; isFirstSession: boolean }): boolean {
  const path = location.pathname;
  if (!pageViewAllowed(context, path)) return false;
  const census = readCookie('ss_cvr') ?? '';
  const data = { path, referrer: document.referrer, title: document.title, pageType: context.pageType, ...flags };
  void api.post(API_PATHS.censusHit, undefined, {
    form: { event: 'view', data: JSON.stringify(data), ss_cvr: census },
    timeoutMs: ANALYTICS_POST_TIMEOUT_MS,
  });
  return true;
}

export function trackAddToCart(context: PageContext, item: { itemId: string; sku: string; quantity: number }): boolean {
  if (!analyticsAllowed(context, location.pathname)) return false;
  void api.post(API_PATHS.recordEvent, undefined, {
    form: { crumb: readCookie('crumb') ?? '', event: 'AddToCart', data: JSON.stringify(item) },
    timeoutMs: ANALYTICS_POST_TIMEOUT_MS,
  });
  return true;
}

/** Census form-render event (formId and the census visitor cookie), only when the census cookie exists. */
export function trackFormRender(context: PageContext, formId: string): boolean {
  const census = readCookie('ss_cvr');
  if (!census || !analyticsAllowed(context, location.pathname)) return false;
  void api.post(API_PATHS.censusFormRender, undefined, {
    form: { formId, visitorCookie: census },
    timeoutMs: ANALYTICS_POST_TIMEOUT_MS,
  });
  return true;
}
