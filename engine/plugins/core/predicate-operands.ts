/**
 * Operands of the comparison predicates: each argument is either a bare JSON
 * value (`3`, `"text"`, `[1,2]`, `true`, `null`) or a variable reference
 * (`a.b`, `@index`, `@`). Anything else is refused when the template is
 * compiled.
 */
import { messages } from '../../messages.ts';
import type { RenderContext } from '../types.ts';
import { parseJson } from '../../runtime/json-reader.ts';
import { reference } from '../../runtime/prepared-reference.ts';
import { detachedCopy } from '../../syntax/detached-copy.ts';
import { AT, isDigit, isLetter } from '../../syntax/tag-chars.ts';

export type Operand = { readonly kind: 'json'; readonly value: unknown } | { readonly kind: 'variable'; readonly name: string };

const CACHE_LIMIT = 2048;
/** Longer argument texts are parsed every time: the memo holds at most 2048 × 256 characters and their operands. */
const MAX_CACHED_LENGTH = 256;
const parsed = new Map<string, Operand | null>();

/**
 * What an argument is, by char-code scans rather than regular expressions and in one function: a
 * process's first predicate would otherwise pay for compiling each pattern, or each small helper,
 * on its first use (the cold compile).
 */
function parseOperand(raw: string): Operand | null {
  const length = raw.length;
  const first = raw.charCodeAt(0);
  // A JSON string without escapes or control characters, the commonest operand: its value is its inside.
  if (length >= 2 && first === 34 /* " */ && raw.charCodeAt(length - 1) === 34) {
    let plain = true;
    for (let i = 1; i < length - 1 && plain; i++) {
      const code = raw.charCodeAt(i);
      plain = code !== 34 && code !== 92 /* backslash */ && code >= 0x20;
    }
    if (plain) return { kind: 'json', value: raw.slice(1, -1) };
  }
  // A JSON integer well inside the doubles' exact range (at most 15 digits): the reader gives these plain numbers.
  const digitsFrom = first === 45 /* - */ ? 1 : 0;
  const lead = raw.charCodeAt(digitsFrom);
  if (raw === '0' || (lead >= 49 && lead <= 57 && length - digitsFrom <= 15)) {
    let digits = true;
    for (let i = digitsFrom + 1; i < length && digits; i++) {
      const code = raw.charCodeAt(i);
      digits = code >= 48 && code <= 57;
    }
    if (digits) return { kind: 'json', value: Number(raw) };
  }
  // The reference's quick look at whether the text could start a JSON value (leading spaces skipped);
  // the keywords are checked against the untrimmed argument, as the reference does.
  let start = 0;
  while (raw.charCodeAt(start) === 32) start++;
  const c = raw[start];
  const looksLikeJson =
    c !== undefined &&
    ('"-0123456789[{'.includes(c) ||
      (c === 'f' && raw.startsWith('false')) ||
      (c === 'n' && raw.startsWith('null')) ||
      (c === 't' && raw.startsWith('true')));
  if (looksLikeJson) {
    try {
      // The engine's reader keeps `2.0` a double (a JsonDouble), as the reference does.
      return { kind: 'json', value: parseJson(raw) };
    } catch {
      // Not JSON after all; it may still be a variable name such as "2nd".
    }
  }
  return isVariableStart(first) ? { kind: 'variable', name: raw } : null;
}

/** A variable reference starts with `@`, a digit or a letter. */
function isVariableStart(code: number): boolean {
  return code === AT || isDigit(code) || isLetter(code);
}

function operandOf(raw: string): Operand | null {
  let operand = parsed.get(raw);
  if (operand === undefined) {
    if (raw.length > MAX_CACHED_LENGTH) return parseOperand(raw);
    // A bounded memo: predicates run on every render, the arguments rarely change.
    const own = detachedCopy(raw);
    operand = parseOperand(own);
    if (parsed.size >= CACHE_LIMIT) parsed.clear();
    parsed.set(own, operand);
  }
  return operand;
}

/** Compile-time check: the problem with the first invalid argument, if any. */
export function checkOperands(args: readonly string[]): string | undefined {
  for (const raw of args) {
    // An argument that starts as a variable reference does is an operand whatever follows (JSON
    // or, failing that, a variable), so only the others are read here; the rest are read when a
    // render first needs them, and a compile that is never rendered never pays for reading them.
    if (isVariableStart(raw.charCodeAt(0))) continue;
    if (operandOf(raw) === null) return messages.argsNotJsonOrVariable(raw);
  }
  return undefined;
}

/**
 * The value of an argument in this render; an invalid argument is missing.
 * Whole literals written as doubles (`2.0`) come back as JsonDouble values.
 */
export function resolveOperand(raw: string, ctx: RenderContext): unknown {
  const operand = operandOf(raw);
  if (operand === null) return undefined;
  if (operand.kind === 'json') return operand.value;
  return ctx.resolveName(operand.name);
}

/** How one argument is read in a render: resolveOperand with the argument's text read once. */
export type OperandReader = (ctx: RenderContext) => unknown;

const readMissing: OperandReader = () => undefined;
const readCurrent: OperandReader = (ctx) => ctx.current();

/** resolveOperand(raw, ·), its text parsed now rather than on every call. */
export function operandReader(raw: string): OperandReader {
  const operand = operandOf(raw);
  if (operand === null) return readMissing;
  if (operand.kind === 'json') {
    const { value } = operand;
    return () => value;
  }
  const { name } = operand;
  if (name === '@') return readCurrent;
  // Compiled on first use into the lookup `{name}` would get: no path walk per call.
  const prepared = reference(name);
  return (ctx) => ctx.lookup(prepared);
}
