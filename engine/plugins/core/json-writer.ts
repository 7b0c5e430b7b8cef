/**
 * JSON text of values as the reference writes it: compact with no spaces, or
 * pretty with two-space indented objects and single-line arrays
 * (`[ 1, 2 ]`, `{ }` and `[ ]` when empty). Control characters below U+0020
 * without a short escape are written as `\u00XX` in upper-case hex; every
 * other character, including non-ASCII text, is written as is.
 */

import { JsonDouble, javaDoubleText } from '../../runtime/values.ts';
import { numberText } from './number-text.ts';

function escapeOf(code: number): string {
  switch (code) {
    case 0x22:
      return '\\"';
    case 0x5c:
      return '\\\\';
    case 0x08:
      return '\\b';
    case 0x09:
      return '\\t';
    case 0x0a:
      return '\\n';
    case 0x0c:
      return '\\f';
    case 0x0d:
      return '\\r';
    default:
      return '\\u' + code.toString(16).toUpperCase().padStart(4, '0');
  }
}

function needsEscape(code: number): boolean {
  return code < 0x20 || code === 0x22 || code === 0x5c;
}

const ANY_ESCAPE = /["\\\u0000-\u001f]/;

/** Keys and text are mostly plain, so one scan decides and the text is quoted as is. */
export function quoteJsonString(text: string): string {
  if (!ANY_ESCAPE.test(text)) return '"' + text + '"';
  let i = 0;
  while (!needsEscape(text.charCodeAt(i))) i++;
  let out = '"' + text.slice(0, i);
  let start = i;
  for (; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (needsEscape(code)) {
      if (i > start) out += text.slice(start, i);
      out += escapeOf(code);
      start = i + 1;
    }
  }
  return out + text.slice(start) + '"';
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

/** Values that are not JSON (functions, undefined) are skipped, as in any JSON writer. */
function isWritable(value: unknown): boolean {
  return value !== undefined && typeof value !== 'function';
}

// Strings are built by concatenation: V8 ropes beat collecting parts and joining them here.
function compactText(value: unknown): string {
  if (typeof value !== 'object' || value === null || value instanceof JsonDouble) return scalarText(value);
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      out += (i > 0 ? ',' : '') + compactText(item === undefined ? null : item);
    }
    return out + ']';
  }
  const record = value as Record<string, unknown>;
  let out = '{';
  for (const key of Object.keys(record)) {
    const item = record[key];
    if (!isWritable(item)) continue;
    out += (out.length > 1 ? ',' : '') + quoteJsonString(key) + ':' + compactText(item);
  }
  return out + '}';
}

function indentation(depth: number): string {
  return '\n' + '  '.repeat(depth);
}

/** Objects open a new indentation level; arrays stay on the line of their parent. */
function prettyText(value: unknown, depth: number): string {
  if (typeof value !== 'object' || value === null || value instanceof JsonDouble) return scalarText(value);
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      out += (i > 0 ? ', ' : ' ') + prettyText(item === undefined ? null : item, depth);
    }
    return out + ' ]';
  }
  const record = value as Record<string, unknown>;
  const inner = indentation(depth + 1);
  let out = '';
  for (const key of Object.keys(record)) {
    const item = record[key];
    if (!isWritable(item)) continue;
    out += (out === '' ? '{' : ',') + inner + quoteJsonString(key) + ': ' + prettyText(item, depth + 1);
  }
  return out === '' ? '{ }' : out + indentation(depth) + '}';
}

/** Compact JSON text; a missing value has no text at all. */
export function toCompactJson(value: unknown): string {
  return value === undefined ? '' : compactText(value);
}

/** Pretty JSON text; a missing value has no text at all. */
export function toPrettyJson(value: unknown): string {
  return value === undefined ? '' : prettyText(value, 0);
}

/** Breaks every `</` so JSON can sit inside a script element without closing it. */
export function escapeScriptTags(text: string): string {
  return text.replaceAll('</', '<\\/');
}
