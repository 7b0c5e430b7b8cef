/**
 * What search engines and link previews read in a page's head: one document
 * title, the description, the canonical address, Open Graph and Twitter card
 * tags, `noindex` for pages that are the visitor's own (cart, checkout,
 * errors), and JSON-LD structured data escaped for its script element.
 */
import { LRUCache } from 'lru-cache';
import { deepFreeze, isDeeplyFrozen } from '../db/deep-freeze.ts';
import { scriptJson } from '../security/script-json.ts';

type Json = Record<string, unknown>;

/** What a page says about itself beyond its title. */
export interface PageSeo {
  description?: string;
  /** A site path or absolute URL of the page's picture. */
  image?: string;
  /** Open Graph type: 'website' unless the page is a product or an article. */
  type?: 'website' | 'product' | 'article';
  /** schema.org data written as JSON-LD. */
  structuredData?: Json;
  /** The visitor's own pages and error pages are kept out of search results. */
  noindex?: boolean;
}

/** The site's public origin: the website's base URL (the owner's primary address), without a trailing slash. */
export function siteOrigin(website: Json): string {
  const base = typeof website.baseUrl === 'string' ? website.baseUrl.trim() : '';
  return /^https?:\/\//i.test(base) ? base.replace(/\/+$/, '') : '';
}

/** A site path as an absolute URL on the site's origin; absolute URLs stay as they are. */
export function absoluteUrl(origin: string, path: string): string {
  return /^https?:\/\//i.test(path) ? path : `${origin}${path.startsWith('/') ? '' : '/'}${path}`;
}

/** "Shop · Linen & Loam", or the site title alone where the page's title is the site's (home). */
export function documentTitle(pageTitle: string, siteTitle: string): string {
  if (pageTitle === '' || pageTitle === siteTitle) return siteTitle;
  if (siteTitle === '') return pageTitle;
  return `${pageTitle} · ${siteTitle}`;
}

/** The `seo` object of a page context, for the head partial. */
export function seoContext(website: Json, path: string, pageTitle: string, seo: PageSeo = {}): Json {
  const siteTitle = typeof website.siteTitle === 'string' ? website.siteTitle : '';
  const tagLine = typeof website.siteTagLine === 'string' ? website.siteTagLine : '';
  const origin = siteOrigin(website);
  const description = (seo.description ?? '').trim() || tagLine;
  return {
    title: documentTitle(pageTitle, siteTitle),
    pageTitle: pageTitle || siteTitle,
    siteName: siteTitle,
    description,
    canonicalUrl: absoluteUrl(origin, path),
    type: seo.type ?? 'website',
    image: seo.image ? absoluteUrl(origin, seo.image) : null,
    noindex: seo.noindex === true,
    structuredDataJson: seo.structuredData ? scriptJson(seo.structuredData) : null,
  };
}

/** Seo contexts kept per website and page seo: one page's seo meets few paths and titles. */
const KEPT_PER_PAIR = 8;

/**
 * seoContext, kept (frozen) when the website and the page's seo are shared frozen content: the
 * result is a function of those two values, the path, the title and noindex, so a page view
 * reuses it instead of writing the structured data's JSON again, and the merged page context it
 * goes into stays the same shared value.
 */
export function createSeoContexts(): (website: Json, path: string, pageTitle: string, seo: PageSeo | undefined, noindex: boolean) => Json {
  const kept = new WeakMap<Json, WeakMap<PageSeo, LRUCache<string, Json>>>();
  return (website, path, pageTitle, seo, noindex) => {
    if (seo === undefined || !isDeeplyFrozen(website) || !isDeeplyFrozen(seo)) return seoContext(website, path, pageTitle, { ...seo, noindex });
    let bySeo = kept.get(website);
    if (bySeo === undefined) {
      bySeo = new WeakMap();
      kept.set(website, bySeo);
    }
    let contexts = bySeo.get(seo);
    if (contexts === undefined) {
      contexts = new LRUCache({ max: KEPT_PER_PAIR });
      bySeo.set(seo, contexts);
    }
    const key = JSON.stringify([path, pageTitle, noindex]);
    let context = contexts.get(key);
    if (context === undefined) {
      context = deepFreeze(seoContext(website, path, pageTitle, { ...seo, noindex }));
      contexts.set(key, context);
    }
    return context;
  };
}
