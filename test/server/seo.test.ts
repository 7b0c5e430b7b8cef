/**
 * For search engines and browsers: one title per page, the description,
 * canonical address, Open Graph and Twitter tags, Product structured data with
 * offers and availability (kept inside its script element whatever the stored
 * text), noindex on the visitor's own pages, robots.txt, sitemap.xml and the
 * favicon.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './helpers/start-server.ts';
import { seededProduct } from './helpers/fixtures.ts';

const BASE = 'http://localhost:3000';
let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.stop(true);
});

async function page(path: string): Promise<string> {
  return (await fetch(server.url + path)).text();
}

function meta(html: string, attribute: 'name' | 'property', key: string): string | undefined {
  return new RegExp(`<meta ${attribute}="${key}" content="([^"]*)">`).exec(html)?.[1];
}

function structuredData(html: string): Array<Record<string, any>> {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1]!));
}

describe('page heads', () => {
  it('writes one title per page: the site title alone at home, the page and the site elsewhere', async () => {
    const titles = async (path: string) => [...(await page(path)).matchAll(/<title>([^<]*)<\/title>/g)].map((match) => match[1]);
    expect(await titles('/')).toEqual(['Linen &amp; Loam']);
    expect(await titles('/shop')).toEqual(['Shop · Linen &amp; Loam']);
    expect(await titles('/shop/p/linen-shirt')).toEqual(['Linen Work Shirt · Linen &amp; Loam']);
  });

  it('describes a product for search engines and link previews', async () => {
    const shirt = seededProduct('linen-shirt') as ReturnType<typeof seededProduct> & { excerpt: string };
    const html = await page('/shop/p/linen-shirt');
    expect(meta(html, 'name', 'description')).toBe(shirt.excerpt);
    expect(html).toContain(`<link rel="canonical" href="${BASE}/shop/p/linen-shirt">`);
    expect(meta(html, 'property', 'og:title')).toBe('Linen Work Shirt');
    expect(meta(html, 'property', 'og:type')).toBe('product');
    expect(meta(html, 'property', 'og:url')).toBe(`${BASE}/shop/p/linen-shirt`);
    expect(meta(html, 'property', 'og:image')).toMatch(new RegExp(`^${BASE}/`));
    expect(meta(html, 'property', 'og:site_name')).toBe('Linen &amp; Loam');
    expect(meta(html, 'name', 'twitter:card')).toBe('summary_large_image');
    expect(meta(html, 'name', 'twitter:description')).toBe(shirt.excerpt);
    expect(meta(html, 'name', 'robots')).toBeUndefined();
  });

  it('gives a product page schema.org Product data with an offer per variant and its availability', async () => {
    const [product] = structuredData(await page('/shop/p/linen-shirt'));
    expect(product).toMatchObject({ '@context': 'https://schema.org', '@type': 'Product', name: 'Linen Work Shirt', url: `${BASE}/shop/p/linen-shirt` });
    expect(product!.offers).toHaveLength(6);
    expect(product!.offers).toContainEqual(expect.objectContaining({ '@type': 'Offer', sku: 'SQ-SHIRT-S-NAT', price: '68.00', priceCurrency: 'USD', availability: 'https://schema.org/OutOfStock' }));
    expect(product!.offers).toContainEqual(expect.objectContaining({ sku: 'SQ-SHIRT-M-NAT', availability: 'https://schema.org/InStock' }));
    // A sale price is the offer's price.
    const [guide] = structuredData(await page('/shop/p/natural-dye-guide'));
    expect(guide!.offers[0]).toMatchObject({ price: '12.00', availability: 'https://schema.org/InStock' });
  });

  it('keeps stored text inside the structured-data element', async () => {
    const hostile = 'Soft </script><script>alert(1)</script> & warm';
    await server.app.deps.store.run("UPDATE products SET excerpt = ? WHERE url_id = 'wool-throw'", [hostile]);
    const html = await page('/shop/p/wool-throw');
    expect(html).not.toContain('<script>alert(1)');
    const [throwData] = structuredData(html);
    expect(throwData!.description).toBe(hostile);
  });

  it('keeps the visitor\'s own pages and search results out of search engines', async () => {
    for (const path of ['/cart', '/checkout', '/search?q=linen', '/no-such-page', '/lessons/glazing-at-home']) {
      expect(meta(await page(path), 'name', 'robots'), path).toBe('noindex');
    }
    expect(meta(await page('/shop?category=Home'), 'name', 'robots')).toBeUndefined();
    expect(await page('/shop?category=Home')).toContain(`<link rel="canonical" href="${BASE}/shop">`);
  });
});

describe('files for crawlers and browsers', () => {
  it('answers robots.txt with the private paths and the sitemap', async () => {
    const response = await fetch(`${server.url}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).toContain('User-agent: *\nDisallow: /cart\nDisallow: /checkout\nDisallow: /api/');
    expect(text).toContain(`Sitemap: ${BASE}/sitemap.xml`);
  });

  it('lists every visible page and product in sitemap.xml, not the members-only lessons', async () => {
    const response = await fetch(`${server.url}/sitemap.xml`);
    expect(response.headers.get('content-type')).toMatch(/^application\/xml/);
    const locations = [...(await response.text()).matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]!.slice(BASE.length));
    for (const path of ['/', '/shop', '/contact', '/lessons', '/gallery', '/lessons/indigo-basics']) expect(locations).toContain(path);
    for (const urlId of ['linen-shirt', 'wool-throw', 'gift-card', 'coffee-club']) expect(locations).toContain(`/shop/p/${urlId}`);
    expect(locations.filter((path) => path.startsWith('/shop/p/'))).toHaveLength(13);
    expect(locations).not.toContain('/lessons/glazing-at-home');
    for (const path of locations) expect((await fetch(server.url + path)).status, path).toBe(200);
  });

  it('serves the theme\'s icon at /favicon.ico', async () => {
    const response = await fetch(`${server.url}/favicon.ico`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^image\/x-icon/);
    const bytes = Buffer.from(await response.arrayBuffer());
    // an ICO directory (reserved 0, type 1) of PNG images, the first 16 px square
    expect([bytes.readUInt16LE(0), bytes.readUInt16LE(2)]).toEqual([0, 1]);
    expect(bytes.readUInt16LE(4)).toBeGreaterThan(0);
    expect(bytes[6]).toBe(16);
    const firstImage = bytes.subarray(bytes.readUInt32LE(18), bytes.readUInt32LE(18) + 8);
    expect(firstImage.toString('latin1')).toBe('\x89PNG\r\n\x1a\n');
  });
});
