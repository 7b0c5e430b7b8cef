/**
 * Probe: memory of one engine, in a fresh process run with --expose-gc.
 * Retained heap per compiled template (storefront pages and a 4096-repetition
 * micro template), and the heap and peak RSS growth of rendering the largest
 * case (a repeated section over 100 000 items). Arguments: `ours` or `reference`,
 * copies per template, items of the largest case, and optionally a pages file.
 */
import { ours, reference } from '../lib/engines.ts';
import { keep } from '../lib/measure.ts';
import { LIST_TEMPLATE, listData, MICRO_CASES, microSource } from '../lib/micro-cases.ts';
import type { MemoryReport } from '../lib/results.ts';
import { loadPages } from '../lib/storefront.ts';

const engine = process.argv[2] === 'reference' ? reference : ours;
const collect = (globalThis as { gc?: () => void }).gc ?? (() => {});
const copies = Number(process.argv[3] ?? '20');
const largestCount = Number(process.argv[4] ?? '100000');

function heapUsed(): number {
  collect();
  collect();
  return process.memoryUsage().heapUsed;
}

/**
 * One compiled copy as a template in use holds it: our engine builds a template's closures
 * on its first render, so each of our copies renders once (with no data) before it is counted.
 */
function compiledInUse(source: string): unknown {
  const compiled = engine.compile(source);
  if (engine === ours) (compiled as { render: (data: unknown) => unknown }).render(null);
  return compiled;
}

/** Mean heap kept alive by one compiled copy of `source` (one compile first, so shared caches are not counted). */
function retainedPer(source: string): number {
  keep(compiledInUse(source));
  const before = heapUsed();
  const kept: unknown[] = [];
  for (let i = 0; i < copies; i++) kept.push(compiledInUse(source));
  const after = heapUsed();
  keep(kept);
  return Math.max(0, (after - before) / copies);
}

// The render comes first, so the process's peak RSS so far is about its current RSS.
const prepared = engine.prepare({ source: LIST_TEMPLATE, data: listData(largestCount) });
const heapBefore = heapUsed();
const rssBefore = process.memoryUsage().rss;
const html = prepared.render();
const heapAfter = process.memoryUsage().heapUsed;
const rssAfter = process.resourceUsage().maxRSS * 1024;
keep(html);

const retainedPerTemplate: Record<string, number> = {};
for (const page of loadPages(process.argv[5])) retainedPerTemplate[page.page] = retainedPer(page.source);
const vars = MICRO_CASES.find((c) => c.kind === 'variables + formatters') ?? MICRO_CASES[0];
const retainedLargeMicro = retainedPer(microSource(vars!, 4096));

const report: MemoryReport = {
  engine: engine.name,
  retainedPerTemplate,
  retainedLargeMicro,
  renderHeapGrowth: heapAfter - heapBefore,
  renderPeakRssGrowth: Math.max(0, rssAfter - rssBefore),
  largestCase: `repeated section over ${largestCount} items (${html.length} characters of output)`,
};
console.log(JSON.stringify(report));
