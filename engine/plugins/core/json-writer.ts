/**
 * JSON text of values as the reference writes it: compact with no spaces, or
 * pretty with two-space indented objects and single-line arrays
 * (`[ 1, 2 ]`, `{ }` and `[ ]` when empty). Control characters below U+0020
 * without a short escape are written as `\u00XX` in upper-case hex; every
 * other character, including non-ASCII text, lone surrogates and U+2028/9,
 * is written as is.
 *
 * Text meant for a script element also breaks every `</` into `<\/`. Only a
 * string can hold `<` or `/` (escapes and structure never produce them), so
 * that is done while quoting strings instead of in a second pass over the
 * whole text.
 */

import { JsonDouble } from '../../runtime/values.ts';
import { numberText } from './number-text.ts';
import { memoShortText } from './short-text-memo.ts';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const LESS_THAN = 0x3c;
const SLASH = 0x2f;

function escapeOf(code: number): string {
  switch (code) {
    case QUOTE:
      return '\\"';
    case BACKSLASH:
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

// A native regex test is the quickest way to learn that a string is written as is (the common case).
const ANY_ESCAPE = /["\\\u0000-\u001f]/;
// Any '<' sends the text to the loop, which breaks only a '<' followed by '/': one character class scans fastest.
const ANY_ESCAPE_IN_SCRIPT = /["\\\u0000-\u001f<]/;

/** The quoted text, escaping from the start (rare: only strings the tests above flagged). */
function quoteEscaping(text: string, script: boolean): string {
  let out = '"';
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    let escape: string;
    if (code < 0x20 || code === QUOTE || code === BACKSLASH) escape = escapeOf(code);
    else if (script && code === SLASH && i > 0 && text.charCodeAt(i - 1) === LESS_THAN) escape = '\\/';
    else continue;
    if (i > start) out += text.slice(start, i);
    out += escape;
    start = i + 1;
  }
  return out + text.slice(start) + '"';
}

/** A string as JSON text. */
export function quoteJsonString(text: string): string {
  return ANY_ESCAPE.test(text) ? quoteEscaping(text, false) : '"' + text + '"';
}

/** A string as JSON text that can sit inside a script element (keys and short values repeat on every page). */
const quoteForScript = memoShortText((text) =>
  ANY_ESCAPE_IN_SCRIPT.test(text) ? quoteEscaping(text, true) : '"' + text + '"',
);

function numberJson(value: number): string {
  // JSON has no NaN or infinities; the reference cannot hold them either.
  return Number.isFinite(value) ? numberText(value) : 'null';
}

function scalarText(value: unknown, script: boolean): string {
  switch (typeof value) {
    case 'string':
      return script ? quoteForScript(value) : quoteJsonString(value);
    case 'number':
      return numberJson(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      // A double the data wrote as 1.0 is written back as the reference writes doubles.
      return value instanceof JsonDouble ? value.toString() : 'null';
    default:
      return 'null';
  }
}

/** Values that are not JSON (functions, undefined) are skipped, as in any JSON writer. */
function isWritable(value: unknown): boolean {
  return value !== undefined && typeof value !== 'function';
}

const hasOwn = Object.prototype.hasOwnProperty;

// Strings are built by concatenation: V8 ropes beat collecting parts and joining them here.
// Objects are walked with for..in (own keys only, in Object.keys order) so no key array is made.
function compactText(value: unknown, script: boolean): string {
  if (typeof value !== 'object' || value === null || value instanceof JsonDouble) return scalarText(value, script);
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      out += (i > 0 ? ',' : '') + compactText(item === undefined ? null : item, script);
    }
    return out + ']';
  }
  const record = value as Record<string, unknown>;
  let out = '';
  for (const key in record) {
    if (!hasOwn.call(record, key)) continue;
    const item = record[key];
    if (!isWritable(item)) continue;
    out += (out === '' ? '{' : ',') + (script ? quoteForScript(key) : quoteJsonString(key)) + ':' + compactText(item, script);
  }
  return out === '' ? '{}' : out + '}';
}

function indentation(depth: number): string {
  return '\n' + '  '.repeat(depth);
}

/** Objects open a new indentation level; arrays stay on the line of their parent. */
function prettyText(value: unknown, depth: number, script: boolean): string {
  if (typeof value !== 'object' || value === null || value instanceof JsonDouble) return scalarText(value, script);
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      out += (i > 0 ? ', ' : ' ') + prettyText(item === undefined ? null : item, depth, script);
    }
    return out + ' ]';
  }
  const record = value as Record<string, unknown>;
  const inner = indentation(depth + 1);
  let out = '';
  for (const key in record) {
    if (!hasOwn.call(record, key)) continue;
    const item = record[key];
    if (!isWritable(item)) continue;
    const quoted = script ? quoteForScript(key) : quoteJsonString(key);
    out += (out === '' ? '{' : ',') + inner + quoted + ': ' + prettyText(item, depth + 1, script);
  }
  return out === '' ? '{ }' : out + indentation(depth) + '}';
}

/** Compact JSON text; a missing value has no text at all. */
export function toCompactJson(value: unknown): string {
  return value === undefined ? '' : compactText(value, false);
}

/** Compact JSON text with every `</` broken, safe inside a script element. */
export function toScriptSafeJson(value: unknown): string {
  // A string alone is the commonest value: no walk at all.
  if (typeof value === 'string') return quoteForScript(value);
  return value === undefined ? '' : compactText(value, true);
}

/** Pretty JSON text; a missing value has no text at all. */
export function toPrettyJson(value: unknown): string {
  return value === undefined ? '' : prettyText(value, 0, false);
}

/** Pretty JSON text with every `</` broken, safe inside a script element. */
export function toScriptSafePrettyJson(value: unknown): string {
  return value === undefined ? '' : prettyText(value, 0, true);
}
