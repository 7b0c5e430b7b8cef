/**
 * The owner's Discounts screen, through its admin calls: codes made (kept in upper case, a
 * percentage as typed in basis points, an amount in the store's currency), listed newest first
 * and found by part of the code, changed (once per customer or not), stopped and started again, deleted only while no order
 * has used them (a used one keeps its uses, listed with their orders' numbers); each problem of
 * the form named by its field, a code taken refused with 409; the first and last day are whole
 * days in the store's time zone. Reading is the orders' right, changing the right to manage the
 * store; signed out and without the session's token nothing changes.
 * Runs on SQLite, and on PostgreSQL with TEST_ENGINE=postgres.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../../../client/lib/admin-messages.ts';
import { newAdminId } from '../../../server/db/admin-product-repository.ts';
import { seededProduct } from '../helpers/fixtures.ts';
import { SiteRepository } from '../../../server/db/site-repository.ts';
import { CONTRIBUTOR_ROLES } from '../../../server/security/owner-permissions.ts';
import { createSiteUserAccount } from '../../../server/security/site-user-accounts.ts';
import { SITE_USER_XSRF_HEADER } from '../../../server/security/site-user.ts';
import { fillMessage } from '../../../server/messages.ts';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';
import { SiteUserVisitor } from '../helpers/site-user-visitor.ts';
import { Visitor } from '../helpers/visitor.ts';

const CODES = '/api/admin/discount-codes';
const ZONE = 'America/Los_Angeles';
const HOUR = 3_600_000;
/** Midnight of 15 January 2025 in Los Angeles (UTC−8 in winter). */
const JAN_15 = Date.UTC(2025, 0, 15, 8);

interface Code {
  id: string; code: string; kind: string; percentBasisPoints: number; amountCents: number; currency: string; minimumSubtotalCents: number;
  startsOn: number | null; endsOn: number | null; usageLimit: number | null; timesUsed: number; stoppedOn: number | null;
  firstDay: string | null; lastDay: string | null; state: string; oncePerCustomer: boolean;
  appliesTo: string; targets: string[]; targetNames: string[];
}
interface CodeDetail extends Code {
  uses: Array<{ orderId: string; orderNumber: number | null; currency: string; amountCents: number; createdOn: number; returnedOn: number | null }>;
}
type Answer = { discountCode: CodeDetail; message?: string; fieldErrors?: Record<string, string> };

let server: PlatformServer;
let owner: SiteUserVisitor;

beforeAll(async () => {
  server = await startPlatformServer();
  owner = await server.signInOwner();
  const site = new SiteRepository(server.app.deps.store);
  await site.writeSetting('website', { ...(await site.website()), timeZone: ZONE });
});
afterAll(async () => {
  await server.stop(true);
});

const form = (overrides: Record<string, unknown> = {}) => ({
  code: 'SUMMER-25', kind: 'percent', percentBasisPoints: 2500, amountCents: null, minimumSubtotalCents: 0, startsOn: '', endsOn: '', usageLimit: null,
  ...overrides,
});

async function create(overrides: Record<string, unknown> = {}): Promise<CodeDetail> {
  const made = await owner.post<Answer>(CODES, form(overrides));
  expect(made.status, made.text).toBe(201);
  return made.body.discountCode;
}

async function list(q = ''): Promise<Code[]> {
  const answer = await owner.get<{ discountCodes: Code[] }>(`${CODES}?q=${encodeURIComponent(q)}`);
  expect(answer.status, answer.text).toBe(200);
  return answer.body.discountCodes;
}

const rows = () => server.app.deps.store.all('SELECT * FROM discount_codes ORDER BY id');

/** An order, and the use of `codeId` it made (as the checkout writes it), `returned` when given back. */
async function usedBy(codeId: string, code: string, number: number, returned = false): Promise<string> {
  const [cartId, orderId, now] = [newAdminId(), newAdminId(), Date.now()];
  await server.app.deps.store.transaction(async (tx) => {
    await tx.run('INSERT INTO carts (id, cookie_token, currency, is_purchased, created_on, updated_on) VALUES (?, ?, ?, 1, ?, ?)', [cartId, newAdminId(), 'USD', now, now]);
    await tx.run(
      `INSERT INTO orders (id, purchased_cart_id, website_id, test_mode, currency, subtotal_cents, tax_cents, shipping_cents,
         discount_cents, grand_total_cents, view_token, created_on, order_number, customer_email, status)
       VALUES (?, ?, 'site', 1, 'USD', 4000, 0, 0, 1000, 3000, ?, ?, ?, 'ada@example.com', 'paid')`,
      [orderId, cartId, newAdminId(), now, number],
    );
    await tx.run(
      'INSERT INTO discount_code_uses (order_id, discount_code_id, code, kind, amount_cents, created_on, returned_on) VALUES (?, ?, ?, ?, 1000, ?, ?)',
      [orderId, codeId, code, 'percent', now, returned ? now : null],
    );
    await tx.run('UPDATE discount_codes SET times_used = times_used + ? WHERE id = ?', [returned ? 0 : 1, codeId]);
  });
  return orderId;
}

describe('the demo store', () => {
  it('has WELCOME10, 10% off without a limit or dates, for a newcomer to try at the checkout', async () => {
    const [welcome] = await list('WELCOME10');
    expect(welcome).toMatchObject({
      code: 'WELCOME10', kind: 'percent', percentBasisPoints: 1000, currency: 'USD', minimumSubtotalCents: 0, usageLimit: null,
      startsOn: null, endsOn: null, stoppedOn: null, state: 'active',
    });
  });
});

describe('making and finding codes', () => {
  it('keeps a code in upper case, what it takes off in the store\'s terms, and lists the codes newest first, found by part of the code', async () => {
    const percent = await create({ code: ' spring-12 ', percentBasisPoints: 1250, usageLimit: 100, minimumSubtotalCents: 5000 });
    expect(percent).toMatchObject({
      code: 'SPRING-12', kind: 'percent', percentBasisPoints: 1250, amountCents: 0, currency: 'USD', minimumSubtotalCents: 5000,
      usageLimit: 100, timesUsed: 0, stoppedOn: null, startsOn: null, endsOn: null, firstDay: null, lastDay: null, state: 'active', uses: [],
      oncePerCustomer: false,
    });
    // the other kinds' fields are 0 whatever the form had in them
    const amount = await create({ code: 'SPRING-TEN', kind: 'amount', amountCents: 1000, percentBasisPoints: 2500 });
    expect(amount).toMatchObject({ kind: 'amount', amountCents: 1000, percentBasisPoints: 0, usageLimit: null });
    const shipping = await create({ code: 'SPRING_SHIP', kind: 'free-shipping', percentBasisPoints: null });
    expect(shipping).toMatchObject({ kind: 'free-shipping', amountCents: 0, percentBasisPoints: 0 });

    expect((await list('spring')).map((code) => code.code)).toEqual(['SPRING_SHIP', 'SPRING-TEN', 'SPRING-12']);
    expect((await list('ship')).map((code) => code.code)).toEqual(['SPRING_SHIP']);
    // a LIKE wildcard typed is text
    expect(await list('SPRING%')).toEqual([]);
    const one = await owner.get<Answer>(`${CODES}/${percent.id}`);
    expect(one.body.discountCode.code).toBe('SPRING-12');
    expect((await owner.get(`${CODES}/unknown-code`)).status).toBe(404);
  });

  it('names every field to correct at once, in the owner\'s words, and writes nothing', async () => {
    const before = await rows();
    const refused = await owner.post<Answer>(CODES, form({ code: 'ÉTÉ', percentBasisPoints: null, usageLimit: 'lots', startsOn: '2025-02-30', endsOn: '2025-01-10' }));
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors).toEqual({
      code: ADMIN.server.discountCodeShape,
      percentBasisPoints: ADMIN.server.discountPercent,
      usageLimit: ADMIN.server.discountUsageLimit,
      startsOn: ADMIN.server.discountStartNotADay,
    });
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ code: 'AB' }, 'code', ADMIN.server.discountCodeShape],
      [{ code: 'A'.repeat(33) }, 'code', ADMIN.server.discountCodeShape],
      [{ percentBasisPoints: 0 }, 'percentBasisPoints', ADMIN.server.discountPercent],
      [{ percentBasisPoints: 10_001 }, 'percentBasisPoints', ADMIN.server.discountPercent],
      // 12.345% typed: tenths of a basis point, finer than a code keeps
      [{ percentBasisPoints: 1234.5 }, 'percentBasisPoints', ADMIN.server.discountPercent],
      [{ kind: 'amount', amountCents: 0 }, 'amountCents', ADMIN.server.discountAmountZero],
      [{ kind: 'amount', amountCents: -5 }, 'amountCents', ADMIN.server.amountNegative],
      [{ kind: 'amount', amountCents: null }, 'amountCents', ADMIN.server.notAnAmount.replace('{example}', '12.50')],
      [{ minimumSubtotalCents: null }, 'minimumSubtotalCents', ADMIN.server.notAnAmount.replace('{example}', '12.50')],
      [{ kind: 'half-off' }, 'kind', ADMIN.server.notAnOption],
      [{ usageLimit: 0 }, 'usageLimit', ADMIN.server.discountUsageLimit],
      [{ usageLimit: 1_000_001 }, 'usageLimit', ADMIN.server.discountUsageLimit],
      [{ usageLimit: 2.5 }, 'usageLimit', ADMIN.server.discountUsageLimit],
      [{ startsOn: '2025-01-16', endsOn: '2025-01-15' }, 'endsOn', ADMIN.server.discountEndBeforeStart],
      [{ endsOn: '15/01/2025' }, 'endsOn', ADMIN.server.discountEndNotADay],
      [{ oncePerCustomer: 'yes' }, 'oncePerCustomer', ADMIN.server.notValid],
      [{ oncePerCustomer: 1 }, 'oncePerCustomer', ADMIN.server.notValid],
    ];
    for (const [overrides, field, message] of cases) {
      const answer = await owner.post<Answer>(CODES, form({ code: 'REFUSED', ...overrides }));
      expect(answer.status, JSON.stringify(overrides)).toBe(400);
      expect(answer.body.fieldErrors?.[field], JSON.stringify(overrides)).toBe(message);
    }
    expect(await rows()).toEqual(before);
  });

  it('refuses a code the store has already, in any case, with 409 under the code, on a new code and on a change', async () => {
    const first = await create({ code: 'TAKEN-1' });
    const second = await create({ code: 'TAKEN-2' });
    const before = await rows();
    const taken = fillMessage(ADMIN.server.discountCodeTaken, { code: 'TAKEN-1' });
    const again = await owner.post<Answer>(CODES, form({ code: 'taken-1' }));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(taken);
    expect(again.body.fieldErrors).toEqual({ code: taken });
    const renamed = await owner.put<Answer>(`${CODES}/${second.id}`, form({ code: 'Taken-1' }));
    expect(renamed.status).toBe(409);
    expect(renamed.body.fieldErrors).toEqual({ code: taken });
    expect(await rows()).toEqual(before);
    // a code saved under its own name is no clash
    const kept = await owner.put<Answer>(`${CODES}/${first.id}`, form({ code: 'TAKEN-1', percentBasisPoints: 1000 }));
    expect(kept.status, kept.text).toBe(200);
    expect(kept.body.discountCode.percentBasisPoints).toBe(1000);
    expect((await owner.put(`${CODES}/unknown-code`, form({ code: 'ELSEWHERE' }))).status).toBe(404);
  });
});

describe('once per customer', () => {
  it('is kept as made and as changed, answered with the code and in the list, and off unless asked for', async () => {
    const made = await create({ code: 'ONCE-EACH', oncePerCustomer: true });
    expect(made.oncePerCustomer).toBe(true);
    const stored = async () => (await server.app.deps.store.get<{ once_per_customer: number | string }>('SELECT once_per_customer FROM discount_codes WHERE id = ?', [made.id]))!;
    expect(Number((await stored()).once_per_customer)).toBe(1);
    expect((await list('ONCE-EACH'))[0]!.oncePerCustomer).toBe(true);

    const off = await owner.put<Answer>(`${CODES}/${made.id}`, form({ code: 'ONCE-EACH', oncePerCustomer: false }));
    expect(off.status, off.text).toBe(200);
    expect(off.body.discountCode.oncePerCustomer).toBe(false);
    expect(Number((await stored()).once_per_customer)).toBe(0);
    const on = await owner.put<Answer>(`${CODES}/${made.id}`, form({ code: 'ONCE-EACH', oncePerCustomer: true }));
    expect(on.body.discountCode.oncePerCustomer).toBe(true);
    expect((await owner.get<Answer>(`${CODES}/${made.id}`)).body.discountCode.oncePerCustomer).toBe(true);
    // a change that leaves the field out turns it off, as the form sends every field
    const omitted = await owner.put<Answer>(`${CODES}/${made.id}`, form({ code: 'ONCE-EACH' }));
    expect(omitted.body.discountCode.oncePerCustomer).toBe(false);
  });
});

describe('what a code applies to', () => {
  const mug = seededProduct('stoneware-mug');
  const giftCard = seededProduct('gift-card');

  it("offers the shop's products but gift cards, by title, and the categories they carry", async () => {
    const answer = await owner.get<{ products: Array<{ id: string; title: string }>; categories: string[] }>('/api/admin/discount-code-targets');
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.products).toContainEqual({ id: mug.id, title: 'Stoneware Mug' });
    expect(answer.body.products.map((product) => product.id)).not.toContain(giftCard.id);
    expect(answer.body.products.map((product) => product.title)).toEqual([...answer.body.products.map((product) => product.title)].sort((a, b) => a.localeCompare(b)));
    expect(answer.body.categories).toEqual(['Accessories', 'Apparel', 'Ceramics', 'Experiences', 'Home', 'Learning', 'Subscriptions']);
  });

  it('keeps the chosen products or categories, answered with their names, and none for the whole order', async () => {
    const ceramics = await create({ code: 'CERAMICS-20', percentBasisPoints: 2000, appliesTo: 'categories', targets: ['Ceramics', 'Ceramics'] });
    expect(ceramics).toMatchObject({ appliesTo: 'categories', targets: ['Ceramics'], targetNames: ['Ceramics'] });
    const stored = async (id: string) => (await server.app.deps.store.get<{ applies_to: string; targets_json: string }>('SELECT applies_to, targets_json FROM discount_codes WHERE id = ?', [id]))!;
    expect(await stored(ceramics.id)).toEqual({ applies_to: 'categories', targets_json: '["Ceramics"]' });
    const mugFive = await create({ code: 'MUG-5', kind: 'amount', amountCents: 500, percentBasisPoints: null, appliesTo: 'products', targets: [mug.id] });
    expect(mugFive).toMatchObject({ appliesTo: 'products', targets: [mug.id], targetNames: ['Stoneware Mug'] });
    expect((await list('MUG-5'))[0]).toMatchObject({ appliesTo: 'products', targetNames: ['Stoneware Mug'] });
    expect((await owner.get<Answer>(`${CODES}/${mugFive.id}`)).body.discountCode.targets).toEqual([mug.id]);

    // back to the whole order: the ticks go
    const whole = await owner.put<Answer>(`${CODES}/${mugFive.id}`, form({ code: 'MUG-5', kind: 'amount', amountCents: 500, appliesTo: 'order', targets: [mug.id] }));
    expect(whole.status, whole.text).toBe(200);
    expect(whole.body.discountCode).toMatchObject({ appliesTo: 'order', targets: [], targetNames: [] });
    expect(await stored(mugFive.id)).toEqual({ applies_to: 'order', targets_json: '[]' });
    // a code made before, or without the field, is for the whole order
    expect((await create({ code: 'PLAIN-10' }))).toMatchObject({ appliesTo: 'order', targets: [] });
    // free shipping is always the whole order's
    expect(await create({ code: 'SHIP-MUGS', kind: 'free-shipping', percentBasisPoints: null, appliesTo: 'products', targets: [mug.id] })).toMatchObject({ appliesTo: 'order', targets: [] });
  });

  it('refuses an empty choice and a product no longer in the shop under the list, and writes nothing', async () => {
    const before = await rows();
    const refused = async (overrides: Record<string, unknown>) => {
      const answer = await owner.post<Answer>(CODES, form({ code: 'TARGETS-NONE', ...overrides }));
      expect(answer.status, answer.text).toBe(400);
      return answer.body.fieldErrors;
    };
    expect(await refused({ appliesTo: 'products', targets: [] })).toEqual({ targets: ADMIN.server.discountNoProducts });
    expect(await refused({ appliesTo: 'categories' })).toEqual({ targets: ADMIN.server.discountNoCategories });
    // named with the other fields' problems in one save
    expect(await refused({ appliesTo: 'categories', targets: [], usageLimit: 0 })).toEqual({ targets: ADMIN.server.discountNoCategories, usageLimit: ADMIN.server.discountUsageLimit });
    expect(await refused({ appliesTo: 'products', targets: [mug.id, 'no-such-product'] })).toEqual({ targets: ADMIN.server.discountProductGone });
    expect(await refused({ appliesTo: 'products', targets: [giftCard.id] })).toEqual({ targets: ADMIN.server.discountProductGone });
    expect(await rows()).toEqual(before);
  });
});

describe('the days a code applies', () => {
  it('runs from the first day\'s midnight to the end of the last day in the store\'s time zone, and says where the code stands', async () => {
    const dated = await create({ code: 'JANUARY-15', startsOn: '2025-01-15', endsOn: '2025-01-15' });
    expect(dated.startsOn).toBe(JAN_15);
    expect(dated.endsOn).toBe(JAN_15 + 24 * HOUR);
    expect({ firstDay: dated.firstDay, lastDay: dated.lastDay }).toEqual({ firstDay: '2025-01-15', lastDay: '2025-01-15' });
    expect(dated.state).toBe('ended');
    const later = await create({ code: 'NEXT-CENTURY', startsOn: '2101-06-01', endsOn: '' });
    expect(later).toMatchObject({ state: 'scheduled', firstDay: '2101-06-01', lastDay: null, endsOn: null });
    const open = await create({ code: 'UNTIL-2101', endsOn: '2101-06-30' });
    expect(open).toMatchObject({ state: 'active', firstDay: null, lastDay: '2101-06-30' });
  });
});

describe('stopping, starting again and deleting', () => {
  it('stops a code and starts it again, once each, and says a used-up code so', async () => {
    const code = await create({ code: 'STOP-ME', usageLimit: 1 });
    const stopped = await owner.post<Answer>(`${CODES}/${code.id}/stop`, {});
    expect(stopped.status).toBe(200);
    expect(stopped.body.discountCode.state).toBe('stopped');
    expect(stopped.body.discountCode.stoppedOn).not.toBeNull();
    const twice = await owner.post<Answer>(`${CODES}/${code.id}/stop`, {});
    expect([twice.status, twice.body.message]).toEqual([409, ADMIN.server.discountStoppedAlready]);
    const started = await owner.post<Answer>(`${CODES}/${code.id}/start`, {});
    expect(started.body.discountCode).toMatchObject({ state: 'active', stoppedOn: null });
    const startedTwice = await owner.post<Answer>(`${CODES}/${code.id}/start`, {});
    expect([startedTwice.status, startedTwice.body.message]).toEqual([409, ADMIN.server.discountLiveAlready]);
    await usedBy(code.id, 'STOP-ME', 8101);
    expect((await owner.get<Answer>(`${CODES}/${code.id}`)).body.discountCode).toMatchObject({ state: 'used-up', timesUsed: 1 });
    expect((await owner.post(`${CODES}/unknown-code/stop`, {})).status).toBe(404);
  });

  it('deletes a code no order used; a used one is kept with its uses, each with its order\'s number', async () => {
    const unused = await create({ code: 'NEVER-USED' });
    const deleted = await owner.delete(`${CODES}/${unused.id}`);
    expect(deleted.status, deleted.text).toBe(200);
    expect((await owner.get(`${CODES}/${unused.id}`)).status).toBe(404);
    expect((await owner.delete(`${CODES}/${unused.id}`)).status).toBe(404);

    const used = await create({ code: 'USED-ONCE' });
    const firstOrder = await usedBy(used.id, 'USED-ONCE', 8201, true);
    const secondOrder = await usedBy(used.id, 'USED-ONCE', 8202);
    const refused = await owner.delete<{ message: string }>(`${CODES}/${used.id}`);
    expect([refused.status, refused.body.message]).toEqual([409, ADMIN.server.discountUsedNoDelete]);
    const kept = (await owner.get<Answer>(`${CODES}/${used.id}`)).body.discountCode;
    expect(kept.timesUsed).toBe(1);
    expect(kept.uses.map((use) => [use.orderId, use.orderNumber, use.currency, use.amountCents, use.returnedOn !== null]).sort())
      .toEqual([[firstOrder, 8201, 'USD', 1000, true], [secondOrder, 8202, 'USD', 1000, false]].sort());
  });
});

describe('who may do what', () => {
  it('lets a role that reads orders see the codes but not change them; others, strangers and forged requests change nothing', async () => {
    const code = await create({ code: 'GUARDED' });
    // billing: reads the orders, manages no store
    await createSiteUserAccount(server.app.deps, { email: 'books@example.com', password: 'a bookkeeper passphrase', contributorRole: CONTRIBUTOR_ROLES.billing });
    const bookkeeper = await new SiteUserVisitor(server.url).signIn('books@example.com', 'a bookkeeper passphrase');
    expect((await bookkeeper.get(CODES)).status).toBe(200);
    expect((await bookkeeper.get(`${CODES}/${code.id}`)).status).toBe(200);
    // an editor reads no orders
    await createSiteUserAccount(server.app.deps, { email: 'editor@example.com', password: 'an editor passphrase', contributorRole: CONTRIBUTOR_ROLES.editor });
    const editor = await new SiteUserVisitor(server.url).signIn('editor@example.com', 'an editor passphrase');
    expect((await editor.get(CODES)).status).toBe(403);

    const before = await rows();
    const url = `${CODES}/${code.id}`;
    expect((await bookkeeper.post(CODES, form({ code: 'SNEAKY' }))).status).toBe(403);
    expect((await bookkeeper.put(url, form({ code: 'GUARDED', percentBasisPoints: 10_000 }))).status).toBe(403);
    expect((await bookkeeper.post(`${url}/stop`, {})).status).toBe(403);
    expect((await bookkeeper.delete(url)).status).toBe(403);
    const stranger = await new Visitor(server.url).start();
    expect((await stranger.get(CODES)).status).toBe(401);
    expect((await stranger.get(url)).status).toBe(401);
    expect((await stranger.post(CODES, form({ code: 'SNEAKY' }))).status).toBe(401);
    expect((await stranger.post(`${url}/stop`, {})).status).toBe(401);
    // the owner's own session without its token, or without the crumb: a forged request from another site
    const forged = { headers: { [SITE_USER_XSRF_HEADER]: 'not-the-token' } };
    expect((await owner.post(CODES, form({ code: 'SNEAKY' }), forged)).status).toBe(403);
    expect((await owner.post(`${url}/stop`, {}, forged)).status).toBe(403);
    expect((await owner.delete(url, forged)).status).toBe(403);
    expect((await owner.post(`${url}/stop`, {}, { withoutCrumb: true })).status).toBe(403);
    expect(await rows()).toEqual(before);

    // a store manager manages the store
    await createSiteUserAccount(server.app.deps, { email: 'manager@example.com', password: 'a manager passphrase', contributorRole: CONTRIBUTOR_ROLES.storeManager });
    const manager = await new SiteUserVisitor(server.url).signIn('manager@example.com', 'a manager passphrase');
    expect((await manager.post(`${url}/stop`, {})).status).toBe(200);
  });
});
