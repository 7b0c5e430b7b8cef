import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { createHash } from 'node:crypto';
import { clientAssetTags } from '../../../client/manifest.ts';
import { createMaintenanceApp } from '../../../server/maintenance-app.ts';
import { NONCE_PLACEHOLDER } from '../../../server/security/content-security-policy.ts';
import { PAGE_TYPE } from '../../../server/pages/page-renderer.ts';
import { startServer, type RunningServer } from '../helpers/start-server.ts';
import { seededProduct } from '../helpers/fixtures.ts';
import { Visitor } from '../helpers/visitor.ts';
import { placeOrderThroughCheckout } from '../helpers/checkout.ts';

/**
 * Every page answers a Content-Security-Policy whose script-src admits only this origin's files
 * and scripts carrying the response's own nonce; every script of the page carries that nonce.
 */
const vase = seededProduct('bud-vase');
const mug = seededProduct('stoneware-mug');
const giftCard = seededProduct('gift-card');

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.stop(true);
});

type Policy = Map<string, string[]>;

function parsePolicy(header: string | null): Policy {
  const policy: Policy = new Map();
  for (const directive of (header ?? '').split(';')) {
    const [name, ...values] = directive.trim().split(/\s+/);
    if (name) policy.set(name.toLowerCase(), values);
  }
  return policy;
}

/**
 * Whether the policy lets an inline <script> run, as CSP Level 3 decides it: script-src-elem,
 * else script-src, else default-src; a matching nonce admits it; 'unsafe-inline' admits any only
 * when the list names no nonce or hash.
 */
function allowsInlineScript(policy: Policy, nonce: string | undefined): boolean {
  const list = policy.get('script-src-elem') ?? policy.get('script-src') ?? policy.get('default-src');
  if (list === undefined) return true;
  if (nonce !== undefined && list.includes(`'nonce-${nonce}'`)) return true;
  const namesNonceOrHash = list.some((value) => /^'(nonce|sha256|sha384|sha512)-/.test(value));
  return list.includes("'unsafe-inline'") && !namesNonceOrHash;
}

function nonceOf(policy: Policy): string {
  const entry = (policy.get('script-src') ?? []).find((value) => value.startsWith("'nonce-"));
  expect(entry, 'script-src names a nonce').toBeDefined();
  return entry!.slice("'nonce-".length, -1);
}

/** Checks one page answer and returns its nonce. */
function checkPage(headers: Headers, html: string): string {
  const policy = parsePolicy(headers.get('content-security-policy'));
  const nonce = nonceOf(policy);
  expect(nonce).toMatch(/^[A-Za-z0-9_-]{22}$/);
  // JSON-LD is a data block: browsers never run it, so the policy has nothing to admit there.
  const scripts = (html.match(/<script\b[^>]*>/gi) ?? []).filter((tag) => !/type="application\/ld\+json"/i.test(tag));
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toContain(` nonce="${nonce}"`);
  expect(html).not.toContain(NONCE_PLACEHOLDER);
  expect(allowsInlineScript(policy, nonce)).toBe(true);
  expect(allowsInlineScript(policy, undefined)).toBe(false);
  // inline event attributes: only an empty one (a template's `onclick=""` for iOS taps), by its hash
  expect(policy.get('script-src-attr')).toEqual(["'unsafe-hashes'", `'sha256-${createHash('sha256').update('').digest('base64')}'`]);
  expect(policy.get('object-src')).toEqual(["'none'"]);
  expect(policy.get('default-src')).toEqual(["'self'"]);
  return nonce;
}

async function placeOrder(): Promise<{ visitor: Visitor; location: string }> {
  const visitor = await new Visitor(server.url).start();
  await visitor.post('/api/commerce/shopping-cart/entries', { itemId: vase.id, sku: vase.variants[0]!.sku, quantity: 1 });
  const placed = await placeOrderThroughCheckout(visitor);
  expect(placed.status).toBe(201);
  return { visitor, location: placed.body.confirmationUrl! };
}

describe('Content-Security-Policy with a nonce per response', () => {
  it('every page type carries a fresh nonce on the header and on each of its scripts', async () => {
    const { visitor, location } = await placeOrder();
    // a new cart after the order: /checkout of the cart bought would lead to its confirmation (303)
    expect((await visitor.post('/api/commerce/shopping-cart/entries', { itemId: mug.id, sku: mug.variants[0]!.sku, quantity: 1 })).status).toBe(200);
    const paths: Array<[string, number]> = [
      ['/', 200], ['/shop', 200], ['/shop/p/linen-shirt', 200], ['/cart', 200], ['/checkout', 200],
      ['/search?q=linen', 200], ['/contact', 200], ['/gallery', 200], ['/lessons', 200],
      ['/lessons/indigo-basics', 200], ['/lessons/glazing-at-home', 403],
      [`/checkout/gift-card?itemId=${giftCard.id}&sku=SQ-GIFT-50`, 200], ['/no-such-page', 404], [location, 200],
    ];
    const seen = new Set<string>();
    for (const [path, status] of paths) {
      for (let view = 0; view < 2; view++) {
        const page = await visitor.get<string>(path);
        expect(page.status, path).toBe(status);
        const nonce = checkPage(page.headers, page.text);
        expect(seen.has(nonce), `${path} repeats a nonce`).toBe(false);
        seen.add(nonce);
      }
    }
    expect(seen.size).toBe(paths.length * 2);
  });

  it('a page kept as bytes is sent with each response\'s own nonce, otherwise unchanged', async () => {
    const first = await fetch(`${server.url}/shop`);
    const second = await fetch(`${server.url}/shop`);
    const [firstHtml, secondHtml] = [await first.text(), await second.text()];
    const firstNonce = checkPage(first.headers, firstHtml);
    const secondNonce = checkPage(second.headers, secondHtml);
    expect(secondNonce).not.toBe(firstNonce);
    expect(secondHtml.replaceAll(secondNonce, 'N')).toBe(firstHtml.replaceAll(firstNonce, 'N'));
  });

  it('a script injected without the nonce, or with another response\'s nonce, is refused by the policy', async () => {
    const first = parsePolicy((await fetch(`${server.url}/`)).headers.get('content-security-policy'));
    const second = parsePolicy((await fetch(`${server.url}/`)).headers.get('content-security-policy'));
    expect(allowsInlineScript(second, undefined)).toBe(false);
    expect(allowsInlineScript(second, nonceOf(first))).toBe(false);
    expect(second.get('script-src')).not.toContain("'unsafe-inline'");
    expect(second.get('script-src')).not.toContain("'unsafe-eval'");
  });

  it('the error page carries the nonce too', async () => {
    // a shop page asked for a sort it does not have: the error page, with its islands
    const response = await fetch(`${server.url}/shop?sort=by-colour`);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(`data-page-type="${PAGE_TYPE.ERROR}"`);
    checkPage(response.headers, html);
  });

  it('?format=json shows the response\'s nonce, never the stand-in', async () => {
    const response = await fetch(`${server.url}/?format=json`);
    const context = await response.json() as { cspNonce: string };
    expect(context.cspNonce).toBe(nonceOf(parsePolicy(response.headers.get('content-security-policy'))));
  });

  it('the maintenance page, which has no script, forbids inline scripts too', async () => {
    const listening = createMaintenanceApp().listen(0, '127.0.0.1');
    await new Promise((resolve) => listening.once('listening', resolve));
    try {
      const response = await fetch(`http://127.0.0.1:${(listening.address() as AddressInfo).port}/`);
      expect(response.status).toBe(503);
      const policy = parsePolicy(response.headers.get('content-security-policy'));
      expect(allowsInlineScript(policy, undefined)).toBe(false);
      expect(policy.get('script-src-attr')).toEqual(["'none'"]);
    } finally {
      listening.close();
    }
  });

  it('a page preloads the translation of its language only, none for English', () => {
    const manifest = { hydrate: '/assets/hydrate-1.js', CartPill: '/assets/cart-pill-1.js', 'language:de': '/assets/chunks/de-1.js', 'language:fr': '/assets/chunks/fr-1.js' };
    const german = clientAssetTags(['CartPill'], manifest, 'abc', 'de');
    expect(german).toContain('<link rel="modulepreload" href="/assets/chunks/de-1.js">');
    expect(german).not.toContain('fr-1.js');
    expect(clientAssetTags(['CartPill'], manifest, 'abc', 'en')).not.toContain('/chunks/');
  });

  it('the islands\' loader script carries the nonce', () => {
    const tags = clientAssetTags(['CartPill'], { hydrate: '/assets/hydrate-1.js', CartPill: '/assets/cart-pill-1.js' }, 'abc');
    expect(tags).toContain('<script type="module" nonce="abc" src="/assets/hydrate-1.js"></script>');
  });
});
