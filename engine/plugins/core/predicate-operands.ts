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

const VARIABLE_START = /^(?:@|[0-9]+|@?[a-zA-Z][a-zA-Z0-9_-]*)/;
const CACHE_LIMIT = 2048;
/** Longer argument texts are parsed every time: the memo holds at most 2048 × 256 characters and their operands. */
const MAX_CACHED_LENGTH = 256;
const parsed = new Map<string, Operand | null>();

/** The reference's quick look at whether text could start a JSON value (leading spaces skipped). */
function looksLikeJson(raw: string): boolean {
  const text = raw.replace(/^ +/, '');
  const first = text[0];
  if (first === undefined) return false;
  if ('"-0123456789[{'.includes(first)) return true;
  // The keywords are checked against the untrimmed argument, as the reference does.
  if (first === 'f') return raw.startsWith('false');
  if (first === 'n') return raw.startsWith('null');
  if (first === 't') return raw.startsWith('true');
  return false;
}

/** A JSON string without escapes or control characters, the commonest operand: its value is its inside. */
const PLAIN_STRING = /^"[^"\\\u0000-\u001f]*"$/;
/** A JSON integer well inside the doubles' exact range (the reader gives these plain numbers). */
const SMALL_INTEGER = /^(?:0|-?[1-9][0-9]{0,14})$/;

function parseOperand(raw: string): Operand | null {
  // The commonest operands are read here; a first compile meets them before the JIT has compiled the JSON reader.
  if (PLAIN_STRING.test(raw)) return { kind: 'json', value: raw.slice(1, -1) };
  if (SMALL_INTEGER.test(raw)) return { kind: 'json', value: Number(raw) };
  if (looksLikeJson(raw)) {
    try {
      // The engine's reader keeps `2.0` a double (a JsonDouble), as the reference does.
      return { kind: 'json', value: parseJson(raw) };
    } catch {
      // Not JSON after all; it may still be a variable name such as "2nd".
    }
  }
  return VARIABLE_START.test(raw) ? { kind: 'variable', name: raw } : null;
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
