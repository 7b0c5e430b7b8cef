/**
 * Variable lookup, compiled per reference. The rules are the references':
 * the first segment walks the scopes outward (stopping at an isolated
 * scope), later segments walk down; `@` is the current node, `@index` and
 * `@index0` the nearest loop position, `@name` a variable. Only own
 * properties are read, so prototype names find nothing.
 *
 * Each shape of path gets its own small closure, and names (the common
 * segment) go through getNamed rather than the general getChild, so the
 * hot lookups do no type tests on the key.
 */
import type { Path } from '../syntax/nodes.ts';
import { getChild, getNamed, getPath } from './values.ts';
import type { Frame } from './frame.ts';

export type Lookup = (frame: Frame) => unknown;

/** Whether a first segment is a plain name: not `@…` and not a number. */
function isName(segment: string | number): segment is string {
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
  for (let f: Frame | null = start; f !== null; f = f.parent) {
    const value = getNamed(f.node, name);
    if (value !== undefined) return value;
    if (f.stop) break;
  }
  return undefined;
}

/** First segment: `@` stays in the starting frame; anything else walks outward. */
export function resolveFirst(name: string | number, start: Frame): unknown {
  if (name === '@') return start.node;
  if (isName(name)) return lookupName(start, name);
  for (let frame: Frame | null = start; frame !== null; frame = frame.parent) {
    const value = inFrame(name, frame);
    if (value !== undefined) return value;
    if (frame.stop) break;
  }
  return undefined;
}

/** Full lookup of a path from a frame, as variables, `.if` and formatter arguments do it. */
export function resolvePath(path: Path, start: Frame): unknown {
  if (path.length === 0) return undefined;
  const first = resolveFirst(path[0] as string | number, start);
  if (path.length === 1 || first === undefined) return first;
  if (path.length === 2) return getChild(first, path[1] as string | number);
  return getPath(first, path.slice(1));
}

/** Reads the rest of a path (after the first segment) from a value. */
function restReader(rest: readonly (string | number)[]): ((value: unknown) => unknown) | null {
  if (rest.length === 0) return null;
  if (rest.length === 1) {
    const key = rest[0] as string | number;
    return typeof key === 'string' ? (v) => getNamed(v, key) : (v) => getChild(v, key);
  }
  if (rest.length === 2) {
    const [k1, k2] = rest as [string | number, string | number];
    if (typeof k1 === 'string' && typeof k2 === 'string') return (v) => getNamed(getNamed(v, k1), k2);
  }
  return (v) => (v === undefined ? undefined : getPath(v, rest));
}

export function compileLookup(path: Path): Lookup {
  const first = path[0] as string | number;
  const rest = restReader(path.slice(1));
  if (first === '@') {
    if (rest === null) return (frame) => frame.node;
    return (frame) => rest(frame.node);
  }
  if (isName(first)) {
    // The common case, {title} or {item.title}: walk the frames for an own property.
    if (rest === null) return (frame) => lookupName(frame, first);
    return (frame) => rest(lookupName(frame, first));
  }
  if (rest === null) return (frame) => resolveFirst(first, frame);
  return (frame) => rest(resolveFirst(first, frame));
}

/** Sections and repeated sections resolve their first segment in the current frame only. */
export function compileSectionLookup(path: Path): Lookup {
  const first = path[0] as string | number;
  const rest = restReader(path.slice(1));
  if (isName(first)) {
    if (rest === null) return (frame) => getNamed(frame.node, first);
    return (frame) => rest(getNamed(frame.node, first));
  }
  if (rest === null) return (frame) => inFrame(first, frame);
  return (frame) => rest(inFrame(first, frame));
}
