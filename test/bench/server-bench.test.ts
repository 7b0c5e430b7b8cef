/**
 * Keeps the server benchmark working: one short pass (no warm-up, one
 * second per case, two connections). It checks what the benchmark itself
 * relies on — every case answered without errors and the report written —
 * never how fast anything was.
 */
import { describe, expect, it } from 'vitest';
import { runServerBench, serverMarkdown } from '../../bench/server.ts';

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
});
