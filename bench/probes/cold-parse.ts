/**
 * Probe: the first compile of one storefront page (template and partials) in
 * a process whose JIT was warmed on other templates, so our engine's tag
 * cache has never seen the page's tags. Prints `{ oursUs, referenceUs }`.
 * Arguments: page index, `reference-first` or `ours-first`, optionally a pages file (storefront.ts savePages),
 * and `unwarmed` to skip the warm-up: the page is then the process's first template, each engine's code
 * running for the first time (what a one-off command without a code cache meets).
 */
import { ours, reference } from '../lib/engines.ts';
import { MICRO_CASES, microSource } from '../lib/micro-cases.ts';
import { loadPages } from '../lib/storefront.ts';
import { keep } from '../lib/measure.ts';

const pageIndex = Number(process.argv[2] ?? '0');
const referenceFirst = process.argv[3] === 'reference-first';
const warmUpRounds = process.argv[5] === 'unwarmed' ? 0 : 60;

// Warm both parsers' code on the micro templates (tags the pages do not contain, except `{.end}`).
for (let i = 0; i < warmUpRounds; i++) {
  for (const c of MICRO_CASES) {
    const source = microSource(c, 16);
    keep(ours.compile(source));
    keep(reference.compile(source));
  }
}

/**
 * Lets pending background work (optimizing compiles on V8's helper threads, whose CPU time
 * process.cpuUsage counts) finish before an engine is timed: otherwise whichever engine is timed
 * first is charged for the warm-up's. Busy rather than asleep, so the caches stay ours. With
 * --expose-gc (the benchmark's probes have it) a full collection comes first, so neither engine
 * is charged for collecting the garbage the other left: a change that left more garbage in our
 * compile once slowed the reference, timed after it, by two thirds.
 */
function settle(ms: number): void {
  (globalThis as { gc?: () => void }).gc?.();
  const until = performance.now() + ms;
  let spins = 0;
  while (performance.now() < until) spins++;
  keep(spins);
}
// settle's own loop, run until V8 has optimized it: its first calls were compiled by V8's optimizing
// compiler on a helper thread, a job that could land (and be charged) in the first engine's compile.
for (let i = 0; i < 40; i++) settle(2);
settle(100);
// The timing call itself, run once before it is timed (its first call with a start value compiles code).
keep(process.cpuUsage(process.cpuUsage()));

const page = loadPages(process.argv[4])[pageIndex];
if (page === undefined) throw new Error(`no storefront page ${pageIndex}`);
const sources = [page.source, ...Object.values(page.partials)];

/** CPU time of compiling every source once, in microseconds (as the in-process cases measure). */
function firstCompile(compileOne: (s: string) => unknown): number {
  const start = process.cpuUsage();
  for (const s of sources) keep(compileOne(s));
  const used = process.cpuUsage(start);
  return used.user + used.system;
}

const times: Record<string, number> = {};
for (const engine of referenceFirst ? [reference, ours] : [ours, reference]) {
  settle(20);
  times[engine.name] = firstCompile(engine.compile);
}
console.log(JSON.stringify({ oursUs: times[ours.name], referenceUs: times[reference.name] }));
