/**
 * Runs golden files: render cases (`:TEMPLATE` + `:JSON` → `:OUTPUT`),
 * instruction-tree cases (`ast-*`: `:SOURCE` → `:JSON`), round trips
 * (`roundtrip-*`: parse then emit gives the source back) and tree dumps
 * (`:INPUT` → `:EXPECTED`). Each case passes, fails with a reason, or is
 * skipped with a reason.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { compile, preprocess, type TemplateError } from '../template.ts';
import type { Limits } from '../runtime/limits.ts';
import { parseJson } from '../runtime/json-reader.ts';
import { deepEquals } from '../runtime/values.ts';
import { emitSource } from '../syntax/source-emitter.ts';
import { printTree } from '../syntax/tree-printer.ts';
import { parseTemplate } from '../syntax/parse.ts';
import { readProperties, readSections, type Sections } from './golden-file.ts';

export type GoldenOutcome =
  | { file: string; status: 'pass' }
  | { file: string; status: 'fail'; reason: string }
  | { file: string; status: 'skip'; reason: string };

/** Formatters whose output depends on the current time. */
const CLOCK_DEPENDENT = /\|\s*(timesince|relative-time)\b/;

export function collectGoldenFiles(paths: readonly string[]): string[] {
  const files: string[] = [];
  const visit = (p: string): void => {
    if (statSync(p).isDirectory()) {
      for (const entry of readdirSync(p).sort()) visit(join(p, entry));
    } else {
      files.push(p);
    }
  };
  for (const p of paths) visit(p);
  return files;
}

export function runGoldenFile(file: string): GoldenOutcome {
  const text = readFileSync(file, 'utf8');
  const name = basename(file);
  try {
    if (name.startsWith('roundtrip-')) return roundTrip(file, text, name.includes('preprocessor'));
    if (!name.endsWith('.html') && !name.endsWith('.txt')) {
      return { file, status: 'skip', reason: 'not a template golden file (data for unit tests)' };
    }
    const sections = readSections(text);
    if (sections.has('SOURCE')) return treeJson(file, sections);
    if (sections.has('INPUT')) return treeDump(file, sections);
    if (sections.has('TEMPLATE')) return render(file, sections);
    return { file, status: 'skip', reason: 'no :TEMPLATE, :SOURCE or :INPUT section' };
  } catch (e) {
    if (e instanceof MalformedGoldenFile) return { file, status: 'fail', reason: e.message };
    return { file, status: 'fail', reason: `threw ${(e as Error).stack ?? String(e)}` };
  }
}

/** A golden file written wrong (a section that is not JSON): the file's fault, so its reason needs no stack. */
class MalformedGoldenFile extends Error {}

/** A section's JSON (`read` is the engine's reader for the data, so 1.0 stays a double). */
function jsonSection<T = unknown>(s: Sections, name: string, read: (text: string) => unknown = JSON.parse): T {
  try {
    return read(s.get(name) ?? '') as T;
  } catch (e) {
    throw new MalformedGoldenFile(`its :${name} section is not valid JSON: ${(e as Error).message.replace(/^Invalid JSON: /, '')}`);
  }
}

/** What a render case of a golden file renders: its template, data and options. */
export interface GoldenRenderCase {
  template: string;
  data: unknown;
  options: { partials: Record<string, string>; injects: Record<string, string>; locale?: string; now?: number };
  compileOptions: { name: string; limits?: Partial<Limits> };
  preprocess: boolean;
}

/** The render case of a golden file; null when the file is not one (or depends on the clock). */
export function readGoldenRenderCase(file: string): GoldenRenderCase | null {
  const s = readSections(readFileSync(file, 'utf8'));
  if (!s.has('TEMPLATE') || s.has('SOURCE') || s.has('INPUT')) return null;
  const found = renderCase(file, s);
  return typeof found === 'string' ? null : found;
}

/** The case, or why it is skipped. */
function renderCase(file: string, s: Sections): GoldenRenderCase | string {
  const props = readProperties(s.get('PROPERTIES'));
  const params = s.has('PARAMS') ? jsonSection<Record<string, unknown>>(s, 'PARAMS') : {};
  const locale = (params.locale as string | undefined) ?? props.locale;
  const nowRaw = params.now ?? props.now;
  const now = nowRaw === undefined ? undefined : Number(nowRaw);
  const template = s.get('TEMPLATE') as string;
  if (now === undefined && CLOCK_DEPENDENT.test(template)) return 'depends on the current time, which the file does not fix';
  // Read as the reference reads it: a number written 1.0 stays a double.
  const data = s.get('JSON') ? jsonSection(s, 'JSON', parseJson) : null;
  const partials = s.has('PARTIALS') ? jsonSection<Record<string, string>>(s, 'PARTIALS') : {};
  const injects = s.has('INJECT') ? jsonSection<Record<string, string>>(s, 'INJECT') : {};
  const options = { partials, injects, ...(locale ? { locale } : {}), ...(now !== undefined ? { now } : {}) };
  const limits = s.has('LIMITS') ? jsonSection<Partial<Limits>>(s, 'LIMITS') : undefined;
  const compileOptions = { name: basename(file), ...(limits ? { limits } : {}) };
  return { template, data, options, compileOptions, preprocess: props.preprocess === 'true' };
}

function render(file: string, s: Sections): GoldenOutcome {
  const found = renderCase(file, s);
  if (typeof found === 'string') return { file, status: 'skip', reason: found };
  const { template, data, options, compileOptions } = found;
  // The preprocessor cases expect the pass's output: the template it produces.
  let errors: TemplateError[];
  let html: string;
  if (found.preprocess) {
    const result = preprocess(template, data, { ...options, ...compileOptions });
    errors = [...result.compileErrors, ...result.errors];
    html = result.html;
  } else {
    const compiled = compile(template, compileOptions);
    const result = compiled.render(data, options);
    errors = [...compiled.errors, ...result.errors];
    html = result.html;
  }
  const expected = (s.get('OUTPUT') ?? '').trim();
  const actual = html.trim();
  if (actual !== expected) return { file, status: 'fail', reason: diff(expected, actual, errors.map((e) => e.message)) };
  // Our own golden files also pin the errors, with their positions.
  if (s.has('ERRORS')) {
    const want = (s.get('ERRORS') as string).split('\n').map((l) => l.trim()).filter(Boolean).join('\n');
    const got = errors.map((e) => `${e.line}:${e.column} ${e.message}`).join('\n');
    if (want !== got) return { file, status: 'fail', reason: `errors differ:\n  expected ${JSON.stringify(want)}\n  actual   ${JSON.stringify(got)}` };
  }
  return { file, status: 'pass' };
}

function treeJson(file: string, s: Sections): GoldenOutcome {
  const t = compile(s.get('SOURCE') as string);
  const expected = jsonSection(s, 'JSON');
  const actual = t.toJSON();
  if (deepEquals(actual, expected)) return { file, status: 'pass' };
  return { file, status: 'fail', reason: `instruction tree differs:\n  expected ${JSON.stringify(expected)}\n  actual   ${JSON.stringify(actual)}` };
}

function treeDump(file: string, s: Sections): GoldenOutcome {
  const parsed = parseTemplate(s.get('INPUT') as string, { plugins: { formatter: () => undefined, predicate: () => undefined } });
  const actual = printTree(parsed.root, parsed.lines).trim();
  const expected = (s.get('EXPECTED') as string).trim();
  return actual === expected ? { file, status: 'pass' } : { file, status: 'fail', reason: diff(expected, actual, []) };
}

function roundTrip(file: string, text: string, preprocessMode: boolean): GoldenOutcome {
  const parsed = parseTemplate(text, { preprocess: preprocessMode, plugins: { formatter: () => undefined, predicate: () => undefined } });
  const emitted = emitSource(parsed.root, { preprocess: preprocessMode });
  return emitted === text ? { file, status: 'pass' } : { file, status: 'fail', reason: diff(text, emitted, []) };
}

function diff(expected: string, actual: string, errors: string[]): string {
  let i = 0;
  while (i < expected.length && expected[i] === actual[i]) i++;
  const ctx = (s: string): string => JSON.stringify(s.slice(Math.max(0, i - 40), i + 60));
  const errs = errors.length ? `\n  errors: ${errors.join(' | ')}` : '';
  return `output differs at character ${i}:\n  expected ${ctx(expected)}\n  actual   ${ctx(actual)}${errs}`;
}

export function summarise(outcomes: readonly GoldenOutcome[]): { passed: number; failed: number; skipped: number; line: string } {
  const passed = outcomes.filter((o) => o.status === 'pass').length;
  const failed = outcomes.filter((o) => o.status === 'fail').length;
  const skipped = outcomes.filter((o) => o.status === 'skip').length;
  const line = `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;
  return { passed, failed, skipped, line };
}
