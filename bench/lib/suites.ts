/**
 * The engine benchmark's cases. Every case first renders once with each
 * engine and compares the HTML; only identical outputs are timed.
 */
import { DEFAULT_TIMING, interleaved, type Contender, type Timing, type TimingOptions } from './measure.ts';
import { ours, oursStreamed, reference, type LanguageEngine, type Prepared, type RenderCase } from './engines.ts';
import { REAL_TEMPLATES_GROUP, realTemplateRenderCases, realTemplates } from './real-templates.ts';
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
import { storefrontPages, type StorefrontPage } from './storefront.ts';
import { HAND_WRITTEN_GROUP, handWrittenProduct, handWrittenShopList } from './hand-written.ts';

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

/** Tiny inputs and single samples: checks that the code runs, measures nothing. */
export const QUICK_SUITE: SuiteOptions = {
  timing: { warmupMs: 0, sampleMs: 0, samples: 1 },
  microSizes: [1, 4],
  dataSizes: [3],
  productListSizes: [2],
  coldSizes: [2],
};

/** The full suite with the default timing, or the quick one. */
export function suiteOptions(quick: boolean): SuiteOptions {
  return quick ? { ...QUICK_SUITE } : { ...FULL_SUITE, timing: DEFAULT_TIMING };
}

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

/** Our render against the reference's on the micro templates, at every size. */
export function runRenderMicro(opts: SuiteOptions): CaseResult[] {
  const out: CaseResult[] = [];
  for (const c of MICRO_CASES) {
    for (const size of opts.microSizes) {
      const o = out.length === 0 ? firstInProcess(opts) : opts;
      out.push(reported(opts, renderCase('render micro', c.kind, size, { source: microSource(c, size), data: c.data }, o)));
    }
  }
  return out;
}

/** Compiling the same micro template again and again (our tag cache warm after the first compile). */
export function runParseMicro(opts: SuiteOptions): CaseResult[] {
  const out: CaseResult[] = [];
  for (const c of MICRO_CASES) {
    for (const size of opts.microSizes) {
      const source = microSource(c, size);
      const o = out.length === 0 ? firstInProcess(opts) : opts;
      out.push(reported(opts, parseCase('parse (repeated compile)', c.kind, size, () => source, o)));
    }
  }
  return out;
}

/** Compiling micro templates whose tags were never seen. */
export function runColdParse(opts: SuiteOptions): CaseResult[] {
  const out: CaseResult[] = [];
  MICRO_CASES.forEach((c, index) => {
    if (c.kind === 'text') return; // no tags: cold and warm are the same work
    for (const size of opts.coldSizes) {
      out.push(reported(opts, coldParseCase(c.kind, size, index, out.length === 0 ? firstInProcess(opts) : opts)));
    }
  });
  return out;
}

/** One repeated section over lists of growing length. */
export function runDataSize(opts: SuiteOptions): CaseResult[] {
  return opts.dataSizes.map((count, i) =>
    reported(
      opts,
      renderCase('render data size', 'repeated section', count, { source: LIST_TEMPLATE, data: listData(count) }, i === 0 ? firstInProcess(opts) : opts),
    ),
  );
}

/** The data-size group of our string render against our streamed render (the sink keeps only a count). */
export const STREAMED_GROUP = 'render data size: string and streamed (ours)';

/**
 * Our string render against our streamed render of the same list, interleaved, at every data
 * size: the 1 000 → largest growth factor of each is reported side by side.
 */
export function runStreamedDataSize(opts: SuiteOptions): CaseResult[] {
  return opts.dataSizes.map((count, i) => {
    const input = { source: LIST_TEMPLATE, data: listData(count) };
    const whole = ours.prepare(input);
    const streamed = oursStreamed(input);
    const html = whole.render();
    if (streamed.text() !== html) {
      return reported(opts, { group: STREAMED_GROUP, name: 'repeated section', size: count, status: 'differs', timings: [], note: 'streamed output differs' });
    }
    const timing = (i === 0 ? firstInProcess(opts) : opts).timing;
    const timings = interleaved(
      [
        { name: 'string render', run: whole.render },
        { name: 'streamed render', run: streamed.render },
      ],
      timing,
    );
    return reported(opts, { group: STREAMED_GROUP, name: 'repeated section', size: count, status: 'timed', timings, ratio: ratioOf(timings) });
  });
}

/**
 * The public developer templates (../shared/real-templates) rendered with the storefront's page
 * contexts, their blocks as partials; only cases where both engines write the same HTML are timed.
 */
export function runRenderRealTemplates(suite: SuiteOptions, pages: readonly StorefrontPage[]): CaseResult[] {
  const opts = firstInProcess(suite);
  return realTemplateRenderCases(realTemplates(), pages).map((c) => reported(opts, renderCase(REAL_TEMPLATES_GROUP, c.page, undefined, c, opts)));
}

/**
 * Our render of the benchmark theme's product list and product page against the same pages
 * written by hand (hand-written.ts), checked byte-equal first. Here ratio = ours ÷ hand-written.
 */
export function runHandWritten(suite: SuiteOptions): CaseResult[] {
  const opts = firstInProcess(suite);
  const pages = storefrontPages();
  const cases = [
    { name: 'shop list', page: 'shop list', hand: handWrittenShopList },
    { name: 'product detail', page: 'product detail', hand: handWrittenProduct },
  ];
  return cases.map(({ name, page, hand }) => {
    const input = pages.find((p) => p.page === page) as StorefrontPage;
    const engine = ours.prepare(input);
    const data = input.data as Record<string, unknown>;
    const expected = engine.render();
    const written = hand(data);
    if (written !== expected) {
      return reported(opts, { group: HAND_WRITTEN_GROUP, name, status: 'differs', timings: [], note: firstDifference(expected, written) });
    }
    const timings = interleaved(
      [
        { name: 'hand-written', run: () => hand(data) },
        { name: 'ours', run: engine.render },
      ],
      opts.timing,
    );
    return reported(opts, { group: HAND_WRITTEN_GROUP, name, status: 'timed', timings, ratio: ratioOf(timings), note: 'ratio = ours ÷ hand-written' });
  });
}

function reported(opts: SuiteOptions, result: CaseResult): CaseResult {
  opts.onCase?.(result);
  return result;
}

/** Rendering the storefront pages with their page contexts. */
export function runRenderStorefront(suite: SuiteOptions, pages: readonly StorefrontPage[]): CaseResult[] {
  const opts = firstInProcess(suite);
  return pages.map((page) => reported(opts, renderCase('render storefront', page.page, undefined, page, opts)));
}

/** Compiling each storefront page: its template and every partial it may apply. */
export function runParseStorefront(suite: SuiteOptions, pages: readonly StorefrontPage[]): CaseResult[] {
  const opts = firstInProcess(suite);
  return pages.map((page) => {
    const sources = [page.source, ...Object.values(page.partials)];
    const contenders: Contender[] = ENGINES.map((e) => ({ name: e.name, run: () => sources.map((s) => e.compile(s)) }));
    const timings = interleaved(contenders, opts.timing);
    return reported(opts, { group: 'parse storefront (repeated compile)', name: page.page, status: 'timed', timings, ratio: ratioOf(timings) });
  });
}

/** Both storefront suites, one after the other (the in-process quick run and the fallback theme's check). */
export function runStorefront(suite: SuiteOptions, pages: readonly StorefrontPage[]): CaseResult[] {
  return [...runRenderStorefront(suite, pages), ...runParseStorefront(suite, pages)];
}

/**
 * A suite's first case runs while the JIT is still compiling both engines:
 * it gets a longer warm-up (the storefront suites give it to every page).
 */
function firstInProcess(suite: SuiteOptions): SuiteOptions {
  return { ...suite, timing: { ...suite.timing, warmupMs: suite.timing.warmupMs * 5 } };
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
    out.push(reported(opts, r));
  }
  return out;
}

/**
 * The suites by name. `npm run bench` runs each in a fresh process: a suite
 * then starts from a heap and JIT that no other suite shaped. (Run in one
 * process, the reference's storefront renders left allocation sites
 * pretenured, and the old-generation garbage its compiles then made started
 * incremental marking during our compile samples, which slowed them and
 * billed them the marking threads' CPU.)
 */
export const SUITES = {
  'render storefront': runRenderStorefront,
  'parse storefront': runParseStorefront,
  'render micro': runRenderMicro,
  'parse micro': runParseMicro,
  'parse cold': runColdParse,
  'render data size': runDataSize,
  'render data size streamed': runStreamedDataSize,
  'render real templates': runRenderRealTemplates,
  'product list': runProductList,
  'hand-written': runHandWritten,
} satisfies Record<string, (opts: SuiteOptions, pages: readonly StorefrontPage[]) => CaseResult[]>;

export type SuiteName = keyof typeof SUITES;
export const SUITE_NAMES = Object.keys(SUITES) as SuiteName[];

/** How far each series is from linear between two of its sizes (timed as separate cases), per engine. */
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
      out.push(linearityRow(`${group}: ${name}`, t.name, from, to, t.medianUs, big.medianUs));
    });
  }
  return out;
}

/** A linearity row: factor = time ratio ÷ size ratio. */
function linearityRow(series: string, engine: string, from: number, to: number, fromUs: number, toUs: number): Linearity {
  return { series, engine, from, to, fromUs, toUs, factor: toUs / fromUs / (to / from) };
}

/** The sizes between which the linearity target is checked, for template size and data size alike. */
export const LINEARITY_RANGE = [256, 4096] as const;

/**
 * Linearity measured in pairs: for each engine on its own, a series' small
 * and large inputs are timed interleaved in one run (small, large, small,
 * large …), so a slow spell of the machine falls on both sizes alike. Timed
 * one case at a time, the two sizes are seconds apart and the machine's
 * speed drifts between them (the same render was seen to take 16 µs in one
 * second and 28 µs in another on a quiet machine), which alone moved factors
 * by ±0.5. The other engine stays out of the pair: its garbage would be
 * collected during this engine's samples and fall on one size more than the other.
 */
export function runLinearity(opts: SuiteOptions, from: number, to: number): Linearity[] {
  const series: { name: string; input: (size: number) => RenderCase }[] = [
    ...MICRO_CASES.map((c) => ({ name: `render micro: ${c.kind}`, input: (size: number) => ({ source: microSource(c, size), data: c.data }) })),
    { name: 'render data size: repeated section', input: (count: number) => ({ source: LIST_TEMPLATE, data: listData(count) }) },
  ];
  const out: Linearity[] = [];
  for (const s of series) {
    for (const engine of ENGINES) {
      const [small, large] = [from, to].map((size) => engine.prepare(s.input(size))) as [Prepared, Prepared];
      const timing = out.length === 0 ? firstInProcess(opts).timing : opts.timing;
      const [a, b] = interleaved(
        [
          { name: `${engine.name} ${from}`, run: small.render },
          { name: `${engine.name} ${to}`, run: large.render },
        ],
        timing,
      ) as [Timing, Timing];
      out.push(linearityRow(s.name, engine.name, from, to, a.medianUs, b.medianUs));
    }
  }
  return out;
}
