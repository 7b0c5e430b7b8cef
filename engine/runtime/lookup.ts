/**
 * Variable lookup, compiled per reference. The rules are the references':
 * the first segment walks the scopes outward (stopping at an isolated
 * scope), later segments walk down; `@` is the current node, `@index` and
 * `@index0` the nearest loop position, `@name` a variable. Only own
 * properties are read, so prototype names find nothing.
 *
 * Each shape of path gets its own small closure, and names (the common
 * segment) go through the name's own reader or walker (name-readers.ts)
 * rather than the general getChild, so the hot lookups do no type tests on
 * the key and keep inline caches of their own.
 */
import { splitPath, type Path } from '../syntax/nodes.ts';
import { getChild, getNamed, getOwn, getPath, type JsonObject } from './values.ts';
import type { Frame } from './frame.ts';
import { ownReaderOf, ownWalkerOf, readerOf, walkerOf } from './name-readers.ts';

export type Lookup = (frame: Frame) => unknown;

/**
 * Whether a path segment is a plain name: not `@…` and not a number (an index). A path that starts
 * with one is looked up by walking the scopes that can hold names (lookupName).
 */
export function isPlainName(segment: string | number | undefined): segment is string {
  return typeof segment === 'string' && segment.charCodeAt(0) !== 64 /* @ */;
}

/** Value of the first segment in one frame (no walking). */
function inFrame(name: string | number, frame: Frame): unknown {
  if (typeof name === 'string' && name.charCodeAt(0) === 64 /* @ */) {
    if (name === '@') return frame.node;
    if (name === '@index' || name === '@index0') {
      if (frame.index === -1) return undefined;
      return name === '@index' ? frame.index + 1 : frame.index;
    }
    return frame.vars === null ? undefined : frame.vars.get(name);
  }
  return getChild(frame.node, name);
}

/** A plain name looked up from `start` outward: the first scope whose node has it wins. */
export function lookupName(start: Frame, name: string): unknown {
  // Only scopes that can hold names are read (see Frame.outer); the walk needs no type tests.
  for (let f: Frame | null = start.named ? start : start.outer; f !== null; f = f.outer) {
    if (f.memo !== null) return rememberedWalk(f, f.memo, name);
    const value = getOwn(f.node as JsonObject, name);
    if (value !== undefined) return value;
  }
  return undefined;
}

/** What the memo keeps for a name no scope has (undefined in a Map reads as "not kept"). */
const NOWHERE: unique symbol = Symbol('nowhere');

/** The walk from `from` outward, read from the memo kept there or made once and kept. */
export function rememberedWalk(from: Frame, memo: Map<string, unknown>, name: string): unknown {
  const kept = memo.get(name);
  if (kept !== undefined) return kept === NOWHERE ? undefined : kept;
  let value: unknown;
  for (let f: Frame | null = from; f !== null; f = f.outer) {
    value = getOwn(f.node as JsonObject, name);
    if (value !== undefined) break;
  }
  memo.set(name, value === undefined ? NOWHERE : value);
  return value;
}

/**
 * Lookups that walk out of `frame` (from the items of a loop run in it) remember what they find
 * in the first scope they read, for the rest of the render: the scopes from there outward, their
 * nodes and the data under them never change during a render, so neither does a walk through them.
 */
export function rememberWalks(frame: Frame): void {
  const from = frame.named ? frame : frame.outer;
  if (from !== null && from.memo === null) from.memo = new Map();
}

/** First segment: `@` stays in the starting frame; anything else walks outward. */
export function resolveFirst(name: string | number, start: Frame): unknown {
  if (name === '@') return start.node;
  if (isPlainName(name)) return lookupName(start, name);
  for (let frame: Frame | null = start; frame !== null; frame = frame.parent) {
    const value = inFrame(name, frame);
    if (value !== undefined) return value;
    if (frame.stop) break;
  }
  return undefined;
}

/** Full lookup of a path from a frame, as variables, `.if` and formatter arguments do it. */
export function resolvePath(path: Path, start: Frame): unknown {
  const length = path.length;
  if (length === 0) return undefined;
  const head = path[0] as string | number;
  // A plain name through its own walker: plugins resolve the same few names on every item.
  let value = isPlainName(head) ? walkerOf(head)(start) : resolveFirst(head, start);
  for (let i = 1; i < length && value !== undefined; i++) value = getChild(value, path[i] as string | number);
  return value;
}

/** A variable (`@name`, not `@`, `@index` or `@index0`) looked up from `start` outward. */
function lookupVariable(start: Frame, name: string): unknown {
  for (let f: Frame | null = start; f !== null; f = f.parent) {
    if (f.vars !== null) {
      const value = f.vars.get(name);
      if (value !== undefined) return value;
    }
    if (f.stop) break;
  }
  return undefined;
}

/** Whether a first segment is a variable that lives in a scope's variables (not `@` or a loop index). */
function isVariable(segment: string | number): segment is string {
  return (
    typeof segment === 'string' && segment.charCodeAt(0) === 64 /* @ */ && segment !== '@' && segment !== '@index' && segment !== '@index0'
  );
}

/** Reads the rest of a path (after the first segment) from a value. */
function restReader(rest: readonly (string | number)[]): ((value: unknown) => unknown) | null {
  if (rest.length === 0) return null;
  if (rest.length === 1) {
    const key = rest[0] as string | number;
    return typeof key === 'string' ? readerOf(key) : (v) => getChild(v, key);
  }
  return (v) => (v === undefined ? undefined : getPath(v, rest));
}

/**
 * The rest of a path of one or two names, as the key list a single closure
 * reads inline; null for anything longer or with an index. Keeping the whole
 * lookup in one closure keeps compiled templates small: a template of
 * thousands of references otherwise outgrows the processor's caches.
 */
function namedRest(rest: readonly (string | number)[]): readonly string[] | null {
  if (rest.length > 2) return null;
  for (const key of rest) if (typeof key !== 'string') return null;
  return rest as readonly string[];
}

/**
 * The lookup of a path. `own` gives its names readers and walkers of their own (ownReaderOf), for
 * a plugin's prepared reference; a template's lookups share them by name.
 */
export function compileLookup(path: Path, own = false): Lookup {
  const first = path[0] as string | number;
  const rest = path.slice(1);
  const named = namedRest(rest);
  if (named !== null) {
    const [k1, k2] = named as [string | undefined, string | undefined];
    const reader = own ? ownReaderOf : readerOf;
    const r1 = k1 === undefined ? null : reader(k1);
    const r2 = k2 === undefined ? null : reader(k2);
    if (first === '@') {
      if (r1 === null) return (frame) => frame.node;
      if (r2 === null) return (frame) => r1(frame.node);
      return (frame) => r2(r1(frame.node));
    }
    if (isPlainName(first)) {
      // The common case, {title} or {item.title}: walk the frames for an own property.
      const walk = own ? ownWalkerOf(first) : walkerOf(first);
      if (r1 === null) return walk;
      if (r2 === null) return (frame) => r1(walk(frame));
      return (frame) => r2(r1(walk(frame)));
    }
    if (isVariable(first)) {
      if (r1 === null) return (frame) => lookupVariable(frame, first);
      if (r2 === null) return (frame) => r1(lookupVariable(frame, first));
      return (frame) => r2(r1(lookupVariable(frame, first)));
    }
  }
  const read = restReader(rest);
  if (first === '@') {
    if (read === null) return (frame) => frame.node;
    return (frame) => read(frame.node);
  }
  if (first === '@index' || first === '@index0') {
    const position = loopPosition(first === '@index' ? 1 : 0);
    if (read === null) return position;
    return (frame) => read(position(frame));
  }
  if (isPlainName(first)) {
    if (read === null) return (frame) => lookupName(frame, first);
    return (frame) => read(lookupName(frame, first));
  }
  if (read === null) return (frame) => resolveFirst(first, frame);
  return (frame) => read(resolveFirst(first, frame));
}

/**
 * `@index` (from 1) or `@index0`: the position of the nearest loop from `start` outward, as
 * resolveFirst finds it, without its tests of the name at every scope (item-classes and many list
 * templates read it on every item).
 */
function loopPosition(from: 0 | 1): Lookup {
  return (start) => {
    for (let frame: Frame | null = start; frame !== null; frame = frame.parent) {
      if (frame.index !== -1) return frame.index + from;
      if (frame.stop) break;
    }
    return undefined;
  };
}

/** Sections and repeated sections resolve their first segment in the current frame only. */
export function compileSectionLookup(path: Path): Lookup {
  const first = path[0] as string | number;
  const rest = path.slice(1);
  const named = namedRest(rest);
  if (named !== null && isPlainName(first)) {
    const [k1, k2] = named as [string | undefined, string | undefined];
    const r0 = readerOf(first);
    if (k1 === undefined) return (frame) => r0(frame.node);
    const r1 = readerOf(k1);
    if (k2 === undefined) return (frame) => r1(r0(frame.node));
    const r2 = readerOf(k2);
    return (frame) => r2(r1(r0(frame.node)));
  }
  const read = restReader(rest);
  if (isPlainName(first)) {
    const own = readerOf(first);
    if (read === null) return (frame) => own(frame.node);
    return (frame) => read(own(frame.node));
  }
  if (read === null) return (frame) => inFrame(first, frame);
  return (frame) => read(inFrame(first, frame));
}

/** Compiled lookups of references written as text, by their text (plugins' arguments). */
const namedLookups = new Map<string, Lookup>();
const NAMED_LOOKUP_LIMIT = 4096;
/** Longer references are compiled every time: the memo holds at most 4096 × 256 characters of names. */
const MAX_NAMED_LENGTH = 256;

/** The compiled lookup of a reference such as 'a.b.0' or '@foo', made once per text. */
export function lookupOfReference(name: string): Lookup {
  let lookup = namedLookups.get(name);
  if (lookup === undefined) {
    lookup = compileLookup(splitPath(name));
    if (name.length > MAX_NAMED_LENGTH) return lookup;
    if (namedLookups.size >= NAMED_LOOKUP_LIMIT) namedLookups.clear();
    namedLookups.set(name, lookup);
  }
  return lookup;
}
