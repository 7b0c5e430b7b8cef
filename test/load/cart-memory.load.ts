/**
 * Soak: replays the memory attack of issue 16 (item 1) against a server process started as an
 * operator starts it, with its heap capped: three anonymous visitors try 100 kB extra-field
 * answers on a product without a form, then fill their carts to the caps with the longest answers
 * the extra-fields form accepts, then change quantities, each change followed by GET /cart (every
 * change gives the cart island new props, which count-bounded caches used to keep). Before the
 * fix this took the process from 160 MB to 4 GB and out of memory, and /cart held the event loop
 * about a second. The process must stay up within its heap ceiling, its resident memory under a
 * fixed ceiling, and health must keep answering quickly throughout.
 */
import Database from 'better-sqlite3';
import { readFileSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CART_LIMITS } from '../../server/commerce/cart-limits.ts';
import { seededProduct } from '../server/helpers/fixtures.ts';
import { exited, startMain, type MainProcess } from '../server/helpers/start-main.ts';
import { temporaryDatabasePath } from '../server/helpers/start-server.ts';
import { Visitor } from '../server/helpers/visitor.ts';

/** The server's V8 heap limit: past it the process dies with "JavaScript heap out of memory". */
const HEAP_CEILING_MB = 256;
/** Resident memory the process may reach at any sample. */
const RSS_CEILING_MB = 640;
/**
 * Health answers must stay this quick at the 99th percentile while the attack runs: generous,
 * because the test machine is shared, yet below the half of a second that one /cart used to take.
 */
const HEALTH_P99_CEILING_MS = 500;
/** Server CPU time a quantity change and the GET /cart after it may take, with the cart filled to its caps (a /cart alone held the loop about 1 s). */
const CART_RENDER_CPU_CEILING_MS = 100;
const MEASURED_CART_VIEWS = 20;
const ATTACKERS = 3;
const FORMLESS_ATTEMPTS = 10;
const QUANTITY_CHANGES = 100;

const ENTRIES = '/api/commerce/shopping-cart/entries';
const mug = seededProduct('stoneware-mug');
const napkins = seededProduct('monogram-napkins');
const napkinSku = napkins.variants[0]!.sku;

let running: MainProcess | null = null;
let folder = '';
afterAll(async () => {
  if (running && running.child.exitCode === null && running.child.signalCode === null) {
    running.child.kill('SIGTERM');
    await exited(running.child);
  }
  if (folder) rmSync(folder, { recursive: true, force: true });
});

function residentMegabytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kilobytes / 1024;
}

/** CPU time the process has used, in milliseconds (user and system, from /proc at 100 ticks a second). */
function cpuMilliseconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
}

/** The longest answers the napkins' form takes (every text at its limit, `&` escaped on the page). */
function longestAnswers(label: string): string {
  return JSON.stringify({
    'text-monogram-initials': label.padEnd(CART_LIMITS.answerLength, '&'),
    'textarea-monogram-note': '&'.repeat(120),
    'select-thread-colour': 'Rust',
  });
}

/**
 * One attacker. Each request comes from its own forwarded address (the server trusts one proxy
 * hop here), as from a botnet: what holds memory down must be the caps, not a per-address throttle.
 */
async function attack(url: string, index: number): Promise<{ visitor: Visitor; entryIds: string[]; formlessRefused: number; cartViews: number }> {
  let request = 0;
  const from = () => ({ headers: { 'x-forwarded-for': `10.${index}.${(++request >> 8) & 255}.${request & 255}` } });
  const v = await new Visitor(url).start();
  let formlessRefused = 0;
  const formless = JSON.stringify({ answers: '&'.repeat(95_000) });
  for (let i = 0; i < FORMLESS_ATTEMPTS; i++) {
    const answer = await v.post(ENTRIES, { itemId: mug.id, sku: mug.variants[0]!.sku, quantity: 1, additionalFields: formless }, from());
    if (answer.status === 400) formlessRefused++;
  }
  const entryIds: string[] = [];
  for (let i = 0; i < CART_LIMITS.entries; i++) {
    const answer = await v.post<{ newlyAdded: { id: string } }>(ENTRIES, {
      itemId: napkins.id, sku: napkinSku, quantity: 1, additionalFields: longestAnswers(`${index}-${i}`),
    }, from());
    if (answer.status !== 200) break;
    entryIds.push(answer.body.newlyAdded.id);
  }
  let cartViews = 0;
  for (let i = 0; i < QUANTITY_CHANGES && entryIds.length > 0; i++) {
    const entryId = entryIds[i % entryIds.length]!;
    await v.put(`${ENTRIES}/${entryId}/quantity`, { quantity: 1 + (i % 50) }, from());
    const page = await v.get('/cart', from());
    if (page.status === 200) cartViews++;
  }
  return { visitor: v, entryIds, formlessRefused, cartViews };
}

describe('memory attack through extra-field answers and the cart page', () => {
  it('keeps the process within its heap and memory ceilings and health quick', async () => {
    const databasePath = temporaryDatabasePath();
    folder = dirname(databasePath);
    running = await startMain(databasePath, { TRUST_PROXY: 'true', NODE_ENV: 'production' }, [
      `--max-old-space-size=${HEAP_CEILING_MB}`, '--import', 'tsx', 'server/main.ts',
    ]);
    const server = running;
    // as many napkins as the attackers ask for: only the caps may stop them
    const db = new Database(databasePath);
    db.prepare('UPDATE variants SET unlimited = 1 WHERE product_id = ?').run(napkins.id);
    db.close();

    let attacking = true;
    let peakResident = residentMegabytes(server.child.pid!);
    const sampler = setInterval(() => {
      if (server.child.exitCode === null) peakResident = Math.max(peakResident, residentMegabytes(server.child.pid!));
    }, 100);
    const healthTimes: number[] = [];
    const healthFailures: number[] = [];
    const probe = (async () => {
      while (attacking) {
        const started = performance.now();
        try {
          const answer = await fetch(`${server.url}/api/health`);
          await answer.text();
          if (answer.status !== 200) healthFailures.push(answer.status);
        } catch {
          healthFailures.push(0);
          return;
        }
        healthTimes.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();

    let cartRenderCpu = Infinity;
    try {
      const results = await Promise.all(Array.from({ length: ATTACKERS }, (_, index) => attack(server.url, index + 1)));
      // the event loop time of one /cart render, as server CPU time: each view follows a change, so none is a cache hit
      const { visitor, entryIds } = results[0]!;
      const cpuBefore = cpuMilliseconds(server.child.pid!);
      for (let i = 0; i < MEASURED_CART_VIEWS; i++) {
        await visitor.put(`${ENTRIES}/${entryIds[i % entryIds.length]}/quantity`, { quantity: 60 + i }, { headers: { 'x-forwarded-for': `10.9.9.${i}` } });
        expect((await visitor.get('/cart')).status).toBe(200);
      }
      cartRenderCpu = (cpuMilliseconds(server.child.pid!) - cpuBefore) / MEASURED_CART_VIEWS;
      for (const result of results) {
        expect(result.formlessRefused).toBe(FORMLESS_ATTEMPTS);
        expect(result.entryIds.length).toBeGreaterThan(10);
        expect(result.cartViews).toBe(QUANTITY_CHANGES);
      }
    } finally {
      attacking = false;
      await probe;
      clearInterval(sampler);
    }

    expect(server.child.exitCode, server.output().slice(-2000)).toBeNull();
    expect(server.output()).not.toContain('heap out of memory');
    expect(healthFailures).toEqual([]);
    const p50 = percentile(healthTimes, 0.5);
    const p99 = percentile(healthTimes, 0.99);
    console.log(`cart memory soak: peak RSS ${peakResident.toFixed(0)} MB, health p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`
      + ` over ${healthTimes.length} probes, ${cartRenderCpu.toFixed(1)} ms of server CPU per change and /cart`);
    expect(peakResident).toBeLessThan(RSS_CEILING_MB);
    expect(p99).toBeLessThan(HEALTH_P99_CEILING_MS);
    expect(cartRenderCpu).toBeLessThan(CART_RENDER_CPU_CEILING_MS);
  }, 180_000);
});
