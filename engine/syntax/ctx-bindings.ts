/**
 * The bindings of `{.ctx @name key=path key2=path2}`, read the way the Java
 * reference reads them: `word=reference` pairs separated by whitespace, and
 * reading stops quietly at the first thing that is not one (a bare token, a
 * key without a value), ignoring the rest of the tag.
 */
import { splitPath, type Path } from './nodes.ts';
import { EQUALS, isWhitespace, referenceEnd, skipWhitespace, wordEnd } from './tag-chars.ts';

/** The bindings from `from` on; null when there is not even one. */
export function readCtxBindings(s: string, from: number): [string, Path][] | null {
  const bindings: [string, Path][] = [];
  let i = from;
  for (;;) {
    const keyEnd = wordEnd(s, i);
    if (keyEnd === -1 || s.charCodeAt(keyEnd) !== EQUALS) break;
    const valueEnd = referenceEnd(s, keyEnd + 1);
    if (valueEnd === -1) break;
    bindings.push([s.slice(i, keyEnd), splitPath(s.slice(keyEnd + 1, valueEnd))]);
    if (!isWhitespace(s.charCodeAt(valueEnd))) break;
    i = skipWhitespace(s, valueEnd);
  }
  return bindings.length === 0 ? null : bindings;
}
