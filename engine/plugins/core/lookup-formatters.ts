/**
 * Formatters that reach into data: `get`, `prop`, `lookup`, `key-by`,
 * `find-first` and `find-last`.
 */
import { isNumber } from '../../runtime/values.ts';
import type { Formatter, FormatterTable, RenderContext } from '../types.ts';
import { argsExactly } from './argument-checks.ts';
import { findNthEntry, type EntryTest } from './find-entry.ts';
import { intOf, textOf } from './node-coercion.ts';
import { childAt, nodeAtPath, splitVariableName } from './node-path.ts';
import { defineOwn } from './own-property.ts';

/** One step of `get`: a number is an index, text a property name, an array a list of steps. */
function stepBy(node: unknown, key: unknown): unknown {
  if (Array.isArray(key)) {
    let current = node;
    for (const part of key) {
      if (isNumber(part)) current = childAt(current, intOf(part));
      else if (typeof part === 'string') current = childAt(current, part);
    }
    return current;
  }
  if (isNumber(key)) return childAt(node, intOf(key));
  if (typeof key === 'string') return childAt(node, key);
  // Other keys (booleans, null, objects) leave the node where it is.
  return node;
}

/** `{obj|get a b}`: steps into obj by the values of the variables a, then b. */
const get: Formatter = {
  apply(value, args, ctx) {
    let current = value;
    for (const name of args) {
      const key = ctx.resolveName(name);
      current = key === undefined ? undefined : stepBy(current, key);
      if (current === undefined) break;
    }
    return current;
  },
};

/** `{obj|prop a.b c}`: steps into obj by the literal paths given. */
const prop: Formatter = {
  apply(value, args) {
    let current = value;
    for (const path of args) {
      current = nodeAtPath(current, splitVariableName(path));
      if (current === undefined) break;
    }
    return current;
  },
};

/** `{x|lookup name}`: the variable whose name is the text of the variable `name`. */
const lookup: Formatter = {
  validate: (args) => argsExactly(args, 1),
  apply(_value, args, ctx) {
    if (args.length === 0) return undefined;
    const target = textOf(ctx.resolveName(args[0]!));
    return target === '' ? undefined : ctx.resolveName(target);
  },
};

/** `{list|key-by path}`: an object of the list's elements keyed by the text at `path` in each. */
const keyBy: Formatter = {
  validate: (args) => argsExactly(args, 1),
  apply(value, args) {
    const keyed: Record<string, unknown> = {};
    const path = args[0];
    if (!Array.isArray(value) || path === undefined || path === '') return keyed;
    const keys = splitVariableName(path);
    for (const element of value as unknown[]) {
      const key = nodeAtPath(element, keys);
      if (key !== undefined) defineOwn(keyed, textOf(key), element);
    }
    return keyed;
  },
};

/**
 * Arguments of find-first/find-last: `[path]` tests each element at path;
 * `lookup path` tests `lookup[element]` at path instead.
 */
function entryTest(args: readonly string[], ctx: RenderContext): EntryTest {
  const hasLookup = args.length === 2;
  const pathArg = hasLookup ? args[1] : args[0];
  return {
    hasLookup,
    lookup: hasLookup ? ctx.resolveName(args[0]!) : undefined,
    path: pathArg === undefined ? null : splitVariableName(pathArg),
  };
}

function finder(nth: number): Formatter {
  return { apply: (value, args, ctx) => findNthEntry(value, entryTest(args, ctx), nth) };
}

export const lookupFormatters: FormatterTable = {
  get,
  prop,
  lookup,
  'key-by': keyBy,
  'find-first': finder(1),
  'find-last': finder(-1),
};
