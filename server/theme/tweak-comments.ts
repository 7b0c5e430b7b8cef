/**
 * The `// tweak: { … }` comments of a template's stylesheets: each declares a setting of the
 * platform's style editor as JSON on the rest of its line (a colour, a font, a value, a dropdown,
 * a checkbox), over the variable or rule it sets. Read by scans that visit each character a
 * bounded number of times: the stylesheets are the author's untrusted text, read on the server's
 * thread.
 */

export const SLASH = 47;

/** JavaScript's `\s`, the whitespace the platform's patterns skip between the parts. */
export function isSpace(code: number): boolean {
  return (
    code === 32 ||
    (code >= 9 && code <= 13) ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

export function skipSpace(text: string, at: number): number {
  while (at < text.length && isSpace(text.charCodeAt(at))) at++;
  return at;
}

/** The tweak's JSON on the rest of the line from `at` (a `{` to the line's last `}`), and where the next line starts. */
function tweakJson(text: string, at: number): { json: string; next: number } | null {
  if (text.charCodeAt(at) !== 123) return null; // {
  const lineEnd = text.indexOf('\n', at);
  if (lineEnd === -1) return null;
  const json = text.slice(at, lineEnd).trimEnd();
  return json.endsWith('}') ? { json, next: lineEnd + 1 } : null;
}

/** The tweak whose `//` is at `at`, or null when that comment is no tweak. */
export function tweakAt(text: string, at: number): { json: string; next: number } | null {
  const word = skipSpace(text, at + 2);
  return text.startsWith('tweak:', word) ? tweakJson(text, skipSpace(text, word + 6)) : null;
}

/** Every tweak comment of `text`, in order: its JSON, and where the line after it starts. */
export function tweakComments(text: string): { json: string; next: number }[] {
  const found: { json: string; next: number }[] = [];
  for (let comment = text.indexOf('//'); comment !== -1; ) {
    const tweak = tweakAt(text, comment);
    if (tweak !== null) found.push(tweak);
    comment = text.indexOf('//', tweak === null ? comment + 2 : tweak.next);
  }
  return found;
}

/** A character of a LESS name (a variable's, a class's): a letter or underscore first, then letters, digits, underscores and dashes. */
export function isNameChar(code: number, first: boolean): boolean {
  const letter = (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;
  return first ? letter : letter || (code >= 48 && code <= 57) || code === 45;
}

/**
 * The variable a tweak comment sets, when the first line after it past blank and other comment
 * lines declares one (`@minColumnWidth: 225;`): its name and its value as written.
 */
export function variableAfter(text: string, at: number): { name: string; value: string } | null {
  for (;;) {
    at = skipSpace(text, at);
    if (text.charCodeAt(at) !== SLASH || text.charCodeAt(at + 1) !== SLASH) break;
    const lineEnd = text.indexOf('\n', at);
    if (lineEnd === -1) return null;
    at = lineEnd + 1;
  }
  if (text.charCodeAt(at) !== 64 || !isNameChar(text.charCodeAt(at + 1), true)) return null; // @
  let nameEnd = at + 2;
  while (nameEnd < text.length && isNameChar(text.charCodeAt(nameEnd), false)) nameEnd++;
  const colon = skipSpace(text, nameEnd);
  if (text.charCodeAt(colon) !== 58) return null; // :
  let lineEnd = text.indexOf('\n', colon);
  if (lineEnd === -1) lineEnd = text.length;
  const semicolon = text.indexOf(';', colon);
  if (semicolon === -1 || semicolon > lineEnd) return null;
  const value = text.slice(colon + 1, semicolon).trim();
  return value === '' ? null : { name: text.slice(at + 1, nameEnd), value };
}
