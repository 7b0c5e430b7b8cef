import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exited, startMain, type MainProcess } from '../server/helpers/start-main.ts';
import { seededProduct, seededVariant } from '../server/helpers/fixtures.ts';
import { freshPostgresUrl, TEST_DATABASE_URL } from '../server/helpers/test-database.ts';
import { Visitor, type RequestOptions } from '../server/helpers/visitor.ts';
import { placeOrderThroughCheckout } from '../server/helpers/checkout.ts';

/**
 * Several server processes on one PostgreSQL database, as several machines behind a balancer run:
 * stock, carts, acknowledged writes and request budgets must hold across them.
 */
const ENTRIES = '/api/commerce/shopping-cart/entries';
const shirt = seededProduct('linen-shirt');
const variant = seededVariant('linen-shirt', (v) => v.qtyInStock === 12);
const BUYERS = 200;

if (!TEST_DATABASE_URL) process.stdout.write('PostgreSQL load checks skipped: TEST_DATABASE_URL is not set.\n');

/** One browser at its own address behind the balancer (TRUST_PROXY: the address comes from X-Forwarded-For). */
class Shopper extends Visitor {
  constructor(baseUrl: string, readonly address: string, cookies?: Map<string, string>) {
    super(baseUrl, cookies);
  }

  /** The same browser sent by the balancer to another process. */
  at(baseUrl: string): Shopper {
    return new Shopper(baseUrl, this.address, this.cookies);
  }

  override request<T = unknown>(method: string, path: string, body?: unknown, options: RequestOptions = {}) {
    return super.request<T>(method, path, body, { ...options, headers: { 'x-forwarded-for': this.address, ...options.headers } });
  }
}

/** A distinct client address per shopper number. */
const address = (n: number): string => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

describe.skipIf(!TEST_DATABASE_URL)('two server processes on one PostgreSQL database', () => {
  let databaseUrl: string;
  let db: pg.Pool;
  let a: MainProcess;
  let b: MainProcess;
  const processes: MainProcess[] = [];

  const launch = async (): Promise<MainProcess> => {
    const running = await startMain('unused.db', { DATABASE_URL: databaseUrl, TRUST_PROXY: 'true' });
    processes.push(running);
    return running;
  };
  const one = async <T>(sql: string, params: unknown[] = []): Promise<T> => (await db.query(sql, params)).rows[0] as T;
  const setStock = (quantity: number) => db.query('UPDATE variants SET qty_in_stock = $1 WHERE id = $2', [quantity, variant.id]);
  const stock = async () => Number((await one<{ qty_in_stock: string }>('SELECT qty_in_stock FROM variants WHERE id = $1', [variant.id])).qty_in_stock);
  const sold = async () => Number((await one<{ n: string }>('SELECT COALESCE(SUM(quantity), 0) AS n FROM order_items WHERE variant_id = $1', [variant.id])).n);

  beforeAll(async () => {
    databaseUrl = await freshPostgresUrl();
    // both start at once: the migrations run once, under the advisory lock, and the store is seeded once
    [a, b] = await Promise.all([launch(), launch()]);
    db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  }, 60_000);

  afterAll(async () => {
    for (const running of processes) if (running.child.exitCode === null && running.child.signalCode === null) running.child.kill('SIGKILL');
    await db?.end();
  });

  it('started both from one empty database: one migration run, one seed', async () => {
    const migrations = await one<{ n: string }>('SELECT COUNT(*) AS n FROM schema_migrations');
    expect(Number(migrations.n)).toBeGreaterThan(0);
    const products = await one<{ n: string; distinct_ids: string }>('SELECT COUNT(*) AS n, COUNT(DISTINCT url_id) AS distinct_ids FROM products');
    expect(Number(products.n)).toBe(Number(products.distinct_ids));
    expect((await fetch(`${a.url}/api/health`)).status).toBe(200);
    expect((await fetch(`${b.url}/api/health`)).status).toBe(200);
  });

  it('sells exactly the stock when 200 shoppers spread over both processes add and check out at once', async () => {
    await setStock(5);
    const soldBefore = await sold();
    const shoppers = await Promise.all(Array.from({ length: BUYERS }, (_, n) => new Shopper(n % 2 === 0 ? a.url : b.url, address(n)).start()));
    const added = await Promise.all(shoppers.map((s) => s.post(ENTRIES, { itemId: shirt.id, sku: variant.sku, quantity: 1 })));
    expect(added.filter((answer) => answer.status >= 500)).toEqual([]);
    // each checks out through the other process than the one that filled the cart
    const buyers = shoppers.filter((_, n) => added[n]?.status === 200).map((s) => s.at(s.baseUrl === a.url ? b.url : a.url));
    const checkouts = await Promise.all(buyers.map((s) => placeOrderThroughCheckout(s)));
    expect(checkouts.filter((answer) => answer.status >= 500).map((answer) => answer.text)).toEqual([]);
    const newlySold = (await sold()) - soldBefore;
    expect(newlySold).toBe(Math.min(5, buyers.length));
    expect(await stock()).toBe(5 - newlySold);
  });

  it('loses nothing when one cart is changed alternately through both processes', async () => {
    await setStock(100000);
    const first = await new Shopper(a.url, address(1001)).start();
    const second = first.at(b.url);
    expect((await first.post(ENTRIES, { itemId: shirt.id, sku: variant.sku, quantity: 1 })).status).toBe(200);
    const answers = await Promise.all(Array.from({ length: 40 }, (_, n) => (n % 2 === 0 ? first : second).post(ENTRIES, { itemId: shirt.id, sku: variant.sku, quantity: 2 })));
    expect(answers.map((answer) => answer.status).filter((status) => status !== 200)).toEqual([]);
    for (const view of [first, second]) {
      const cart = await view.get<{ totalQuantity: number }>('/api/commerce/shopping-cart');
      expect(cart.body.totalQuantity).toBe(1 + 40 * 2);
    }
  });

  it('shares one request budget: a client flooding both processes gets the budget once', async () => {
    const flooder = await new Shopper(a.url, address(2002)).start();
    const other = flooder.at(b.url);
    const answers = await Promise.all(Array.from({ length: 100 }, (_, n) => (n % 2 === 0 ? flooder : other).post(ENTRIES, { itemId: shirt.id, sku: variant.sku, quantity: 1 })));
    const accepted = answers.filter((answer) => answer.status === 200).length;
    // the add-to-cart budget is 60 per minute per client (server/security/rate-limit-table.ts)
    expect(accepted).toBeLessThanOrEqual(60);
    expect(answers.filter((answer) => answer.status === 429).length).toBeGreaterThanOrEqual(40);
  });

  it('keeps every acknowledged write when one process is killed mid-stream, and the other keeps serving', async () => {
    const acknowledged: string[] = [];
    let killed = false;
    let n = 3000;
    const writer = async (): Promise<void> => {
      while (!killed && acknowledged.length < 60) {
        try {
          const s = await new Shopper(a.url, address(n++)).start();
          const answer = await s.post<{ shoppingCart: { id: string } }>(ENTRIES, { itemId: shirt.id, sku: variant.sku, quantity: 1 });
          if (answer.status === 200) acknowledged.push(answer.body.shoppingCart.id);
          if (acknowledged.length >= 20 && !killed) {
            killed = true;
            a.child.kill('SIGKILL');
          }
        } catch {
          return; // the connection died with the process: that write was never acknowledged
        }
      }
    };
    await Promise.all([writer(), writer(), writer(), writer()]);
    expect((await exited(a.child)).signal).toBe('SIGKILL');
    const present = new Set((await db.query<{ id: string }>('SELECT id FROM carts WHERE id = ANY($1)', [acknowledged])).rows.map((row) => row.id));
    expect(acknowledged.filter((id) => !present.has(id))).toEqual([]);
    expect((await fetch(`${b.url}/api/health`)).status).toBe(200);
    const survivor = await new Shopper(b.url, address(4000)).start();
    expect((await survivor.post(ENTRIES, { itemId: shirt.id, sku: variant.sku, quantity: 1 })).status).toBe(200);
    expect((await fetch(`${b.url}/shop`)).status).toBe(200);
  });
});
