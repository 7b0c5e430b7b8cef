/**
 * `npm run bench`: our engine against @squarespace/template-engine (and, on a
 * product list, LiquidJS and Handlebars), then bench/RESULTS.md and the chart.
 *
 *   --quick   tiny inputs and single samples (checks the code, measures nothing)
 *   --no-write  print only; leave RESULTS.md and the chart alone
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderChart, type ChartSeries } from './lib/chart.ts';
import { runProbe } from './lib/child.ts';
import { median } from './lib/measure.ts';
import { MICRO_CASES } from './lib/micro-cases.ts';
import { checkTargets, engineMarkdown } from './lib/report.ts';
import type { CaseResult, ColdParse, EngineBenchReport, Linearity, MemoryReport } from './lib/results.ts';
import { replaceSection } from './lib/results-file.ts';
import { captureLivePages } from './lib/live-pages.ts';
import { savePages, storefrontPages, type StorefrontPage } from './lib/storefront.ts';
import { linearity, LINEARITY_RANGE, runLinearity, STREAMED_GROUP, SUITE_NAMES, SUITES, suiteOptions, type SuiteOptions } from './lib/suites.ts';
import { coldCompileCases, realTemplates } from './lib/real-templates.ts';

export interface EngineBenchOptions {
  quick: boolean;
  /** The storefront pages to measure, and where they come from (for the report). */
  pages: StorefrontPage[];
  pagesSource: string;
  /** Fresh processes for cold parsing and memory (slow to start; off in quick runs). */
  probes: boolean;
  log: (line: string) => void;
}

const CHART_FILE = 'render-vs-size.svg';
/**
 * Fresh processes per cold-compile case. A first compile is one event of a few milliseconds,
 * and on this shared machine one run in three or four takes several times the others (a
 * collection or another process's burst): the median of three followed those outliers from
 * run to run, and the median of eight still moved a page by a third between full runs. An even
 * count also gives each engine the first place equally often.
 */
const COLD_RUNS = 16;
/** Fresh processes per case with no warm-up at all (shown beside the headline figure, not checked). */
const UNWARMED_RUNS = 8;

function describe(c: CaseResult): string {
  const size = c.size !== undefined ? ` ${c.size}` : '';
  if (c.status === 'differs') return `${c.group} | ${c.name}${size}: OUTPUTS DIFFER, not timed (${c.note ?? ''})`;
  const times = c.timings.map((t) => `${t.name} ${t.medianUs.toFixed(2)}µs`).join(', ');
  return `${c.group} | ${c.name}${size}: ${times} → ${c.ratio?.toFixed(2)}×${c.note ? ` (${c.note})` : ''}`;
}

/** Medians of `count` cold-parse probes of page `index`, half with each engine first. */
function coldRuns(index: number, pagesFile: string, count: number, mode: string[]): { oursUs: number; referenceUs: number; ratio: number } {
  const runs = [];
  for (let i = 0; i < count; i++) {
    const order = i % 2 === 1 ? 'reference-first' : 'ours-first';
    runs.push(runProbe<{ oursUs: number; referenceUs: number }>('cold-parse.ts', [String(index), order, pagesFile, ...mode]));
  }
  return {
    oursUs: median(runs.map((r) => r.oursUs)),
    referenceUs: median(runs.map((r) => r.referenceUs)),
    // Paired: each run times both engines in one process, so a slow spell of the machine falls on both.
    ratio: median(runs.map((r) => r.referenceUs / r.oursUs)),
  };
}

function coldParse(pages: readonly StorefrontPage[], pagesFile: string, log: (line: string) => void, label = 'parse storefront cold'): ColdParse[] {
  return pages.map((page, index) => {
    const result: ColdParse = { page: page.page, ...coldRuns(index, pagesFile, COLD_RUNS, []) };
    result.unwarmed = coldRuns(index, pagesFile, UNWARMED_RUNS, ['unwarmed']);
    const u = result.unwarmed;
    log(
      `${label} | ${page.page}: ours ${result.oursUs.toFixed(0)}µs, reference ${result.referenceUs.toFixed(0)}µs → ${result.ratio.toFixed(2)}×` +
        ` (no warm-up: ours ${u.oursUs.toFixed(0)}µs, reference ${u.referenceUs.toFixed(0)}µs → ${u.ratio.toFixed(2)}×)`,
    );
    return result;
  });
}

function chartSeries(cases: readonly CaseResult[]): ChartSeries[] {
  const series: ChartSeries[] = [];
  const lineSet = (group: string, name: string, xLabel: string, title: string): void => {
    const lines = new Map<string, [number, number][]>();
    for (const c of cases) {
      if (c.group !== group || c.name !== name || c.status !== 'timed' || c.size === undefined) continue;
      for (const t of c.timings) {
        const pts = lines.get(t.name) ?? [];
        pts.push([c.size, t.medianUs]);
        lines.set(t.name, pts);
      }
    }
    if (lines.size > 0) series.push({ title, xLabel, lines });
  };
  for (const c of MICRO_CASES) lineSet('render micro', c.kind, 'repetitions of the 32-char unit', c.kind);
  lineSet('product list (4 engines)', 'product list', 'products', 'product list, 4 engines');
  return series;
}

/**
 * The linearity rows: the target's 256 → 4096 range for template and data
 * size, timed in pairs (suites.ts runLinearity), and the issue's 1 000 →
 * 100 000 items of the data-size cases, shown outside the check.
 */
function linearityRows(paired: Linearity[], cases: readonly CaseResult[], suite: SuiteOptions): Linearity[] {
  const largest = suite.dataSizes[suite.dataSizes.length - 1];
  const shown =
    largest !== undefined && largest > 1000 && suite.dataSizes.includes(1000)
      ? [...linearity(cases, 'render data size', 1000, largest), ...linearity(cases, STREAMED_GROUP, 1000, largest)].map((l) => ({ ...l, checked: false }))
      : [];
  return [...paired, ...shown];
}

export function runEngineBench(options: EngineBenchOptions): EngineBenchReport {
  const suite = suiteOptions(options.quick);
  const cases: CaseResult[] = [];
  let memory: MemoryReport[] = [];
  let cold: ColdParse[] = [];
  let coldReal: ColdParse[] = [];
  let paired: Linearity[];
  if (!options.probes) {
    suite.onCase = (c) => options.log(describe(c));
    for (const name of SUITE_NAMES) cases.push(...SUITES[name](suite, options.pages));
    paired = runLinearity(suite, 1, 4);
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'bench-engine-'));
    try {
      const pagesFile = join(dir, 'pages.json');
      savePages(pagesFile, options.pages);
      // Each suite in a fresh process (see SUITES).
      for (const name of SUITE_NAMES) {
        const found = runProbe<CaseResult[]>('suite.ts', [name, pagesFile]);
        for (const c of found) options.log(describe(c));
        cases.push(...found);
      }
      paired = runProbe<Linearity[]>('linearity.ts', LINEARITY_RANGE.map(String));
      for (const l of paired) options.log(`linearity | ${l.series} | ${l.engine} | ${l.from} → ${l.to}: ${l.factor.toFixed(2)}`);
      cold = coldParse(options.pages, pagesFile, options.log);
      // Every file of each public template, compiled once in a fresh process.
      const real = coldCompileCases(realTemplates());
      const realFile = join(dir, 'real-templates.json');
      savePages(realFile, real);
      coldReal = coldParse(real, realFile, options.log, 'parse real template cold');
      memory = ['ours', 'reference'].map((engine) => runProbe<MemoryReport>('memory.ts', [engine, '20', '100000', pagesFile]));
      for (const m of memory) options.log(`memory | ${m.engine}: ${JSON.stringify(m)}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const cpus = os.cpus();
  const lin = linearityRows(paired, cases, suite);
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    node: process.version,
    date: new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
    cases,
    coldParse: cold,
    coldParseReal: coldReal,
    memory,
    linearity: lin,
    notes: [
      options.pagesSource,
      'Parse (repeated compile) compiles the same source again and again: our engine\'s tag cache is warm after the first compile. ' +
        'Parse (cold tag cache) gives every compile a template whose tags were never seen; the reference has no such cache, so both rows cost it the same.',
      'The micro cases are those of the reference\'s own benchmark (text, text + variable, variables + formatters, section, repeated section, bindvar) plus an `.eval` unit.',
      'Both engines run as JavaScript built for shipping: the reference as published on npm, ours bundled from engine/ by esbuild at the start of the run (bench/lib/built-engine.ts), without the keep-names wrappers a TypeScript loader adds.',
      'Our templates build their closures on their first render (at once only for a tree more than 500 levels deep, counting each `.or` of a block as a level), so the parse rows measure scanning, reading the tags, checking plugin names and arguments and building the tree, on both sides; ' +
        'every render row renders a template that has rendered before. The memory rows render each of our copies once before counting it, so they include the closures.',
    ],
  };
}

/** The storefront's real pages when its server can serve them, else the benchmark's own theme. */
export async function choosePages(log: (line: string) => void): Promise<{ pages: StorefrontPage[]; pagesSource: string }> {
  try {
    const pages = await captureLivePages();
    return {
      pages,
      pagesSource:
        'The storefront pages are the theme in templates/ (page template and every partial) with the page contexts the server builds ' +
        '(its `?format=json` answer on a fresh seeded database, with two entries in the cart).',
    };
  } catch (e) {
    log(`storefront server not usable (${(e as Error).message}); measuring the benchmark's own theme instead`);
    return {
      pages: storefrontPages(),
      pagesSource:
        'The storefront server could not serve its pages in this run, so the storefront rows use the benchmark\'s own representative theme ' +
        '(bench/fixtures/templates) with contexts built from the seed data (bench/fixtures/page-contexts.ts).',
    };
  }
}

async function main(): Promise<void> {
  const args = new Set(process.argv.slice(2));
  const quick = args.has('--quick');
  const started = Date.now();
  const log = (line: string): void => console.log(line);
  const { pages, pagesSource } = await choosePages(log);
  const report = runEngineBench({ quick, probes: !quick, log, pages, pagesSource });
  console.log('');
  for (const c of checkTargets(report)) console.log(`${c.met ? 'MET ' : 'MISS'} ${c.target}: ${c.detail}`);
  console.log(`done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  if (!args.has('--no-write') && !quick) {
    writeFileSync(new URL(CHART_FILE, import.meta.url), renderChart('Render time against template size', chartSeries(report.cases)));
    replaceSection('engine', engineMarkdown(report, CHART_FILE));
    console.log('wrote bench/RESULTS.md and bench/' + CHART_FILE);
  }
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((e: unknown) => {
    console.error(e);
    process.exitCode = 1;
  });
}
