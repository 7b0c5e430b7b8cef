/**
 * A discount code applied at the checkout is kept by the server's cart: the checkout loaded again
 * (a reload, back from the cart, a phone's restored tab, another device of a signed-in shopper)
 * applies it again when it still applies; one that no longer does is back in its box with the
 * reason the box gives on Apply, and the totals are plain. Remove, or another code refused,
 * forgets it. Runs on SQLite, and on PostgreSQL with TEST_ENGINE=postgres.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../client/lib/api-paths.ts';
import { CHECKOUT } from '../../client/lib/messages.ts';
import { createSiteUserAccount } from '../../server/security/site-user-accounts.ts';
import { insertDiscountCode } from './helpers/discount-codes.ts';
import { seededProduct } from './helpers/fixtures.ts';
import { OWNER_PASSWORD, startPlatformServer, type PlatformServer } from './helpers/platform-server.ts';
import { SiteUserVisitor } from './helpers/site-user-visitor.ts';
import { Visitor } from './helpers/visitor.ts';

const tote = seededProduct('canvas-tote');
const TOTE = { itemId: tote.id, sku: 'SQ-TOTE' };

let server: PlatformServer;
beforeAll(async () => {
  server = await startPlatformServer();
  await insertDiscountCode(server.app.deps.store, { code: 'KEPT-10', kind: 'percent', percentBasisPoints: 1000 });
});
afterAll(async () => {
  await server.stop(true);
});

async function withTote<V extends Visitor>(visitor: V): Promise<V> {
  const added = await visitor.post(API_PATHS.cartEntries, { ...TOTE, quantity: 1 });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  return visitor;
}

async function applied(visitor: Visitor, discountCode: string): Promise<{ discount: { code: string } | null; discountError: string | null }> {
  const answer = await visitor.post<{ quote: { discount: { code: string } | null; discountError: string | null } }>(API_PATHS.checkoutQuote, discountCode ? { discountCode } : {});
  expect(answer.status, answer.text).toBe(200);
  return answer.body.quote;
}

async function checkoutPage(visitor: Visitor): Promise<string> {
  const answer = await visitor.get<string>('/checkout');
  expect(answer.status).toBe(200);
  return answer.text;
}

const discountLine = (code: string): string => `<dt>${CHECKOUT.discountLine(code)}</dt>`;

describe('a discount code kept by the cart', () => {
  it('is applied again when the checkout loads again, until Remove forgets it', async () => {
    const visitor = await withTote(await new Visitor(server.url).start());
    expect((await applied(visitor, 'kept-10')).discount?.code).toBe('KEPT-10');
    // the tote's $42.00 less 10%
    const again = await checkoutPage(visitor);
    expect(again).toContain(discountLine('KEPT-10'));
    expect(again).toContain('<dd class="discount-deduction">-$4.20</dd>');
    expect(again).not.toContain('checkout-discountCode-error');
    // Remove: the island asks for the totals without a code
    expect((await applied(visitor, '')).discount).toBeNull();
    expect(await checkoutPage(visitor)).not.toContain(discountLine('KEPT-10'));
  });

  it('is forgotten when another code typed is refused (the box then shows no code applied)', async () => {
    const visitor = await withTote(await new Visitor(server.url).start());
    await applied(visitor, 'KEPT-10');
    expect((await applied(visitor, 'NO-SUCH-CODE')).discountError).toBe(CHECKOUT.discountUnknown);
    expect(await checkoutPage(visitor)).not.toContain(discountLine('KEPT-10'));
  });

  it('no longer applying, is in its box with the reason the box gives, and the totals are plain', async () => {
    const store = server.app.deps.store;
    for (const [code, limits, reason] of [
      ['KEPT-ENDS', "ends_on = 1", CHECKOUT.discountEnded],
      ['KEPT-USED', 'usage_limit = 1, times_used = 1', CHECKOUT.discountUsedUp],
      ['KEPT-MIN', 'minimum_subtotal_cents = 10000', CHECKOUT.discountMinimum('$100.00')],
    ] as const) {
      await insertDiscountCode(store, { code, kind: 'percent', percentBasisPoints: 1000 });
      const visitor = await withTote(await new Visitor(server.url).start());
      expect((await applied(visitor, code)).discount?.code).toBe(code);
      await store.run(`UPDATE discount_codes SET ${limits} WHERE code = ?`, [code]);
      const again = await checkoutPage(visitor);
      expect(again).not.toContain(discountLine(code));
      expect(again).not.toContain('discount-deduction');
      expect(again).toMatch(new RegExp(`<input id="checkout-discountCode"[^>]*value="${code}"`));
      expect(again).toContain(`<p class="field-error" id="checkout-discountCode-error">${reason}</p>`);
    }
  });

  it("follows a signed-in shopper's cart to another device", async () => {
    const email = 'kept-code@example.com';
    await createSiteUserAccount(server.app.deps, { email, password: OWNER_PASSWORD });
    const phone = await withTote(await new SiteUserVisitor(server.url).signIn(email, OWNER_PASSWORD));
    await applied(phone, 'KEPT-10');
    const laptop = await new SiteUserVisitor(server.url).signIn(email, OWNER_PASSWORD);
    expect(await checkoutPage(laptop)).toContain(discountLine('KEPT-10'));
  });

  it('comes with a guest cart into the account\'s cart when the shopper signs in, unless that cart kept a code of its own', async () => {
    await insertDiscountCode(server.app.deps.store, { code: 'ACCOUNT-5', kind: 'percent', percentBasisPoints: 500 });
    const email = 'guest-then-account@example.com';
    await createSiteUserAccount(server.app.deps, { email, password: OWNER_PASSWORD });
    // the account has a cart of its own, without a code
    const laptop = await withTote(await new SiteUserVisitor(server.url).signIn(email, OWNER_PASSWORD));
    const guest = await withTote(await new SiteUserVisitor(server.url).start());
    await applied(guest, 'KEPT-10');
    await guest.signIn(email, OWNER_PASSWORD);
    expect(await checkoutPage(guest)).toContain(discountLine('KEPT-10'));
    expect(await checkoutPage(laptop)).toContain(discountLine('KEPT-10'));

    // the account's cart has its code now: another guest's does not replace it
    const other = await withTote(await new SiteUserVisitor(server.url).start());
    await applied(other, 'ACCOUNT-5');
    await other.signIn(email, OWNER_PASSWORD);
    const merged = await checkoutPage(other);
    expect(merged).toContain(discountLine('KEPT-10'));
    expect(merged).not.toContain(discountLine('ACCOUNT-5'));
  });
});
