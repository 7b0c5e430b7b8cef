/**
 * Renders a reference example the way `tmpl render` would: the data goes
 * through JSON text (so numbers read as the CLI reads them), partials and
 * injects are given by name, and locale and clock come from the example.
 */
import { parseJson } from '../runtime/json-reader.ts';
import { compile } from '../template.ts';
import type { Example } from './types.ts';

export interface ExampleResult {
  readonly output: string;
  /** Compile and render errors, each as `line:column message`. */
  readonly errors: readonly string[];
}

export function runExample(example: Example): ExampleResult {
  const template = compile(example.template, { name: 'example.tmpl' });
  const result = template.render(parseJson(JSON.stringify(example.data ?? {})), {
    partials: { ...example.partials },
    injects: { ...example.injects },
    ...(example.locale === undefined ? {} : { locale: example.locale }),
    ...(example.now === undefined ? {} : { now: example.now }),
  });
  const errors = [...template.errors, ...result.errors].map((e) => `${e.line}:${e.column} ${e.message}`);
  return { output: result.html, errors };
}
