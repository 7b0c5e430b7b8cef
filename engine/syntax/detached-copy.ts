/**
 * Copies of template text for the engine's module-wide memos (tags, `.eval` expressions, date
 * patterns, predicate operands), which outlive the templates they were met in.
 *
 * A piece cut from a longer text (`slice`, `split`) is, in V8, a view into the whole once it is
 * 13 characters or longer. A memo keyed by such a piece, or holding one in what it made from it,
 * kept the whole template alive: a host compiling large templates held each of them (up to the
 * 5 MB size limit) for as long as one of its tags stayed in a memo. (Names need no copy: V8
 * replaces a text used as a property name by its interned copy, which drops the view.)
 */

/** A copy of `text` that does not share the storage of a longer text it was cut from. */
export function detachedCopy(text: string): string {
  // Joining makes a new text; V8 copies it into storage of its own when it is cut again.
  return (' ' + text).slice(1);
}
