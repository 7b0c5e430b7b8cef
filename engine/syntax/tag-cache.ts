/**
 * Parsed tag syntax by tag text, for tags met more than once: templates
 * repeat the same tags, and a server recompiles the same templates. A tag
 * read by the fast path is only admitted on its second sighting (a small
 * table of text hashes remembers the first), so compiling templates whose
 * tags are all new does not fill the cache with entries that outlive
 * their template and burden the garbage collector. Tags only the grammar
 * reads are cached at once: they cost the most.
 */
import type { PluginCheck } from './parse.ts';
import { parseTagFast } from './tag-fast-path.ts';
import { parseTagSyntax, type ParsedTag } from './tag-parser.ts';

/**
 * One tag's syntax, and whether its plugin names passed the last check that
 * read them (the parser's check of formatter and predicate names).
 */
export class TagEntry {
  /**
   * The check this tag last passed without a problem; null when none has.
   * A pass stays true: registries only ever gain names, and arguments are
   * checked by their text alone. A problem is looked at again every time.
   */
  passed: PluginCheck | null = null;

  constructor(readonly parsed: ParsedTag) {}
}

const tagCache = new Map<string, TagEntry | null>();
const TAG_CACHE_LIMIT = 20000;
const SIGHTINGS_SIZE = 4096; // a power of two
const sightings = new Int32Array(SIGHTINGS_SIZE);

function textHash(text: string): number {
  let h = text.length;
  for (let i = 0; i < text.length; i++) h = (Math.imul(h, 31) + text.charCodeAt(i)) | 0;
  return h;
}

/** The tag whose inside is `content`, or null when that text is not a tag. */
export function parseTagCached(content: string): TagEntry | null {
  let entry = tagCache.get(content);
  if (entry !== undefined) return entry;
  const fast = parseTagFast(content);
  if (fast !== undefined) {
    entry = fast === null ? null : new TagEntry(fast);
    // A hash collision only admits a tag early; the cache itself is keyed by the exact text.
    const hash = textHash(content);
    const slot = hash & (SIGHTINGS_SIZE - 1);
    if (sightings[slot] !== hash) {
      sightings[slot] = hash;
      return entry;
    }
  } else {
    const parsed = parseTagSyntax(content);
    entry = parsed === null ? null : new TagEntry(parsed);
  }
  if (tagCache.size >= TAG_CACHE_LIMIT) tagCache.clear();
  tagCache.set(content, entry);
  return entry;
}
