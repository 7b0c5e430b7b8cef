/**
 * Built-in constants and functions of the expression language. Names are
 * looked up in Maps so that template text can never reach an inherited
 * property such as `constructor`.
 */
import type { Literal } from './tokens.ts';
import { toBoolean, toNumber, toText } from './conversions.ts';

/** A function receives its arguments as literals; `undefined` means it could not produce a value. */
export type BuiltinFunction = (args: readonly Literal[]) => Literal | undefined;

export const CONSTANTS: ReadonlyMap<string, Literal> = new Map<string, Literal>([
  ['null', null],
  ['true', true],
  ['false', false],
  ['PI', 3.141592653589793],
  ['E', 2.718281828459045],
  ['Infinity', Infinity],
  ['NaN', NaN],
]);

/**
 * Walks the arguments as numbers, keeping the current pick only while it
 * strictly beats the next one. With NaN nothing beats anything, so the later
 * argument wins, as in the references.
 */
function select(args: readonly Literal[], keeps: (current: number, next: number) => boolean): number | undefined {
  if (args.length === 0) return undefined;
  let current = toNumber(args[0]!);
  for (let i = 1; i < args.length; i++) {
    const next = toNumber(args[i]!);
    if (!keeps(current, next)) current = next;
  }
  return current;
}

/** Applies a conversion to the first argument; no argument is a failed call. */
function first<T extends Literal>(convert: (value: Literal) => T): BuiltinFunction {
  return (args) => (args.length === 0 ? undefined : convert(args[0]!));
}

export const FUNCTIONS: ReadonlyMap<string, BuiltinFunction> = new Map<string, BuiltinFunction>([
  ['max', (args) => select(args, (current, next) => current > next)],
  ['min', (args) => select(args, (current, next) => current < next)],
  ['abs', first((value) => Math.abs(toNumber(value)))],
  ['num', first(toNumber)],
  ['str', first(toText)],
  ['bool', first(toBoolean)],
]);
