/**
 * The files browsers and crawlers ask every site for: `/robots.txt` (the
 * visitor's own pages and the calls are not for crawling; where the sitemap
 * is), `/sitemap.xml` (every page a visitor can see: the collections, the
 * products of the shop, the lessons open to everyone) and `/favicon.ico`
 * (the theme's icon; an SVG, which browsers take by its content type).
 */
import { Router } from 'express';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppDeps } from '../deps.ts';
import { PRODUCT_URL_PREFIX } from '../api/cart-session.ts';
import { requestContent, type RequestContent } from './request-content.ts';
import { absoluteUrl, siteOrigin } from './seo.ts';
import { TEMPLATES_DIR } from './template-store.ts';

/** Paths that are the visitor's own or are calls, not pages. */
const NOT_FOR_CRAWLING = ['/cart', '/checkout', '/api/', '/search'];

function xmlText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** Every visible page's path: the collections, the shop's products and the lessons open to everyone. */
export async function visiblePagePaths({ site, catalogue, content }: RequestContent): Promise<string[]> {
  const paths: string[] = [];
  for (const collection of await site.collections()) {
    paths.push(collection.urlId === 'home' ? '/' : `/${collection.urlId}`);
    if (collection.urlId === 'shop') {
      for (const product of await catalogue.listingOf(collection.id)) paths.push(`${PRODUCT_URL_PREFIX}${product.urlId}`);
    }
    if (collection.urlId === 'lessons') {
      for (const item of await content.itemsInCollection(collection.id)) {
        // A members-only lesson answers 403 to a crawler: not a page it can index.
        if (item.data.memberOnly !== true) paths.push(`/lessons/${item.urlId}`);
      }
    }
  }
  return paths;
}

export function createCrawlerFiles(deps: AppDeps): Router {
  const router = Router();
  // a real ICO file (PNG images of the theme's SVG icon at 16, 32 and 48 px): every browser and crawler reads it
  const favicon = readFileSync(join(TEMPLATES_DIR, 'assets', 'favicon.ico'));
  const originOf = async (content: RequestContent): Promise<string> => siteOrigin(await content.site.website());

  router.get('/robots.txt', async (req, res) => {
    const origin = await originOf(requestContent(deps, req));
    const lines = ['User-agent: *', ...NOT_FOR_CRAWLING.map((path) => `Disallow: ${path}`), '', `Sitemap: ${absoluteUrl(origin, '/sitemap.xml')}`, ''];
    res.set('Cache-Control', 'public, max-age=3600').type('text/plain').send(lines.join('\n'));
  });

  router.get('/sitemap.xml', async (req, res) => {
    const content = requestContent(deps, req);
    const base = await originOf(content);
    const urls = (await visiblePagePaths(content)).map((path) => `  <url><loc>${xmlText(absoluteUrl(base, path))}</loc></url>`);
    const xml = ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''];
    res.set('Cache-Control', 'public, max-age=3600').type('application/xml').send(xml.join('\n'));
  });

  router.get('/favicon.ico', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=86400').type('image/x-icon').send(favicon);
  });

  return router;
}
