/**
 * Checks of plural tags that the message evaluator would silently skip:
 * a choice key that is neither a plural category nor an exact '=N' value,
 * and an offset applied to an argument that is not a number. Both are
 * template mistakes, reported instead of rendering a wrong sentence.
 */

const CATEGORIES = new Set(['zero', 'one', 'two', 'few', 'many', 'other']);
const EXACT = /^=-?\d+(?:\.\d+)?$/;
const PLURAL_HEAD = /^\{\s*([^\s{}]+)\s+(?:plural|selectordinal)(?=[\s{}])/;
const OFFSET = /^\s*offset:\s*(-?\d+)/;
const CHOICE_KEY = /^\s*([^\s{}]+)\s*\{/;

export interface PluralTag {
  /** The argument reference of the tag: an index ('0') or a name. */
  readonly argument: string;
  readonly offset: number;
  readonly keys: readonly string[];
}

/** Index just past the '}' that closes the '{' at `open`, or -1 when unbalanced. */
function closing(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i + 1;
  }
  return -1;
}

function scanPluralTags(message: string): PluralTag[] {
  const tags: PluralTag[] = [];
  let quoted = false;
  for (let i = 0; i < message.length; i++) {
    const c = message[i];
    if (c === "'") {
      // '' is a literal apostrophe; a single one toggles quoting.
      if (message[i + 1] === "'") i++;
      else quoted = !quoted;
      continue;
    }
    if (quoted || c !== '{') continue;
    const head = PLURAL_HEAD.exec(message.slice(i));
    if (!head) continue;
    let pos = i + head[0].length;
    let offset = 0;
    const off = OFFSET.exec(message.slice(pos));
    if (off) {
      offset = parseInt(off[1]!, 10);
      pos += off[0].length;
    }
    const keys: string[] = [];
    for (;;) {
      const key = CHOICE_KEY.exec(message.slice(pos));
      if (!key) break;
      keys.push(key[1]!);
      const end = closing(message, pos + key[0].length - 1);
      if (end === -1) break;
      pos = end;
    }
    tags.push({ argument: head[1]!.split(';')[0]!, offset, keys });
  }
  return tags;
}

const NO_TAGS: readonly PluralTag[] = Object.freeze([]);
const tagsByMessage = new Map<string, readonly PluralTag[]>();
const TAGS_CACHE_LIMIT = 1000;
/** Longer messages are scanned every time: the cache holds at most 1000 × 1024 characters of text and its tags. */
const MAX_CACHED_MESSAGE_LENGTH = 1024;

/**
 * Every plural and selectordinal tag of a message, nested ones included.
 * Quoted text ('{…}') is skipped. A message without either keyword has none;
 * the few message texts a site uses are scanned once each.
 */
export function pluralTags(message: string): readonly PluralTag[] {
  if (message.indexOf('plural') === -1 && message.indexOf('selectordinal') === -1) return NO_TAGS;
  let tags = tagsByMessage.get(message);
  if (tags === undefined) {
    tags = Object.freeze(scanPluralTags(message));
    if (message.length > MAX_CACHED_MESSAGE_LENGTH) return tags;
    if (tagsByMessage.size >= TAGS_CACHE_LIMIT) tagsByMessage.clear();
    tagsByMessage.set(message, tags);
  }
  return tags;
}

/** A choice key that is neither a plural category nor '=N', or undefined when all are valid. */
export function invalidPluralKey(tag: PluralTag): string | undefined {
  return tag.keys.find((key) => !CATEGORIES.has(key) && !EXACT.test(key));
}
