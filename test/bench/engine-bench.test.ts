/**
 * Keeps the engine benchmark working: one pass over tiny inputs. Nothing
 * here looks at a duration; it checks that every case runs, that the
 * engines agree on every output, and that the report and chart are written.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { choosePages, runEngineBench } from '../../bench/engine.ts';
import { renderChart } from '../../bench/lib/chart.ts';
import { runProbe } from '../../bench/lib/child.ts';
import { interleaved, median } from '../../bench/lib/measure.ts';
import { checkTargets, engineMarkdown } from '../../bench/lib/report.ts';
import type { CaseResult, EngineBenchReport, Linearity, MemoryReport } from '../../bench/lib/results.ts';
import { replaceSection } from '../../bench/lib/results-file.ts';
import { storefrontPages } from '../../bench/lib/storefront.ts';
import { runStorefront, STREAMED_GROUP } from '../../bench/lib/suites.ts';
import { REAL_TEMPLATES_GROUP } from '../../bench/lib/real-templates.ts';
import { HAND_WRITTEN_GROUP } from '../../bench/lib/hand-written.ts';

const tiny = { warmupMs: 0, sampleMs: 0, samples: 1 };
let report: EngineBenchReport;
const choiceLog: string[] = [];
beforeAll(async () => {
  const { pages, pagesSource } = await choosePages((line) => choiceLog.push(line));
  report = runEngineBench({ quick: true, probes: false, log: () => {}, pages, pagesSource });
}, 60_000);
const dir = mkdtempSync(join(tmpdir(), 'bench-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('engine benchmark on tiny inputs', () => {
  it('measures the storefront\'s own pages as its server serves them, not the fallback theme', () => {
    // a change to the shop (a product the cart refuses, a page that moved) once sent every run to the
    // fallback without a failure anywhere
    expect(choiceLog).toEqual([]);
    expect(report.notes[0]).toMatch(/^The storefront pages are the theme in templates\//);
  });

  it('runs every group of cases', () => {
    const groups = new Set(report.cases.map((c) => c.group));
    expect([...groups].sort()).toEqual(
      [
        'parse (cold tag cache)',
        'parse (repeated compile)',
        'parse storefront (repeated compile)',
        'product list (4 engines)',
        'render data size',
        STREAMED_GROUP,
        REAL_TEMPLATES_GROUP,
        HAND_WRITTEN_GROUP,
        'render micro',
        'render storefront',
      ].sort(),
    );
    expect(report.cases.filter((c) => c.group === 'render storefront').map((c) => c.name)).toEqual([
      'home',
      'shop list',
      'product detail',
      'cart',
    ]);
  });

  it('times only cases whose outputs are identical, and all of them are (the public templates aside)', () => {
    const ownCases = report.cases.filter((c) => c.group !== REAL_TEMPLATES_GROUP);
    const differing = ownCases.filter((c) => c.status !== 'timed').map((c) => `${c.group} ${c.name}: ${c.note}`);
    expect(differing).toEqual([]);
    for (const c of report.cases.filter((c) => c.status === 'timed')) {
      expect(c.ratio).toBeGreaterThan(0);
      expect(Number.isFinite(c.ratio)).toBe(true);
    }
    // Public templates the engines render differently are reported, with where, and not timed.
    for (const c of report.cases.filter((c) => c.group === REAL_TEMPLATES_GROUP && c.status !== 'timed')) {
      expect(c.timings).toEqual([]);
      expect(c.note).toMatch(/outputs differ at \d+/);
    }
  });

  it('checks the hand-written pages byte-equal and times them against ours', () => {
    const hand = report.cases.filter((c) => c.group === HAND_WRITTEN_GROUP);
    expect(hand.map((c) => [c.name, c.status, c.timings.map((t) => t.name)])).toEqual([
      ['shop list', 'timed', ['hand-written', 'ours']],
      ['product detail', 'timed', ['hand-written', 'ours']],
    ]);
  });

  it('keeps the benchmark\'s own theme (the fallback pages) identical on both engines', () => {
    const cases = runStorefront({ timing: tiny, microSizes: [], dataSizes: [], productListSizes: [], coldSizes: [] }, storefrontPages());
    expect(cases.filter((c) => c.status !== 'timed').map((c) => c.note)).toEqual([]);
    expect(cases).toHaveLength(8);
  });

  it('compares four engines on the product list', () => {
    const list = report.cases.find((c) => c.group === 'product list (4 engines)');
    expect(list?.timings.map((t) => t.name)).toEqual(['ours', '@squarespace/template-engine', 'liquidjs', 'handlebars']);
  });

  it('writes a report with the targets and a section that a second run replaces', () => {
    const file = pathToFileURL(join(dir, 'RESULTS.md'));
    const md = engineMarkdown(report, 'chart.svg');
    expect(md).toContain('| target | met | measured |');
    expect(checkTargets(report).map((c) => c.target.split(' ')[0])).toEqual(['render', 'render', 'parse', 'render', 'render', 'cost']);
    const withCold = {
      ...report,
      coldParse: [{ page: 'home', oursUs: 100, referenceUs: 300, ratio: 3 }],
      coldParseReal: [
        { page: 'a template', oursUs: 100, referenceUs: 150, ratio: 1.5, unwarmed: { oursUs: 400, referenceUs: 320, ratio: 0.8 } },
      ],
    };
    const cold = checkTargets(withCold).find((c) => c.target.startsWith('cold compile'));
    expect(cold).toMatchObject({ met: false, detail: 'lowest 1.50× (a template); with no warm-up at all lowest 0.80× (a template)' });
    const coldMd = engineMarkdown(withCold, 'chart.svg');
    // The cold figure is the headline: its table comes before every suite's table.
    expect(coldMd.indexOf('### Parse: cold')).toBeGreaterThan(0);
    expect(coldMd.indexOf('### Parse: cold')).toBeLessThan(coldMd.indexOf('### render storefront'));
    expect(coldMd).toContain('| a template | 100.0 µs | 150.0 µs | 1.50× | 400.0 µs | 320.0 µs | 0.80× |');
    expect(coldMd).toContain('| home | 100.0 µs | 300.0 µs | 3.00× | – | – | – |');
    replaceSection('engine', 'section written by an earlier run', file);
    replaceSection('server', 'server part', file);
    replaceSection('engine', md, file);
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain('section written by an earlier run');
    expect(text.indexOf('<!-- engine:begin -->')).toBeLessThan(text.indexOf('<!-- server:begin -->'));
    expect(text).toContain('server part');
  });

  it('draws one line per engine in the chart', () => {
    const svg = renderChart('t', [
      { title: 'a', xLabel: 'n', lines: new Map([['x', [[1, 2], [10, 20]]], ['y', [[1, 3], [10, 40]]]]) },
    ]);
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg.match(/<path /g)).toHaveLength(2);
  });
});

describe('measurement helpers', () => {
  it('takes the median', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
  });

  it('samples every contender the requested number of times', () => {
    let a = 0;
    let b = 0;
    const timings = interleaved(
      [
        { name: 'a', run: () => ++a },
        { name: 'b', run: () => ++b },
      ],
      { warmupMs: 0, sampleMs: 0, samples: 3 },
    );
    expect(timings.map((t) => [t.name, t.samples, t.callsPerSample])).toEqual([
      ['a', 3, 1],
      ['b', 3, 1],
    ]);
    expect(a).toBe(b);
  });
});

describe('linearity target', () => {
  const withRows = (rows: Linearity[]): EngineBenchReport => ({ ...report, linearity: rows });
  const row = (factor: number, checked?: boolean): Linearity => ({ series: 's', engine: 'ours', from: 256, to: 4096, factor, checked });
  const linear = (r: EngineBenchReport) => checkTargets(r).find((c) => c.target.startsWith('cost linear'));

  it('misses when a checked case grows more than 1.3× faster than linear', () => {
    expect(linear(withRows([row(1.1), row(1.31)]))?.met).toBe(false);
    expect(linear(withRows([row(1.1), row(1.29)]))?.met).toBe(true);
  });

  it('does not count cost that grows slower than size, nor rows outside the range', () => {
    const check = linear(withRows([row(0.06), row(1.2), row(3.5, false)]));
    expect(check?.met).toBe(true);
    expect(check?.detail).toContain('slower than size');
  });
});

describe('suite probe', () => {
  it('runs one suite in a fresh process and returns its cases', () => {
    const cases = runProbe<CaseResult[]>('suite.ts', ['render storefront', '', 'quick']);
    expect(cases.map((c) => [c.group, c.name, c.status])).toEqual(
      ['home', 'shop list', 'product detail', 'cart'].map((name) => ['render storefront', name, 'timed']),
    );
  });

  it('times each series\' two sizes in pairs, per engine, for the linearity target', () => {
    const rows = runProbe<Linearity[]>('linearity.ts', ['1', '4', 'quick']);
    expect(rows).toHaveLength(16);
    for (const l of rows) {
      expect([l.from, l.to]).toEqual([1, 4]);
      expect(l.factor).toBeCloseTo((l.toUs ?? 0) / (l.fromUs ?? 1) / 4, 6);
    }
  });

  it('refuses a suite it does not know', () => {
    expect(() => runProbe('suite.ts', ['no such suite', '', 'quick'])).toThrow(/no benchmark suite named/);
  });
});

describe('memory probe', () => {
  it('reports retained heap and render growth from a fresh process', () => {
    const m = runProbe<MemoryReport>('memory.ts', ['ours', '2', '50']);
    expect(m.engine).toBe('ours');
    expect(Object.keys(m.retainedPerTemplate)).toEqual(['home', 'shop list', 'product detail', 'cart']);
    expect(m.largestCase).toContain('50 items');
  });
});
