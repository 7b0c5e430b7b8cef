/**
 * Keeps the server benchmark working: one short pass (no warm-up, one
 * second per case, two connections). It checks what the benchmark itself
 * relies on — every case answered without errors and the report written —
 * never how fast anything was.
 */
import { describe, expect, it } from 'vitest';
import { asFreshVisitor, runServerBench, serverMarkdown, startProbe, stopProbe, storefrontCases } from '../../bench/server.ts';

describe('server benchmark on a short run', () => {
  it('loads every case against a fresh storefront and a bare route without errors', async () => {
    // the PostgreSQL rows run on the test suites' server when there is one
    const postgresUrl = process.env.TEST_DATABASE_URL;
    if (postgresUrl) process.env.BENCH_DATABASE_URL = postgresUrl;
    const report = await runServerBench(1, 2, () => {}, 0, Boolean(postgresUrl));
    expect(report.results.map((r) => r.name)).toEqual([
      'bare Express route',
      'product page',
      'shop list',
      'GET cart',
      'POST add-to-cart',
      'bare Express route (again)',
    ]);
    for (const r of report.results) {
      expect(r.errors, r.name).toBe(0);
      expect(r.total, r.name).toBeGreaterThan(0);
    }
    expect(report.engines.map((run) => run.label)).toEqual(
      postgresUrl ? ['SQLite, 1 process', 'PostgreSQL, 1 process', 'PostgreSQL, 2 processes'] : ['SQLite, 1 process'],
    );
    for (const run of report.engines) {
      expect(run.productPage.errors, run.label).toBe(0);
      expect(run.addToCart.errors, run.label).toBe(0);
    }
    const md = serverMarkdown(report);
    expect(md).toContain('| product page |');
    expect(md).toContain('Target: product page');
  }, 60_000);

  it("times a new visitor's first add on every add-to-cart request, each making a cart of its own", async () => {
    const probe = await startProbe('storefront-server.ts');
    try {
      const add = (await storefrontCases(probe.base)).find((c) => c.name === 'POST add-to-cart');
      expect(add?.freshVisitors).toBe(true);
      const carts: { id: string; quantity: number }[] = [];
      for (let i = 0; i < 2; i++) {
        const res = await fetch(add!.url, { method: 'POST', headers: asFreshVisitor({ headers: add!.headers }).headers, body: add!.body });
        expect(res.status).toBe(200);
        const { shoppingCart } = (await res.json()) as { shoppingCart: { id: string; entries: { quantity: number }[] } };
        carts.push({ id: shoppingCart.id, quantity: shoppingCart.entries[0]!.quantity });
      }
      // one browser's adds would have joined one cart, its line growing towards the quantity cap
      expect(carts[0]!.id).not.toBe(carts[1]!.id);
      expect(carts.map((c) => c.quantity)).toEqual([1, 1]);
    } finally {
      await stopProbe(probe);
    }
  }, 60_000);
});
