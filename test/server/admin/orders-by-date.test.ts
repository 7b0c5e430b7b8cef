/**
 * The orders list and export by the days orders were placed, in the store's time zone (the
 * website's timeZone): an order placed at 23:30 there belongs to that day wherever the owner or
 * the server is, and the exports write its date there, with the zone's offset; the days go with
 * the status, the search and the pages; the summary adds up every order found (paid and fulfilled
 * taken, test mode apart, cancelled and refunded not counted); and the reads go through the index
 * of orders by date.
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAdminId } from '../../../server/db/admin-product-repository.ts';
import { AdminOrderRepository } from '../../../server/db/admin-order-repository.ts';
import { AdminMessagesRepository } from '../../../server/db/admin-messages-repository.ts';
import { MailingListRepository } from '../../../server/db/mailing-list-repository.ts';
import { SiteRepository } from '../../../server/db/site-repository.ts';
import type { SqlParams, StoreSession } from '../../../server/db/store.ts';
import { periodDays, periodInstants } from '../../../server/admin/order-period.ts';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';
import type { SiteUserVisitor } from '../helpers/site-user-visitor.ts';

const ZONE = 'America/Los_Angeles';
const HOUR = 3_600_000;
/** Midnight of 15 January 2025 in Los Angeles (UTC−8 in winter). */
const JAN_15 = Date.UTC(2025, 0, 15, 8);

interface Placed { number: number; on: number; status: string; testMode: boolean; cents: number; email: string }
const ORDERS: Placed[] = [
  // the evening before: 23:30 on the 14th in the store, already the 15th in UTC
  { number: 7001, on: JAN_15 - HOUR / 2, status: 'paid', testMode: false, cents: 1000, email: 'ada@example.com' },
  { number: 7002, on: JAN_15, status: 'fulfilled', testMode: false, cents: 2500, email: 'ben@example.com' },
  { number: 7003, on: JAN_15 + 12 * HOUR, status: 'cancelled', testMode: false, cents: 4000, email: 'ada@example.com' },
  { number: 7004, on: JAN_15 + 13 * HOUR, status: 'refunded', testMode: true, cents: 500, email: 'cy@example.com' },
  { number: 7005, on: JAN_15 + 14 * HOUR, status: 'paid', testMode: true, cents: 700, email: 'ada@example.com' },
  // the last millisecond of the 15th, and the first of the 16th
  { number: 7006, on: JAN_15 + 24 * HOUR - 1, status: 'paid', testMode: false, cents: 300, email: 'ben@example.com' },
  { number: 7007, on: JAN_15 + 24 * HOUR, status: 'paid', testMode: false, cents: 9000, email: 'ben@example.com' },
];

interface Listed {
  orders: Array<{ orderNumber: string }>;
  hasMore: boolean;
  summary: { orders: number; notCounted: number; taken: Array<{ currency: string; cents: number }>; takenInTestMode: Array<{ currency: string; cents: number }> };
  period: { from: string | null; to: string | null };
  timeZone: string;
  moneyFormat: { currency: string };
}

let server: PlatformServer;
let owner: SiteUserVisitor;

async function placeOrder(tx: StoreSession, order: Placed): Promise<void> {
  const cartId = newAdminId();
  const orderId = newAdminId();
  await tx.run('INSERT INTO carts (id, cookie_token, currency, is_purchased, created_on, updated_on) VALUES (?, ?, ?, 1, ?, ?)',
    [cartId, newAdminId(), 'USD', order.on, order.on]);
  await tx.run(
    `INSERT INTO orders (id, purchased_cart_id, website_id, test_mode, currency, subtotal_cents, tax_cents, shipping_cents,
       discount_cents, grand_total_cents, view_token, created_on, order_number, customer_email, status)
     VALUES (?, ?, 'site', ?, 'USD', ?, 0, 0, 0, ?, ?, ?, ?, ?, ?)`,
    [orderId, cartId, order.testMode ? 1 : 0, order.cents, order.cents, newAdminId(), order.on, order.number, order.email, order.status],
  );
}

beforeAll(async () => {
  server = await startPlatformServer();
  owner = await server.signInOwner();
  const site = new SiteRepository(server.app.deps.store);
  await site.writeSetting('website', { ...(await site.website()), timeZone: ZONE });
  await server.app.deps.store.transaction(async (tx) => {
    for (const order of ORDERS) await placeOrder(tx, order);
  });
});
afterAll(async () => {
  await server.stop(true);
});

const numbers = (listed: Listed): number[] => listed.orders.map((order) => Number(order.orderNumber)).filter((number) => number >= 7000 && number < 8000);

async function list(query: string): Promise<Listed> {
  const answer = await owner.get<Listed>(`/api/admin/orders?${query}`);
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
}

describe('orders by the day they were placed, in the store\'s time zone', () => {
  it('puts an order placed at 23:30 in the store on that day, and one at midnight on the next', async () => {
    expect(numbers(await list('from=2025-01-14&to=2025-01-14'))).toEqual([7001]);
    const fifteenth = await list('from=2025-01-15&to=2025-01-15');
    expect(numbers(fifteenth)).toEqual([7006, 7005, 7004, 7003, 7002]);
    expect(fifteenth.period).toEqual({ from: '2025-01-15', to: '2025-01-15' });
    expect(fifteenth.timeZone).toBe(ZONE);
    expect(numbers(await list('from=2025-01-16&to=2025-01-16'))).toEqual([7007]);
    // a side left empty has no limit
    expect(numbers(await list('from=2025-01-15'))).toEqual([7007, 7006, 7005, 7004, 7003, 7002]);
    expect(numbers(await list('to=2025-01-14&from='))).toEqual([7001]);
  });

  it('brings the zone with the admin\'s page, so an order\'s detail, the stock history and the messages write dates in it too', async () => {
    const page = await owner.get<string>('/config/orders/o1');
    expect(page.status).toBe(200);
    expect(page.text).toContain(`&quot;timeZone&quot;:&quot;${ZONE}&quot;`);
    // and the store's money format, which its screens write amounts in
    expect(page.text).toContain('&quot;moneyFormat&quot;:{&quot;currency&quot;:&quot;USD&quot;');
  });

  it('adds up every order found: paid and fulfilled taken, test mode apart, cancelled and refunded not counted', async () => {
    const fifteenth = await list('from=2025-01-15&to=2025-01-15&limit=2');
    expect(fifteenth.hasMore).toBe(true);
    expect(fifteenth.summary).toEqual({
      orders: 5,
      notCounted: 2,
      taken: [{ currency: 'USD', cents: 2500 + 300 }],
      takenInTestMode: [{ currency: 'USD', cents: 700 }],
    });
    expect(fifteenth.moneyFormat.currency).toBe('USD');
  });

  it('goes with the status, the search and the pages', async () => {
    expect(numbers(await list('from=2025-01-15&to=2025-01-15&status=paid'))).toEqual([7006, 7005]);
    const ada = await list('from=2025-01-15&to=2025-01-16&q=ada');
    expect(numbers(ada)).toEqual([7005, 7003]);
    expect(ada.summary).toEqual({ orders: 2, notCounted: 1, taken: [], takenInTestMode: [{ currency: 'USD', cents: 700 }] });
    const second = await list('from=2025-01-15&to=2025-01-15&limit=2&offset=2');
    expect(numbers(second)).toEqual([7004, 7003]);
    expect(second.summary.orders).toBe(5);
  });

  it('exports the same orders, still sent as they are read, named by their days', async () => {
    const answer = await owner.get<string>('/api/admin/orders.csv?from=2025-01-15&to=2025-01-15&status=paid', { headers: { 'accept-encoding': 'identity' } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-length')).toBeNull();
    expect(answer.headers.get('content-disposition')).toContain('orders-2025-01-15-to-2025-01-15.csv');
    const [header, ...rows] = parse(answer.text) as string[][];
    expect(rows.map((row) => Number(row[header!.indexOf('number')]))).toEqual([7006, 7005]);
  });

  it('writes each date in the store\'s time zone with its offset, so the evening before stays on its day', async () => {
    const answer = await owner.get<string>('/api/admin/orders.csv?from=2025-01-14&to=2025-01-16');
    const [header, ...rows] = parse(answer.text) as string[][];
    const dateOf = new Map(rows.map((row) => [Number(row[header!.indexOf('number')]), row[header!.indexOf('date')]]));
    // 23:30 on the 14th in Los Angeles, 07:30 on the 15th in UTC
    expect(dateOf.get(7001)).toBe('2025-01-14T23:30:00-08:00');
    expect(dateOf.get(7006)).toBe('2025-01-15T23:59:59-08:00');
    expect(dateOf.get(7007)).toBe('2025-01-16T00:00:00-08:00');
    // the same instant as the order's, read back by anything that reads ISO 8601
    expect(Date.parse(dateOf.get(7001)!)).toBe(ORDERS[0]!.on);
  });

  it('writes the dates of the subscribers and form submissions exports the same way', async () => {
    const store = server.app.deps.store;
    const evening = JAN_15 - HOUR / 2;
    await new MailingListRepository(store).join('evening@example.com', 'newsletter', evening);
    const form = (await new AdminMessagesRepository(store).forms())[0]!;
    await store.run(
      'INSERT INTO form_submissions (id, form_id, submission_key, values_json, page_path, created_on) VALUES (?, ?, ?, ?, ?, ?)',
      [newAdminId(), form.id, newAdminId(), '{}', '/evening-form', evening],
    );
    const subscribers = parse((await owner.get<string>('/api/admin/messages/subscribers.csv')).text) as string[][];
    expect(subscribers.find((row) => row[0] === 'evening@example.com')).toEqual(['evening@example.com', 'newsletter', '2025-01-14T23:30:00-08:00']);
    const submissions = parse((await owner.get<string>(`/api/admin/messages/forms/${form.id}/submissions.csv`)).text) as string[][];
    expect(submissions.find((row) => row[1] === '/evening-form')?.[0]).toBe('2025-01-14T23:30:00-08:00');
  });

  it('names today, the last 7 days and this month by the store\'s calendar', async () => {
    const now = Date.now();
    await server.app.deps.store.transaction(async (tx) => {
      await placeOrder(tx, { number: 7101, on: now, status: 'paid', testMode: false, cents: 100, email: 'now@example.com' });
      await placeOrder(tx, { number: 7102, on: now - 40 * 24 * HOUR, status: 'paid', testMode: false, cents: 100, email: 'then@example.com' });
    });
    for (const period of ['today', 'last-7-days', 'this-month']) {
      const listed = await list(`period=${period}`);
      expect(numbers(listed), period).toEqual([7101]);
      expect(listed.period.to, period).toBe(periodDays({ period: 'today' }, ZONE, now).to);
    }
  });
});

describe('the days of a named period', () => {
  // 23:30 on 28 February 2026 in Los Angeles, 1 March in UTC
  const lateOnTheLastDay = Date.UTC(2026, 2, 1, 7, 30);

  it('count back from the store\'s today, not the server\'s', () => {
    expect(periodDays({ period: 'today' }, ZONE, lateOnTheLastDay)).toEqual({ from: '2026-02-28', to: '2026-02-28' });
    expect(periodDays({ period: 'last-7-days' }, ZONE, lateOnTheLastDay)).toEqual({ from: '2026-02-22', to: '2026-02-28' });
    expect(periodDays({ period: 'this-month' }, ZONE, lateOnTheLastDay)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(periodDays({}, ZONE, lateOnTheLastDay)).toEqual({ from: null, to: null });
  });

  it('run from midnight to midnight, however long the day is', () => {
    // the clocks go back an hour on 2 November 2025 in Los Angeles: that day has 25 hours
    const autumn = periodInstants({ from: '2025-11-02', to: '2025-11-02' }, ZONE);
    expect(autumn).toEqual({ since: Date.UTC(2025, 10, 2, 7), before: Date.UTC(2025, 10, 3, 8) });
    // in Santiago the clocks skip from midnight to 1:00 on 7 September 2025: the day starts then
    expect(periodInstants({ from: '2025-09-07', to: null }, 'America/Santiago')).toEqual({ since: Date.UTC(2025, 8, 7, 4) });
  });
});

describe('the reads of orders by date', () => {
  /** The store, recording each query the repository runs. */
  function recording(store: StoreSession): { session: StoreSession; queries: Array<{ sql: string; params: SqlParams }> } {
    const queries: Array<{ sql: string; params: SqlParams }> = [];
    const session = new Proxy(store, {
      get(target, name, receiver) {
        if (name === 'all') return (sql: string, params: SqlParams = []) => { queries.push({ sql, params }); return target.all(sql, params); };
        const value = Reflect.get(target, name, receiver) as unknown;
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    return { session, queries };
  }

  /** The engine's plan for a query; PostgreSQL is told to prefer any index it has, as it does once a table is large. */
  async function planOf(sql: string, params: SqlParams): Promise<string> {
    const store = server.app.deps.store;
    if (store.dialect === 'sqlite') {
      const rows = await store.all<{ detail: string }>(`EXPLAIN QUERY PLAN ${sql}`, params);
      return rows.map((row) => row.detail).join('\n');
    }
    return store.transaction(async (tx) => {
      await tx.run('SET LOCAL enable_seqscan = off');
      const rows = await tx.all<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
  }

  it('find the days\' orders, add them up and export them through the index of orders by date', async () => {
    const { session, queries } = recording(server.app.deps.store);
    const orders = new AdminOrderRepository(session);
    const filter = { status: 'paid' as const, ...periodInstants({ from: '2025-01-15', to: '2025-01-15' }, ZONE) };
    await orders.list(51, 0, filter);
    await orders.summary(filter);
    for await (const batch of orders.exportBatches(10, 1, filter)) void batch;
    const reads = queries.filter((query) => /FROM orders\b/.test(query.sql));
    expect(reads.length).toBeGreaterThanOrEqual(4);
    for (const read of reads) expect(await planOf(read.sql, read.params), read.sql).toContain('orders_by_created');
  });
});
