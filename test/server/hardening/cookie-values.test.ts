/**
 * Issue 16, item 5: cookie-parser decodes a value starting with "j:" as JSON, so
 * `Cookie: crumb_secret=j%3A%7B%7D` handed csurf an object and every request of that browser
 * answered 500, health included. Cookies are now read as the plain text the browser sent.
 */
import type { Request, Response } from 'express';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CART_COOKIE, HAS_CART_COOKIE } from '../../../client/lib/cart.ts';
import { serverMessages } from '../../../server/messages.ts';
import { CRUMB_COOKIE, CRUMB_SECRET_COOKIE } from '../../../server/security/crumb.ts';
import { plainTextCookies } from '../../../server/security/plain-cookies.ts';
import { seededProduct } from '../helpers/fixtures.ts';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';

const COOKIE_NAMES = [CRUMB_SECRET_COOKIE, CRUMB_COOKIE, CART_COOKIE, HAS_CART_COOKIE, 'SiteUserInfo', 'SiteUserSession', 'ss_cvr', 'ss_cvt'];
const HOSTILE_VALUES = ['j%3A%7B%7D', 'j:{}', 'j:[1,2]', 'j%3A%22text%22', 'j:null', 's%3Aabc.def', 's:abc.def', '%E0%A4%A'];
const mug = seededProduct('stoneware-mug');

let server: PlatformServer;
beforeAll(async () => {
  server = await startPlatformServer();
});
afterAll(async () => {
  await server.stop(true);
});

function readCookies(header: string): Record<string, unknown> {
  const req = { headers: { cookie: header } } as unknown as Request;
  let done = false;
  plainTextCookies(req, {} as Response, () => { done = true; });
  expect(done).toBe(true);
  return req.cookies as Record<string, unknown>;
}

describe('cookie values are plain text', () => {
  it('"j:" and "s:" values stay the strings the browser sent', () => {
    expect(readCookies('crumb_secret=j%3A%7B%7D; crumb=j:[1]; CART=s%3Aabc.def; SiteUserSession=s:x.y; hasCart=true; bad=%E0%A4%A')).toEqual({
      crumb_secret: 'j:{}', crumb: 'j:[1]', CART: 's:abc.def', SiteUserSession: 's:x.y', hasCart: 'true', bad: '%E0%A4%A',
    });
    expect(readCookies('a="quoted%20value"')).toEqual({ a: 'quoted value' });
  });

  it('a hostile value of any of our cookies answers pages and calls without a 500, health included, and logs no error', async () => {
    const errors = vi.spyOn(server.app.deps.log, 'error');
    try {
      for (const name of COOKIE_NAMES) {
        for (const value of HOSTILE_VALUES) {
          const headers = { cookie: `${name}=${value}` };
          const label = `${name}=${value}`;
          const health = await fetch(`${server.url}/api/health`, { headers });
          expect(health.status, label).toBe(200);
          for (const path of ['/', '/cart', `/shop/p/${mug.urlId}`, '/api/commerce/shopping-cart']) {
            expect((await fetch(`${server.url}${path}`, { headers })).status, `${label} ${path}`).toBe(200);
          }
          const add = await fetch(`${server.url}/api/commerce/shopping-cart/entries`, {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json', 'x-csrf-token': 'j:{}' },
            body: JSON.stringify({ itemId: mug.id, sku: mug.variants[0]!.sku, quantity: 1 }),
          });
          expect(add.status, `${label} add`).toBe(403);
          expect(((await add.json()) as { message: string }).message).toBe(serverMessages.crumbFail);
        }
      }
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  });
});
