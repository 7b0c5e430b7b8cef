/**
 * The engine benchmark's cases. Every case first renders once with each
 * engine and compares the HTML; only identical outputs are timed.
 */
import { interleaved, type Contender, type TimingOptions } from './measure.ts';
import { ours, reference, type LanguageEngine, type RenderCase } from './engines.ts';
import {
  coldMicroSource,
  DATA_SIZES,
  LIST_TEMPLATE,
  listData,
  MICRO_CASES,
  MICRO_SIZES,
  microSource,
} from './micro-cases.ts';
import { LIST_ENGINES, PRODUCT_LIST_SIZES, productListData } from './other-engines.ts';
import type { CaseResult, Linearity } from './results.ts';
import type { StorefrontPage } from './storefront.ts';

export interface SuiteOptions {
  timing: TimingOptions;
  microSizes: readonly number[];
  dataSizes: readonly number[];
  productListSizes: readonly number[];
  /** Template sizes (repetitions) at which cold parsing is measured. */
  coldSizes: readonly number[];
  /** Called after each case, for progress output. */
  onCase?: (result: CaseResult) => void;
}

export const FULL_SUITE: Omit<SuiteOptions, 'timing'> = {
  microSizes: MICRO_SIZES,
  dataSizes: DATA_SIZES,
  productListSizes: PRODUCT_LIST_SIZES,
  coldSizes: [16, 256],
};

const ENGINES: readonly LanguageEngine[] = [ours, reference];

function ratioOf(timings: { medianUs: number }[]): number {
  const [a, b] = timings as [{ medianUs: number }, { medianUs: number }];
  return b.medianUs / a.medianUs;
}

/** Renders a case with both engines; times it when the outputs are identical. */
function renderCase(group: string, name: string, size: number | undefined, input: RenderCase, opts: SuiteOptions): CaseResult {
  const prepared = ENGINES.map((e) => e.prepare(input));
  const outputs = prepared.map((p) => p.render());
  if (outputs.some((html) => html !== outputs[0])) {
    return { group, name, size, status: 'differs', timings: [], note: firstDifference(outputs[0] ?? '', outputs[1] ?? '') };
  }
  const contenders: Contender[] = ENGINES.map((e, i) => ({ name: e.name, run: (prepared[i] as { render: () => string }).render }));
  const timings = interleaved(contenders, opts.timing);
  const errors = prepared.flatMap((p) => p.errors);
  return { group, name, size, status: 'timed', timings, ratio: ratioOf(timings), note: errors.length > 0 ? `errors: ${errors[0]}` : undefined };
}

function firstDifference(a: string, b: string): string {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return `outputs differ at ${i}: ours ${JSON.stringify(a.slice(i, i + 40))}, reference ${JSON.stringify(b.slice(i, i + 40))}`;
}

function parseCase(group: string, name: string, size: number | undefined, sources: () => string, opts: SuiteOptions): CaseResult {
  const contenders: Contender[] = ENGINES.map((e) => ({ name: e.name, run: () => e.compile(sources()) }));
  const timings = interleaved(contenders, opts.timing);
  return { group, name, size, status: 'timed', timings, ratio: ratioOf(timings) };
}

/**
 * Cold parsing: each compile gets a template never compiled before, whose
 * tags are all new, so our tag cache cannot help. The variants are made
 * before timing; the note says if the pool had to be reused.
 */
function coldParseCase(name: string, size: number, caseIndex: number, opts: SuiteOptions): CaseResult {
  const micro = MICRO_CASES[caseIndex] as (typeof MICRO_CASES)[number];
  const poolSize = Math.max(64, Math.ceil(200_000 / size));
  let serial = 0;
  const pool: string[] = [];
  for (let i = 0; i < poolSize; i++) pool.push(coldMicroSource(micro, size, caseIndex * 1_000_000 + i));
  // Each engine walks the pool on its own, so both parse the same sequence of templates.
  const cursors = ENGINES.map(() => 0);
  let wrapped = false;
  const contenders: Contender[] = ENGINES.map((e, i) => ({
    name: e.name,
    run: () => {
      const at = cursors[i] as number;
      cursors[i] = (at + 1) % poolSize;
      if (at + 1 === poolSize) wrapped = true;
      serial++;
      return e.compile(pool[at] as string);
    },
  }));
  const timings = interleaved(contenders, opts.timing);
  return {
    group: 'parse (cold tag cache)',
    name,
    size,
    status: 'timed',
    timings,
    ratio: ratioOf(timings),
    note: wrapped ? `pool of ${poolSize} templates reused after ${serial} compiles: later compiles were partly warm` : undefined,
  };
}

export function runMicro(opts: SuiteOptions): CaseResult[] {
  const out: CaseResult[] = [];
  const push = (r: CaseResult): void => {
    out.push(r);
    opts.onCase?.(r);
  };
  for (const c of MICRO_CASES) {
    for (const size of opts.microSizes) {
      push(renderCase('render micro', c.kind, size, { source: microSource(c, size), data: c.data }, opts));
    }
  }
  for (const c of MICRO_CASES) {
    for (const size of opts.microSizes) {
      const source = microSource(c, size);
      push(parseCase('parse (repeated compile)', c.kind, size, () => source, opts));
    }
  }
  MICRO_CASES.forEach((c, index) => {
    if (c.kind === 'text') return; // no tags: cold and warm are the same work
    for (const size of opts.coldSizes) push(coldParseCase(c.kind, size, index, opts));
  });
  for (const count of opts.dataSizes) {
    push(renderCase('render data size', 'repeated section', count, { source: LIST_TEMPLATE, data: listData(count) }, opts));
  }
  return out;
}

export function runStorefront(suite: SuiteOptions, pages: readonly StorefrontPage[]): CaseResult[] {
  // These run first in the process, while the JIT is still compiling both engines: a longer warm-up.
  const opts = { ...suite, timing: { ...suite.timing, warmupMs: suite.timing.warmupMs * 5 } };
  const out: CaseResult[] = [];
  for (const page of pages) {
    const r = renderCase('render storefront', page.page, undefined, page, opts);
    out.push(r);
    opts.onCase?.(r);
  }
  for (const page of pages) {
    // A page's parse is the page template and every partial it may apply.
    const sources = [page.source, ...Object.values(page.partials)];
    const contenders: Contender[] = ENGINES.map((e) => ({ name: e.name, run: () => sources.map((s) => e.compile(s)) }));
    const timings = interleaved(contenders, opts.timing);
    const r: CaseResult = {
      group: 'parse storefront (repeated compile)',
      name: page.page,
      status: 'timed',
      timings,
      ratio: ratioOf(timings),
    };
    out.push(r);
    opts.onCase?.(r);
  }
  return out;
}

/** The product list in all four engines; ratio is each engine's time over ours. */
export function runProductList(opts: SuiteOptions): CaseResult[] {
  const out: CaseResult[] = [];
  for (const count of opts.productListSizes) {
    const data = productListData(count);
    const renders = LIST_ENGINES.map((e) => e.prepare(data));
    const outputs = renders.map((r) => r());
    const differing = LIST_ENGINES.filter((_, i) => outputs[i] !== outputs[0]).map((e) => e.name);
    let r: CaseResult;
    if (differing.length > 0) {
      r = { group: 'product list (4 engines)', name: 'product list', size: count, status: 'differs', timings: [], note: `differs: ${differing.join(', ')}` };
    } else {
      const timings = interleaved(
        LIST_ENGINES.map((e, i) => ({ name: e.name, run: renders[i] as () => string })),
        opts.timing,
      );
      r = { group: 'product list (4 engines)', name: 'product list', size: count, status: 'timed', timings, ratio: ratioOf(timings) };
    }
    out.push(r);
    opts.onCase?.(r);
  }
  return out;
}

/** How far each series is from linear between two of its sizes, per engine. */
export function linearity(cases: readonly CaseResult[], group: string, from: number, to: number): Linearity[] {
  const out: Linearity[] = [];
  const names = [...new Set(cases.filter((c) => c.group === group).map((c) => c.name))];
  for (const name of names) {
    const small = cases.find((c) => c.group === group && c.name === name && c.size === from && c.status === 'timed');
    const large = cases.find((c) => c.group === group && c.name === name && c.size === to && c.status === 'timed');
    if (small === undefined || large === undefined) continue;
    small.timings.forEach((t, i) => {
      const big = large.timings[i];
      if (big === undefined) return;
      out.push({ series: `${group}: ${name}`, engine: t.name, from, to, factor: big.medianUs / t.medianUs / (to / from) });
    });
  }
  return out;
}
