/**
 * `npm run bench:server`: autocannon against the storefront (a fresh seeded
 * database, on loopback, in its own process, bundled and run by plain node as
 * `npm start` runs it) and, in the same run, a bare Express route (run the
 * same way) as the framework's ceiling. Each case runs for a fixed time
 * with a fixed number of connections; the bare route runs first and last
 * (their mean is the ceiling) so drift during the run shows. Results go to
 * bench/RESULTS.md.
 *
 *   --seconds N       duration of each case (default 8)
 *   --connections N   concurrent connections (default 10)
 *   --no-write        print only
 */
import autocannon from 'autocannon';
import Tokens from 'csrf';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleServer, SERVER_NODE_OPTIONS } from '../server/build.ts';
import { replaceSection } from './lib/results-file.ts';

export interface LoadCase {
  name: string;
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /**
   * Each request comes from a visitor of its own: a crumb secret and crumb minted for it (the
   * bench stands in for the browser that the server's first page would have given them), so no
   * two requests share the cart a browser's first adds join (server/api/first-cart.ts).
   */
  freshVisitors?: boolean;
}

export interface LoadResult {
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Connection errors, timeouts and answers other than 2xx. */
  errors: number;
  total: number;
}

interface Started {
  child: ChildProcess;
  base: string;
}

const probeDir = new URL('./probes/', import.meta.url);
const projectRoot = fileURLToPath(new URL('../', import.meta.url));
const probeBundleDir = path.join(projectRoot, 'dist', 'bench', 'probes');

/**
 * Starts a probe server and waits for the port it prints. The probe is bundled by the server
 * build and run by node with the flags `npm start` uses, so it runs the code `npm start` runs.
 */
export async function startProbe(script: string, env: Record<string, string> = {}): Promise<Started> {
  mkdirSync(probeBundleDir, { recursive: true });
  const bundle = path.join(probeBundleDir, `${path.basename(script, '.ts')}-${process.pid}.mjs`);
  await bundleServer(fileURLToPath(new URL(script, probeDir)), bundle);
  const profile = process.env.PROBE_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROBE_PROF}`] : [];
  const child = spawn(process.execPath, [...profile, ...SERVER_NODE_OPTIONS, bundle], {
    cwd: projectRoot,
    // Measured as deployed: libraries such as React pick their production builds.
    env: { ...process.env, NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise<Started>((resolve, reject) => {
    let out = '';
    let err = '';
    child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line !== undefined) resolve({ child, base: `http://127.0.0.1:${(JSON.parse(line) as { port: number }).port}` });
    });
    child.once('exit', (code) => reject(new Error(`${script} exited (${code}) before listening: ${err.slice(-2000)}`)));
  }).finally(() => {
    // Loaded by node once listening (or gone): nothing reads the bundle again.
    rmSync(bundle, { force: true });
    rmSync(`${bundle}.map`, { force: true });
  });
}

export function stopProbe(started: Started): Promise<void> {
  return new Promise((resolve) => {
    if (started.child.exitCode !== null) return resolve();
    started.child.once('exit', () => resolve());
    started.child.kill('SIGTERM');
  });
}

/** Cookies of one visitor, from Set-Cookie headers. */
class CookieJar {
  readonly values = new Map<string, string>();

  take(response: Response): void {
    for (const raw of response.headers.getSetCookie()) {
      const pair = raw.split(';')[0] ?? '';
      const eq = pair.indexOf('=');
      if (eq > 0) this.values.set(pair.slice(0, eq), decodeURIComponent(pair.slice(eq + 1)));
    }
  }

  header(names?: readonly string[]): string {
    return [...this.values]
      .filter(([k]) => names === undefined || names.includes(k))
      .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
      .join('; ');
  }
}

const WARMUP_SECONDS = 2;
const PRODUCT_PATH = '/shop/p/linen-shirt';
const ADD_TO_CART_PATH = '/api/commerce/shopping-cart/entries';
const CART_PATH = '/api/commerce/shopping-cart';
/** A physical product with unlimited stock, so repeated adds never run out. */
const ADDED_ITEM = { itemId: '6570a1b2c3d4e5f6a7b82003', sku: 'SQ-TOTE', quantity: 1 };

/**
 * The measured requests, each checked once before the load: a visitor takes a
 * crumb and fills a cart. The add-to-cart case is a new visitor's first add on
 * every request (no cart cookie, a crumb of its own): the adds of one browser
 * within a minute join one cart, which would make the case one cart's line
 * growing to its quantity cap, each add waiting for the previous one's lock.
 */
export async function storefrontCases(base: string): Promise<LoadCase[]> {
  const jar = new CookieJar();
  const home = await fetch(`${base}/`);
  jar.take(home);
  const crumb = jar.values.get('crumb');
  if (!home.ok || crumb === undefined) throw new Error(`GET / answered ${home.status} without a crumb cookie`);
  const crumbCookies = jar.header(['crumb', 'crumb_secret']);
  const addHeaders = { 'content-type': 'application/json', 'x-csrf-token': crumb, cookie: crumbCookies };
  const added = await fetch(base + ADD_TO_CART_PATH, { method: 'POST', headers: addHeaders, body: JSON.stringify(ADDED_ITEM) });
  jar.take(added);
  if (!added.ok) throw new Error(`add to cart answered ${added.status}: ${await added.text()}`);
  const cases: LoadCase[] = [
    { name: 'product page', url: base + PRODUCT_PATH },
    { name: 'shop list', url: `${base}/shop` },
    { name: 'GET cart', url: base + CART_PATH, headers: { cookie: jar.header() } },
    { name: 'POST add-to-cart', url: base + ADD_TO_CART_PATH, method: 'POST', headers: addHeaders, body: JSON.stringify(ADDED_ITEM), freshVisitors: true },
  ];
  for (const c of cases) {
    const headers = c.freshVisitors === true ? asFreshVisitor({ headers: c.headers }).headers : c.headers;
    const res = await fetch(c.url, { method: c.method ?? 'GET', headers, body: c.body });
    const text = await res.text();
    if (!res.ok) throw new Error(`${c.name} answered ${res.status}: ${text.slice(0, 200)}`);
    if (c.name === 'GET cart' && !text.includes(ADDED_ITEM.itemId)) throw new Error('GET cart does not show the added item');
  }
  return cases;
}

const crumbTokens = new Tokens();

/** The request as a new visitor's: crumb cookies and header of a secret of its own. */
export function asFreshVisitor<R extends { headers?: Record<string, string> }>(request: R): R {
  const secret = crumbTokens.secretSync();
  const crumb = crumbTokens.create(secret);
  const cookie = `crumb=${encodeURIComponent(crumb)}; crumb_secret=${encodeURIComponent(secret)}`;
  return { ...request, headers: { ...request.headers, 'x-csrf-token': crumb, cookie } };
}

export async function load(c: LoadCase, seconds: number, connections: number): Promise<LoadResult> {
  const r = await autocannon({
    url: c.url,
    method: c.method ?? 'GET',
    headers: c.headers,
    body: c.body,
    duration: seconds,
    connections,
    ...(c.freshVisitors === true ? { requests: [{ setupRequest: asFreshVisitor }] } : {}),
  });
  return {
    name: c.name,
    requestsPerSecond: r.requests.average,
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
    total: r.requests.total,
  };
}

export interface ServerBenchReport {
  cpu: string;
  cores: number;
  node: string;
  date: string;
  seconds: number;
  connections: number;
  results: LoadResult[];
  /** Mean requests per second of the two bare-route runs. */
  ceiling: number;
  /** Product page and add-to-cart per store engine and process count, in the same run. */
  engines: EngineRun[];
  /** Why the PostgreSQL rows are missing, when they are. */
  postgresSkipped?: string;
}

export interface EngineRun {
  label: string;
  productPage: LoadResult;
  addToCart: LoadResult;
}

/** The store set-ups compared: SQLite in one process, PostgreSQL in one and in two. */
const POSTGRES_SETUPS = [
  { label: 'PostgreSQL, 1 process', workers: 1 },
  { label: 'PostgreSQL, 2 processes', workers: 2 },
] as const;

export async function runServerBench(
  seconds: number,
  connections: number,
  log: (line: string) => void,
  warmupSeconds = WARMUP_SECONDS,
  withPostgres = true,
): Promise<ServerBenchReport> {
  const postgres = withPostgres ? postgresForBench() : null;
  const storefront = await startProbe('storefront-server.ts');
  const bare = await startProbe('bare-express.ts');
  try {
    const cases = await storefrontCases(storefront.base);
    const bareCase: LoadCase = { name: 'bare Express route', url: `${bare.base}/bare` };
    const results: LoadResult[] = [];
    for (const c of [bareCase, ...cases, { ...bareCase, name: 'bare Express route (again)' }]) {
      // An unmeasured run first, so the JIT has compiled the case's code path.
      if (warmupSeconds > 0) await load(c, warmupSeconds, connections);
      const r = await load(c, seconds, connections);
      log(`${r.name}: ${r.requestsPerSecond.toFixed(0)} req/s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms, errors ${r.errors} of ${r.total}`);
      results.push(r);
    }
    const bareRuns = results.filter((r) => r.name.startsWith('bare Express route'));
    const byName = (name: string): LoadResult => results.find((r) => r.name === name)!;
    const engines: EngineRun[] = [{ label: 'SQLite, 1 process', productPage: byName('product page'), addToCart: byName('POST add-to-cart') }];
    let postgresSkipped: string | undefined;
    if (postgres) {
      for (const setup of POSTGRES_SETUPS) {
        const probe = await startProbe('storefront-server.ts', { PROBE_DATABASE_URL: postgres.url, PROBE_WORKERS: String(setup.workers) });
        try {
          const probeCases = await storefrontCases(probe.base);
          const run = async (name: string): Promise<LoadResult> => {
            const c = probeCases.find((candidate) => candidate.name === name)!;
            if (warmupSeconds > 0) await load(c, warmupSeconds, connections);
            const r = { ...(await load(c, seconds, connections)), name: `${name} (${setup.label})` };
            log(`${r.name}: ${r.requestsPerSecond.toFixed(0)} req/s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms, errors ${r.errors} of ${r.total}`);
            return r;
          };
          engines.push({ label: setup.label, productPage: await run('product page'), addToCart: await run('POST add-to-cart') });
        } finally {
          await stopProbe(probe);
        }
      }
    } else {
      postgresSkipped = 'no PostgreSQL server: set BENCH_DATABASE_URL, or install PostgreSQL (Debian package) so the benchmark starts a throw-away cluster';
      log(`PostgreSQL cases skipped: ${postgresSkipped}`);
    }
    const cpus = os.cpus();
    return {
      cpu: cpus[0]?.model.trim() ?? 'unknown',
      cores: cpus.length,
      node: process.version,
      date: new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
      seconds,
      connections,
      results,
      ceiling: bareRuns.reduce((sum, r) => sum + r.requestsPerSecond, 0) / bareRuns.length,
      engines,
      postgresSkipped,
    };
  } finally {
    await Promise.all([stopProbe(storefront), stopProbe(bare)]);
    postgres?.stop();
  }
}

/**
 * The PostgreSQL server of the run: BENCH_DATABASE_URL when given, otherwise a throw-away cluster
 * started by .ci/postgres.sh (stopped by stop()); null when neither is possible.
 */
function postgresForBench(): { url: string; stop(): void } | null {
  if (process.env.BENCH_DATABASE_URL) return { url: process.env.BENCH_DATABASE_URL, stop: () => {} };
  const script = path.join(projectRoot, '.ci', 'postgres.sh');
  const started = spawnSync('bash', ['-c', `source "${script}" start >&2 && echo "$TEST_DATABASE_URL" && echo "$TEST_POSTGRES_DIR"`], { encoding: 'utf8' });
  const [url, dir] = started.stdout.trim().split('\n');
  if (started.status !== 0 || !url || !dir) return null;
  return { url, stop: () => void spawnSync('bash', [script, 'stop', dir]) };
}

export function serverMarkdown(report: ServerBenchReport): string {
  const product = report.results.find((r) => r.name === 'product page');
  const share = product ? product.requestsPerSecond / report.ceiling : 0;
  const errors = report.results.reduce((n, r) => n + r.errors, 0);
  let md = '## Server (`npm run bench:server`)\n\n';
  md += `Machine: ${report.cpu}, ${report.cores} cores; Node ${report.node}; run ${report.date}.\n\n`;
  md +=
    `autocannon, ${report.connections} connections, ${report.seconds} s per case after ${WARMUP_SECONDS} s of unmeasured warm-up, against the storefront on 127.0.0.1 with a fresh seeded ` +
    'database (its own process) and a bare Express route (another process) measured first and last in the same run. ' +
    'The load generator shares the machine with the server.\n\n';
  md += '| case | req/s | p50 | p99 | errors |\n|---|---:|---:|---:|---:|\n';
  for (const r of report.results) {
    md += `| ${r.name} | ${r.requestsPerSecond.toFixed(0)} | ${r.p50Ms} ms | ${r.p99Ms} ms | ${r.errors} of ${r.total} |\n`;
  }
  md += `\nTarget: product page at ≥ 40% of the bare route's requests per second with zero errors — `;
  md += `measured ${(share * 100).toFixed(0)}% of ${report.ceiling.toFixed(0)} req/s, ${errors} errors: `;
  md += share >= 0.4 && errors === 0 ? '**met**.\n' : '**not met**.\n';
  md += '\n### Store engines\n\n';
  md += 'The same two requests, same connections and durations, in the same run, against a fresh seeded store on each set-up ' +
    '(PostgreSQL on this machine, on loopback; two processes share the port through node:cluster, as `WORKERS=2` runs).\n\n';
  md += '| store | product page req/s | p99 | errors | add-to-cart req/s | p99 | errors |\n|---|---:|---:|---:|---:|---:|---:|\n';
  for (const run of report.engines) {
    const p = run.productPage;
    const a = run.addToCart;
    md += `| ${run.label} | ${p.requestsPerSecond.toFixed(0)} | ${p.p99Ms} ms | ${p.errors} of ${p.total} | ${a.requestsPerSecond.toFixed(0)} | ${a.p99Ms} ms | ${a.errors} of ${a.total} |\n`;
  }
  if (report.postgresSkipped) md += `\nPostgreSQL rows missing: ${report.postgresSkipped}.\n`;
  return md;
}

function numberArg(args: string[], name: string, fallback: number): number {
  const i = args.indexOf(name);
  const value = i === -1 ? NaN : Number(args[i + 1]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const report = await runServerBench(numberArg(args, '--seconds', 8), numberArg(args, '--connections', 10), (l) => console.log(l));
  const md = serverMarkdown(report);
  console.log(`\n${md}`);
  if (!args.includes('--no-write')) {
    replaceSection('server', md);
    console.log('wrote bench/RESULTS.md');
  }
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((e: unknown) => {
    console.error(e);
    process.exitCode = 1;
  });
}
