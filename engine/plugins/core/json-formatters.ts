/**
 * Formatters that print a value as text: `json` and `json-pretty` (safe to
 * place inside a script element), `raw` (compact JSON as is) and `str`
 * (scalars only; containers and null print nothing).
 */
import type { FormatterTable } from '../types.ts';
import { toCompactJson, toPrettyJson, toScriptSafeJson, toScriptSafePrettyJson } from './json-writer.ts';
import { textOrBlank } from './node-coercion.ts';

export const jsonFormatters: FormatterTable = {
  json: { apply: (value) => toScriptSafeJson(value) },
  'json-pretty': { apply: (value) => toScriptSafePrettyJson(value) },
  raw: { apply: (value) => toCompactJson(value) },
  str: { apply: (value) => textOrBlank(value) },
};
