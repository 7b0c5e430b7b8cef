/**
 * The storefront's own pages: the theme in templates/ and the page contexts
 * the server builds for them. The server is started on loopback with a
 * fresh temporary database; each page's context is the server's `?format=json`
 * answer (exactly what its template receives). The cart gets two entries
 * first, through the add-to-cart call with a valid crumb.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { withLegacyPrices, type StorefrontPage } from './storefront.ts';

const templatesDir = new URL('../../templates/', import.meta.url);

/** Paths of the measured pages and the theme file that renders each page's main content. */
export const LIVE_PAGES = [
  { page: 'home', path: '/', template: 'pages/home.page' },
  { page: 'shop list', path: '/shop', template: 'collections/products.list' },
  { page: 'product detail', path: '/shop/p/linen-shirt', template: 'collections/products.item' },
  { page: 'cart', path: '/cart', template: 'system/cart.page' },
] as const;

/**
 * The theme's site.region writes the main content between its head and footer blocks. Both
 * engines render one template, so a page is given as that one template: the region with the
 * page's main file where it writes {squarespace.main-content} (the HTML is the page the server sends).
 */
function pageSource(mainFile: string): string {
  const region = readFileSync(new URL('site.region', templatesDir), 'utf8');
  const main = readFileSync(new URL(mainFile, templatesDir), 'utf8');
  const [before, after] = region.split('{squarespace.main-content}');
  if (after === undefined) throw new Error('site.region does not write {squarespace.main-content}');
  return before + main + after;
}

/**
 * Products put in the cart before the cart page is captured: physical, in stock, bought once (a
 * subscription, such as the coffee club, is refused by the add-to-cart call: it is checked out on its own).
 */
const CART_ITEMS = [
  { itemId: '6570a1b2c3d4e5f6a7b82003', sku: 'SQ-TOTE', quantity: 2 },
  { itemId: '6570a1b2c3d4e5f6a7b82002', sku: 'SQ-MUG-OAT', quantity: 1 },
];

/** Cookie jar of one visitor: keeps name=value of every Set-Cookie. */
class Visitor {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly base: string) {}

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  async request(path: string, init: RequestInit = {}): Promise<Response> {
    const response = await fetch(this.base + path, { ...init, headers: { ...(init.headers as object), cookie: this.header() } });
    for (const raw of response.headers.getSetCookie()) {
      const [pair] = raw.split(';');
      const eq = (pair ?? '').indexOf('=');
      if (eq > 0) this.cookies.set(pair!.slice(0, eq), decodeURIComponent(pair!.slice(eq + 1)));
    }
    return response;
  }
}

function readPartials(): Record<string, string> {
  const dir = new URL('blocks/', templatesDir);
  const partials: Record<string, string> = {};
  for (const file of readdirSync(dir)) if (file.endsWith('.block')) partials[file] = readFileSync(new URL(file, dir), 'utf8');
  return partials;
}

/** Captures the four pages from a freshly started server; throws when the server cannot serve them. */
export async function captureLivePages(): Promise<StorefrontPage[]> {
  const { createApp } = await import('../../server/app.ts');
  const dir = mkdtempSync(join(tmpdir(), 'bench-pages-'));
  const app = await createApp({
    databasePath: join(dir, 'store.db'),
    seed: true,
    logLevel: 'silent',
    ownerPassword: 'bench-owner-password',
    rateLimits: { addToCart: 1_000_000, formSave: 1_000_000 },
  });
  const server = app.listen(0, '127.0.0.1');
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('listening', () => resolve());
      server.once('error', reject);
    });
    const { port } = server.address() as AddressInfo;
    const visitor = new Visitor(`http://127.0.0.1:${port}`);
    await visitor.request('/');
    for (const item of CART_ITEMS) {
      const res = await visitor.request('/api/commerce/shopping-cart/entries', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': visitor.cookie('crumb') ?? '' },
        body: JSON.stringify(item),
      });
      if (!res.ok) throw new Error(`add to cart answered ${res.status}: ${await res.text()}`);
    }
    const partials = readPartials();
    const pages: StorefrontPage[] = [];
    for (const p of LIVE_PAGES) {
      const res = await visitor.request(`${p.path}?format=json`);
      if (!res.ok) throw new Error(`${p.path}?format=json answered ${res.status}`);
      pages.push({ page: p.page, source: pageSource(p.template), data: withLegacyPrices(await res.json()), partials });
    }
    return pages;
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    app.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
