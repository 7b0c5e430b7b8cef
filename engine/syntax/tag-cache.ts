/**
 * Parsed tag syntax by tag text, for tags met again: a server compiles the
 * same templates again, and templates share partials and idioms. A tag read
 * by the fast path is only admitted when it is met in a third compile (small
 * tables of text hashes remember the earlier sightings and their compiles:
 * sightings.ts), so compiling templates whose tags are all new, however often each repeats
 * inside its template, does not fill the cache with entries that outlive
 * their template and burden the garbage collector.
 */
import type { PluginCheck } from './parse.ts';
import { Opcode } from './opcodes.ts';
import type { ParsedTag } from './parsed-tag.ts';
import { parseTagFast } from './tag-fast-path.ts';
import { detachedCopy } from './detached-copy.ts';
import { Sightings } from './sightings.ts';
import { TagEntry } from './tag-entry.ts';

const tagCache = new Map<string, TagEntry | null>();
/** The paths and formatter lists of cached tags: every template with the tag holds these same objects. */
const shared = new WeakSet<object>();

/**
 * Whether a path or formatter list came from a cached tag, so that what is
 * compiled from it can be kept with it and reused by every template that has
 * the tag. Syntax of tags met only once is not worth keeping anything for.
 */
export function isSharedSyntax(syntax: object): boolean {
  return shared.has(syntax);
}

function share(tag: ParsedTag): void {
  switch (tag.op) {
    case Opcode.VARIABLE:
    case Opcode.BINDVAR:
      shared.add(tag.formatters);
      for (const path of tag.variables) shared.add(path);
      return;
    case Opcode.IF:
      for (const path of tag.variables) shared.add(path);
      return;
    case Opcode.SECTION:
    case Opcode.REPEATED:
      shared.add(tag.path);
      return;
  }
}
const TAG_CACHE_LIMIT = 20000;
/**
 * Longer tag texts (inline JSON, long expressions) are parsed every time: with the entry limit this
 * bounds the cache to about TAG_CACHE_LIMIT × 512 characters of text and its parse.
 */
const MAX_CACHED_TAG_LENGTH = 512;
/** Tags met once, with the compile that met them. */
const sightings = new Sightings(4096); // a power of two
let compiles = 0;

/** Numbers a new compile, for parseTagCached. */
export function nextCompile(): number {
  compiles = (compiles + 1) | 0;
  return compiles;
}

/** The check of tags that have no plugin names: every registry passes them. */
export const NOTHING_TO_CHECK: PluginCheck = {
  formatter: () => undefined,
  predicate: () => undefined,
};

/** A tag without plugin names, answered without a lookup (and never checked). */
function constantTag(parsed: ParsedTag): TagEntry {
  const entry = new TagEntry(parsed.op, parsed);
  entry.passed = NOTHING_TO_CHECK;
  return entry;
}

/** `{.end}`, the commonest tag, and the plain `{.or}`. */
const END = constantTag({ op: Opcode.END });
const OR = constantTag({ op: Opcode.OR_PREDICATE, name: null, args: null, delimiter: '', viaIf: false });

/** The tag whose inside is `content` met in compile `compile`, or null when that text is not a tag. */
export function parseTagCached(content: string, compile: number): TagEntry | null {
  if (content === '.end') return END;
  if (content === '.or') return OR;
  let entry = tagCache.get(content);
  if (entry !== undefined) return entry;
  if (content.length > MAX_CACHED_TAG_LENGTH || !sightings.seenBefore(content, compile)) {
    return parseTagFast(content);
  }
  // Kept: read again from a copy, so that neither the key nor the parts of the parse hold the template.
  const own = detachedCopy(content);
  entry = parseTagFast(own);
  if (tagCache.size >= TAG_CACHE_LIMIT) tagCache.clear();
  tagCache.set(own, entry);
  if (entry !== null) share(entry.parsed);
  return entry;
}
