/**
 * Variable lookup, compiled per reference. The rules are the references':
 * the first segment walks the scopes outward (stopping at an isolated
 * scope), later segments walk down; `@` is the current node, `@index` and
 * `@index0` the nearest loop position, `@name` a variable. Only own
 * properties are read, so prototype names find nothing.
 */
import type { Path } from '../syntax/nodes.ts';
import { getChild, getPath } from './values.ts';
import type { Frame } from './frame.ts';

export type Lookup = (frame: Frame) => unknown;

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

/** First segment: `@` stays in the starting frame; anything else walks outward. */
export function resolveFirst(name: string | number, start: Frame): unknown {
  if (name === '@') return start.node;
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
  return getPath(first, path.slice(1));
}

export function compileLookup(path: Path): Lookup {
  const first = path[0] as string | number;
  if (path.length === 1) {
    if (first === '@') return (frame) => frame.node;
    if (typeof first === 'string' && first.charCodeAt(0) !== 64) {
      // The common case, {title}: walk the frames for an own property.
      return (frame) => {
        for (let f: Frame | null = frame; f !== null; f = f.parent) {
          const value = getChild(f.node, first);
          if (value !== undefined) return value;
          if (f.stop) break;
        }
        return undefined;
      };
    }
    return (frame) => resolveFirst(first, frame);
  }
  const rest = path.slice(1);
  if (rest.length === 1) {
    const second = rest[0] as string | number;
    return (frame) => getChild(resolveFirst(first, frame), second);
  }
  return (frame) => getPath(resolveFirst(first, frame), rest);
}

/** Sections and repeated sections resolve their first segment in the current frame only. */
export function compileSectionLookup(path: Path): Lookup {
  const first = path[0] as string | number;
  const rest = path.slice(1);
  if (rest.length === 0) return (frame) => inFrame(first, frame);
  return (frame) => getPath(inFrame(first, frame), rest);
}
