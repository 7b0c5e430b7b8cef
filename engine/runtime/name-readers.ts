/**
 * Readers of one name, made once per name per process. A read written once
 * and shared by every name (getNamed) has one inline cache for every object
 * shape and name a render meets, and becomes megamorphic; a function per name
 * keeps a cache that sees only the shapes asked for that name, which stays
 * fast on misses as well as hits. The functions are made with `new Function`
 * from a constant text: the name is passed as a value, never as source.
 */
import type { Frame } from './frame.ts';
import { getNamed } from './values.ts';
import { lookupName, rememberedWalk } from './lookup.ts';

export type NameReader = (node: unknown) => unknown;
export type NameWalker = (start: Frame) => unknown;

/** Names beyond this many share the generic readers (bounded memory for templates that invent names). */
const MAX_NAMES = 4096;

const readers = new Map<string, NameReader>();
const walkers = new Map<string, NameWalker>();
let serial = 0;

const hasOwn = Object.prototype.hasOwnProperty;
const isArray = Array.isArray;

// A value found on a plain object (its prototype Object.prototype, which lacks the name) is its own:
// two loads the per-name caches make almost free, where hasOwnProperty is a call. Anything else —
// null-prototype objects, class instances, a name Object.prototype has — asks hasOwnProperty.
const READER_BODY = `"use strict";
return function read(node) {
  if (typeof node !== 'object' || node === null || isArray(node)) return undefined;
  const found = node[key];
  if (found === undefined) return undefined;
  if (getPrototypeOf(node) === objectPrototype && objectPrototype[key] === undefined) return found;
  return hasOwn.call(node, key) ? found : undefined;
};`;

// The walk of lookupName (lookup.ts): only scopes that can hold names, through Frame.outer, and a
// loop's remembered walks where a scope keeps them. Each walker also keeps the last memo it read and
// what it found there, so the items of a loop read their remembered walk without a Map lookup (a memo
// is made per scope per render, so one seen again is the same render's; it holds one value of the
// last render per name until the name is walked again).
const WALKER_BODY = `"use strict";
let lastMemo = null;
let lastFound;
return function walk(start) {
  for (let f = start.named ? start : start.outer; f !== null; f = f.outer) {
    const memo = f.memo;
    if (memo !== null) {
      if (memo === lastMemo) return lastFound;
      const found = remembered(f, memo, key);
      lastMemo = memo;
      lastFound = found;
      return found;
    }
    const node = f.node;
    const found = node[key];
    if (found !== undefined) {
      if (getPrototypeOf(node) === objectPrototype && objectPrototype[key] === undefined) return found;
      if (hasOwn.call(node, key)) return found;
    }
  }
  return undefined;
};`;

let canMake = true;

function make<T>(body: string, key: string): T | undefined {
  if (!canMake) return undefined;
  try {
    // The serial makes each text distinct, so no two names share compiled code (and its caches).
    return new Function('key', 'hasOwn', 'isArray', 'remembered', 'getPrototypeOf', 'objectPrototype', `/* ${serial++} */ ${body}`)(
      key,
      hasOwn,
      isArray,
      rememberedWalk,
      Object.getPrototypeOf,
      Object.prototype,
    ) as T;
  } catch {
    canMake = false; // a host that forbids code generation keeps the shared readers
    return undefined;
  }
}

/** The function of `name` from `made`, making it on first use; past MAX_NAMES (or without code generation) the shared one. */
function perName<T>(made: Map<string, T>, body: string, name: string, shared: () => T): T {
  const known = made.get(name);
  if (known !== undefined) return known;
  const fresh = made.size < MAX_NAMES ? make<T>(body, name) : undefined;
  if (fresh === undefined) return shared();
  made.set(name, fresh);
  return fresh;
}

export function readerOf(name: string): NameReader {
  return perName(readers, READER_BODY, name, () => (node) => getNamed(node, name));
}

export function walkerOf(name: string): NameWalker {
  return perName(walkers, WALKER_BODY, name, () => (start) => lookupName(start, name));
}

/**
 * A reader of `name` of its own, shared with no other lookup: for the few references a plugin
 * makes once and reads on every call (PreparedReference), whose caches then see only the shapes
 * that plugin meets, not every shape the templates' lookups of the same name meet.
 */
export function ownReaderOf(name: string): NameReader {
  return make<NameReader>(READER_BODY, name) ?? readerOf(name);
}

/** A walker of `name` of its own (see ownReaderOf): its last memo is its own too. */
export function ownWalkerOf(name: string): NameWalker {
  return make<NameWalker>(WALKER_BODY, name) ?? walkerOf(name);
}
