/**
 * The two engines of the language behind one shape, so every case runs the
 * same way on both: compile once (partials too), then render many times with
 * the same data, the same fixed clock and the same en-US locale data.
 */
import { Compiler as ReferenceCompiler } from '@squarespace/template-engine';
import type { RootCode } from '@squarespace/template-engine';
import type { Template } from '../../engine/index.ts';
import { cldrFor, compile } from './built-engine-loaded.ts';

export interface RenderCase {
  source: string;
  data: unknown;
  partials?: Record<string, string>;
}

export interface Prepared {
  /** Renders once and returns the HTML. */
  render: () => string;
  /** Errors reported by compile and one render, for the report. */
  errors: string[];
}

export interface LanguageEngine {
  name: string;
  /** Compiles the source and returns the compiled form (timed as parse). */
  compile: (source: string) => unknown;
  /** Compiles a case with its partials, ready to render repeatedly. */
  prepare: (input: RenderCase) => Prepared;
}

/** One clock for every render so date output never differs between engines. */
export const FIXED_NOW = Date.UTC(2026, 0, 15, 12, 0, 0);

export const ours: LanguageEngine = {
  name: 'ours',
  compile: (source) => compile(source),
  prepare(input) {
    const template = compile(input.source, { name: 'page' });
    const partials: Record<string, Template> = {};
    for (const [name, text] of Object.entries(input.partials ?? {})) partials[name] = compile(text, { name });
    const options = { partials, now: FIXED_NOW, locale: 'en-US' };
    const first = template.render(input.data, options);
    const errors = [...template.errors, ...Object.values(partials).flatMap((p) => p.errors), ...first.errors].map(
      (e) => e.message,
    );
    return { render: () => template.render(input.data, options).html, errors };
  },
};

/** Our streamed render of a case, into a sink that keeps only a count (`text` joins the chunks, for the check). */
export function oursStreamed(input: RenderCase): { render: () => number; text: () => string } {
  const template = compile(input.source, { name: 'page' });
  const partials: Record<string, Template> = {};
  for (const [name, text] of Object.entries(input.partials ?? {})) partials[name] = compile(text, { name });
  const options = { partials, now: FIXED_NOW, locale: 'en-US' };
  return {
    render: () => {
      let length = 0;
      template.renderToStream(input.data, (chunk) => (length += chunk.length), options);
      return length;
    },
    text: () => {
      const chunks: string[] = [];
      template.renderToStream(input.data, (chunk) => chunks.push(chunk), options);
      return chunks.join('');
    },
  };
}

const referenceCompiler = new ReferenceCompiler();

export const reference: LanguageEngine = {
  name: '@squarespace/template-engine',
  compile: (source) => referenceCompiler.parse(source),
  prepare(input) {
    const parsed = referenceCompiler.parse(input.source);
    const partials: Record<string, RootCode> = {};
    const errors = parsed.errors.map((e) => e.message);
    for (const [name, text] of Object.entries(input.partials ?? {})) {
      const p = referenceCompiler.parse(text);
      partials[name] = p.code as RootCode;
      errors.push(...p.errors.map((e) => e.message));
    }
    const cldr = cldrFor('en-US');
    const execute = () =>
      referenceCompiler.execute({
        code: parsed.code,
        json: input.data,
        partials,
        cldr,
        now: FIXED_NOW,
        enableExpr: true,
        enableInclude: true,
      });
    const first = execute();
    errors.push(...first.errors.map((e) => e.message));
    return { render: () => execute().ctx.render(), errors };
  },
};
