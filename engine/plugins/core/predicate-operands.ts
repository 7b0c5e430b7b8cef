/**
 * Operands of the comparison predicates: each argument is either a bare JSON
 * value (`3`, `"text"`, `[1,2]`, `true`, `null`) or a variable reference
 * (`a.b`, `@index`, `@`). Anything else is refused when the template is
 * compiled.
 */
import { messages } from '../../messages.ts';
import type { Path, RenderContext } from '../types.ts';
import { parseJson } from '../../runtime/json-reader.ts';
import { resolveVariable } from './variable-lookup.ts';

export type Operand = { readonly kind: 'json'; readonly value: unknown } | { readonly kind: 'variable'; readonly name: string };

const CACHE_LIMIT = 2048;
/** Longer argument texts are parsed every time: the memo holds at most 2048 × 256 characters and their operands. */
const MAX_CACHED_LENGTH = 256;
const parsed = new Map<string, Operand | null>();

// The operand rules are char-code scans, not regular expressions: a process's first predicate
// would otherwise pay for compiling each pattern on its first use (the cold compile).

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

function isAsciiLetter(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

/** The reference's quick look at whether text could start a JSON value (leading spaces skipped). */
function looksLikeJson(raw: string): boolean {
  let i = 0;
  while (raw.charCodeAt(i) === 32) i++;
  const first = raw[i];
  if (first === undefined) return false;
  if ('"-0123456789[{'.includes(first)) return true;
  // The keywords are checked against the untrimmed argument, as the reference does.
  if (first === 'f') return raw.startsWith('false');
  if (first === 'n') return raw.startsWith('null');
  if (first === 't') return raw.startsWith('true');
  return false;
}

/** A JSON string without escapes or control characters, the commonest operand: its value is its inside. */
function isPlainString(raw: string): boolean {
  const last = raw.length - 1;
  if (last < 1 || raw.charCodeAt(0) !== 34 || raw.charCodeAt(last) !== 34) return false;
  for (let i = 1; i < last; i++) {
    const code = raw.charCodeAt(i);
    if (code === 34 /* " */ || code === 92 /* \\ */ || code < 0x20) return false;
  }
  return true;
}

/** A JSON integer well inside the doubles' exact range (at most 15 digits; the reader gives these plain numbers). */
function isSmallInteger(raw: string): boolean {
  if (raw === '0') return true;
  const start = raw.charCodeAt(0) === 45 /* - */ ? 1 : 0;
  const digits = raw.length - start;
  if (digits < 1 || digits > 15) return false;
  const lead = raw.charCodeAt(start);
  if (lead < 49 || lead > 57) return false; // 1-9
  for (let i = start + 1; i < raw.length; i++) if (!isDigit(raw.charCodeAt(i))) return false;
  return true;
}

/** What a variable reference may start with: `@`, a digit or a letter. */
function startsLikeVariable(raw: string): boolean {
  const code = raw.charCodeAt(0);
  return code === 64 /* @ */ || isDigit(code) || isAsciiLetter(code);
}

function parseOperand(raw: string): Operand | null {
  // The commonest operands are read here; a first compile meets them before the JIT has compiled the JSON reader.
  if (isPlainString(raw)) return { kind: 'json', value: raw.slice(1, -1) };
  if (isSmallInteger(raw)) return { kind: 'json', value: Number(raw) };
  if (looksLikeJson(raw)) {
    try {
      // The engine's reader keeps `2.0` a double (a JsonDouble), as the reference does.
      return { kind: 'json', value: parseJson(raw) };
    } catch {
      // Not JSON after all; it may still be a variable name such as "2nd".
    }
  }
  return startsLikeVariable(raw) ? { kind: 'variable', name: raw } : null;
}

function operandOf(raw: string): Operand | null {
  let operand = parsed.get(raw);
  if (operand === undefined) {
    operand = parseOperand(raw);
    if (raw.length > MAX_CACHED_LENGTH) return operand;
    // A bounded memo: predicates run on every render, the arguments rarely change.
    if (parsed.size >= CACHE_LIMIT) parsed.clear();
    parsed.set(raw, operand);
  }
  return operand;
}

/** Compile-time check: the problem with the first invalid argument, if any. */
export function checkOperands(args: readonly string[]): string | undefined {
  for (const raw of args) {
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
  return resolveVariable(operand.name, ctx);
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
  // Split on first use (the render context splits): the same path every time after.
  let path: Path | null = null;
  return (ctx) => ctx.resolve((path ??= ctx.splitPath(name)));
}
