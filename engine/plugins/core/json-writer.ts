/**
 * JSON text of values as the reference writes it: compact with no spaces, or
 * pretty with two-space indented objects and single-line arrays
 * (`[ 1, 2 ]`, `{ }` and `[ ]` when empty). Control characters below U+0020
 * without a short escape are written as `\u00XX` in upper-case hex; every
 * other character, including non-ASCII text, is written as is.
 */

import { JsonDouble, javaDoubleText } from '../../runtime/values.ts';
import { numberText } from './number-text.ts';

const SHORT_ESCAPES: Readonly<Record<string, string>> = {
  '"': '\\"',
  '\\': '\\\\',
  '\b': '\\b',
  '\t': '\\t',
  '\n': '\\n',
  '\f': '\\f',
  '\r': '\\r',
};

const NEEDS_ESCAPE = /["\\\u0000-\u001f]/g;

function escapeChar(ch: string): string {
  const short = SHORT_ESCAPES[ch];
  if (short !== undefined) return short;
  return '\\u' + ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
}

export function quoteJsonString(text: string): string {
  return '"' + text.replace(NEEDS_ESCAPE, escapeChar) + '"';
}

function scalarText(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return quoteJsonString(value);
    case 'number':
      // JSON has no NaN or infinities; the reference cannot hold them either.
      return Number.isFinite(value) ? numberText(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      // A double the data wrote as 1.0 is written back as the reference writes doubles.
      return value instanceof JsonDouble ? javaDoubleText(value.value) : 'null';
    default:
      return 'null';
  }
}

function entriesOf(value: object): [string, unknown][] {
  // Values that are not JSON (functions, undefined) are skipped, as in any JSON writer.
  return Object.entries(value).filter(([, v]) => v !== undefined && typeof v !== 'function');
}

function writeCompact(value: unknown, out: string[]): void {
  if (typeof value !== 'object' || value === null || value instanceof JsonDouble) {
    out.push(scalarText(value));
    return;
  }
  if (Array.isArray(value)) {
    out.push('[');
    value.forEach((item, i) => {
      if (i > 0) out.push(',');
      writeCompact(item === undefined ? null : item, out);
    });
    out.push(']');
    return;
  }
  out.push('{');
  entriesOf(value).forEach(([key, item], i) => {
    if (i > 0) out.push(',');
    out.push(quoteJsonString(key), ':');
    writeCompact(item, out);
  });
  out.push('}');
}

function indentation(depth: number): string {
  return '\n' + '  '.repeat(depth);
}

/** Objects open a new indentation level; arrays stay on the line of their parent. */
function writePretty(value: unknown, depth: number, out: string[]): void {
  if (typeof value !== 'object' || value === null || value instanceof JsonDouble) {
    out.push(scalarText(value));
    return;
  }
  if (Array.isArray(value)) {
    out.push('[');
    value.forEach((item, i) => {
      out.push(i > 0 ? ', ' : ' ');
      writePretty(item === undefined ? null : item, depth, out);
    });
    out.push(' ]');
    return;
  }
  const entries = entriesOf(value);
  if (entries.length === 0) {
    out.push('{ }');
    return;
  }
  out.push('{');
  entries.forEach(([key, item], i) => {
    out.push(i > 0 ? ',' : '', indentation(depth + 1), quoteJsonString(key), ': ');
    writePretty(item, depth + 1, out);
  });
  out.push(indentation(depth), '}');
}

/** Compact JSON text; a missing value has no text at all. */
export function toCompactJson(value: unknown): string {
  if (value === undefined) return '';
  const out: string[] = [];
  writeCompact(value, out);
  return out.join('');
}

/** Pretty JSON text; a missing value has no text at all. */
export function toPrettyJson(value: unknown): string {
  if (value === undefined) return '';
  const out: string[] = [];
  writePretty(value, 0, out);
  return out.join('');
}

/** Breaks every `</` so JSON can sit inside a script element without closing it. */
export function escapeScriptTags(text: string): string {
  return text.replaceAll('</', '<\\/');
}
