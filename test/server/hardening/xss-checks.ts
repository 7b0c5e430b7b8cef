import type { Express } from 'express';
import { JSDOM } from 'jsdom';
import type { StoreSession } from '../../../server/db/store.ts';
import { routeTable } from './route-table.ts';

/**
 * A hostile text labelled so a test can tell where it ended up: a script element, an attribute
 * break-out with an event handler, a script-closing tag with an HTML comment opener (which would
 * swallow the rest of a page if it reached a script element raw) and a `javascript:` URL.
 */
export function hostileText(label: string): string {
  return `${label} <script>pwned("${label}")</script> "'><img src=x onerror=pwned(1)> </script><!--<script> javascript:pwned(2)`;
}

/** A hostile text that still passes the storefront's email rule (no spaces, ends in a domain). */
export function hostileEmail(label: string): string {
  return `${label}"'><script>pwned(1)</script><!--<script><img/src=x/onerror=pwned(2)>@evil.example.com`;
}

/** A link target that would run script if a page used it as an href. */
export const SCRIPT_URL = 'javascript:pwned(3)';

const URL_ATTRIBUTES = ['href', 'src', 'action', 'formaction', 'xlink:href', 'poster', 'background', 'cite', 'data'];
const FORBIDDEN_ELEMENTS = new Set(['iframe', 'frame', 'object', 'embed', 'base', 'applet']);
// Browsers ignore tabs, newlines and leading control characters in a scheme.
const SCRIPT_SCHEME = /^(javascript|vbscript|data):/i;

function isScriptUrl(value: string): boolean {
  // eslint-disable-next-line no-control-regex
  return SCRIPT_SCHEME.test(value.replace(/[\u0000-\u0020]/g, ''));
}

/**
 * What would make a page unsafe, as a browser would parse it: script elements the storefront
 * does not write (only `/assets/` modules and JSON data blocks are its own), JSON blocks that do
 * not parse or still hold `</script` or `<!--`, event-handler attributes, script URLs, embedding
 * elements and island props that no longer parse. An empty list means the page is inert.
 */
export function inertnessProblems(html: string): string[] {
  const { document } = new JSDOM(html).window;
  const problems: string[] = [];
  for (const script of document.querySelectorAll('script')) {
    const src = script.getAttribute('src');
    if (src !== null) {
      if (!src.startsWith('/assets/')) problems.push(`script from ${src}`);
      continue;
    }
    const text = script.textContent ?? '';
    // JSON data blocks (page data, JSON-LD for search engines) never run; anything else inline would.
    const type = script.getAttribute('type');
    if (type !== 'application/json' && type !== 'application/ld+json') {
      problems.push(`inline script: ${text.slice(0, 80)}`);
      continue;
    }
    if (/<\/script|<!--/i.test(text)) problems.push(`JSON block #${script.id} holds a script-ending or comment sequence`);
    try {
      JSON.parse(text);
    } catch {
      problems.push(`JSON block #${script.id} does not parse: ${text.slice(0, 80)}`);
    }
  }
  for (const element of document.querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase();
    if (FORBIDDEN_ELEMENTS.has(tag)) problems.push(`<${tag}> element`);
    for (const attribute of element.attributes) {
      const name = attribute.name.toLowerCase();
      if (name.startsWith('on')) problems.push(`<${tag} ${name}="${attribute.value.slice(0, 40)}">`);
      if (URL_ATTRIBUTES.includes(name) && isScriptUrl(attribute.value)) problems.push(`<${tag} ${name}="${attribute.value.slice(0, 40)}">`);
      if (name === 'data-props') {
        try {
          JSON.parse(attribute.value);
        } catch {
          problems.push(`island ${element.getAttribute('data-island')} props do not parse`);
        }
      }
    }
  }
  return problems;
}

/** The text a visitor reads on the page (what escaping turns hostile markup into). */
export function visibleText(html: string): string {
  const { document } = new JSDOM(html).window;
  return document.body?.textContent ?? '';
}

/** Values of the island props and JSON blocks of a page, joined (where escaped props end up). */
export function embeddedData(html: string): string {
  const { document } = new JSDOM(html).window;
  const parts: string[] = [];
  for (const element of document.querySelectorAll('[data-props]')) parts.push(element.getAttribute('data-props') ?? '');
  for (const script of document.querySelectorAll('script[type="application/json"]')) parts.push(script.textContent ?? '');
  return parts.join('\n');
}

/** Concrete page URLs for a parameterised page route, read from the store. */
type PageUrlSource = (store: StoreSession) => Promise<string[]>;

const PAGE_URL_SOURCES: Record<string, PageUrlSource> = {
  '/shop/p/:urlId': async (store) =>
    (await store.all<{ url_id: string }>('SELECT url_id FROM products ORDER BY display_order')).map((row) => `/shop/p/${row.url_id}`),
  '/lessons/:urlId': async (store) =>
    (await store.all<{ url_id: string }>(
      "SELECT i.url_id FROM content_items i JOIN collections c ON c.id = i.collection_id WHERE c.url_id = 'lessons' ORDER BY i.display_order",
    )).map((row) => `/lessons/${row.url_id}`),
  // the owner's own pages (the admin's Pages screen), and the seeded contact page the same route would find
  '/:urlId': async (store) =>
    (await store.all<{ url_id: string }>("SELECT url_id FROM collections WHERE type_code = 10 AND url_id <> 'home' ORDER BY rowid")).map((row) => `/${row.url_id}`),
  // an order's invoice (the owner's page; an anonymous visitor is refused), for every order the store holds
  '/config/orders/:orderId/invoice': async (store) =>
    (await store.all<{ id: string }>('SELECT id FROM orders ORDER BY created_on')).map((row) => `/config/orders/${row.id}/invoice`),
  // the refusal page of a download link (a working link answers a file, not a page, and would spend a download)
  '/downloads/:token': async () => [`/downloads/${'A'.repeat(43)}`],
};

/** Pages whose content depends on the query string, with the query that shows it. */
const QUERY_VARIANTS: Record<string, PageUrlSource> = {
  '/search': async () => ['/search?q=a', '/search?q=e'],
  '/checkout/gift-card': async (store) =>
    (await store.all<{ id: string; sku: string }>(
      'SELECT p.id, v.sku FROM products p JOIN variants v ON v.product_id = p.id WHERE p.product_type = 4 ORDER BY v.display_order LIMIT 1',
    )).map((row) => `/checkout/gift-card?itemId=${row.id}&sku=${encodeURIComponent(row.sku)}`),
};

/**
 * Every storefront page the route table serves, each parameterised route expanded to every
 * record the store holds (or to the URLs given in `known`). A new page route with a parameter
 * and no source fails here, so a page cannot slip past the walk.
 */
export async function storefrontPageUrls(app: Express & { deps: { store: StoreSession } }, known: Record<string, string[]> = {}): Promise<string[]> {
  const urls: string[] = [];
  for (const route of routeTable(app)) {
    if (route.method !== 'GET' || route.path.startsWith('/api')) continue;
    if (route.path.includes(':')) {
      const listed = known[route.path] ?? (await PAGE_URL_SOURCES[route.path]?.(app.deps.store));
      if (!listed) throw new Error(`no pages known for ${route.path}: add a source to the page walk`);
      urls.push(...listed);
    } else {
      urls.push(route.path, ...((await QUERY_VARIANTS[route.path]?.(app.deps.store)) ?? []));
    }
  }
  return urls;
}
