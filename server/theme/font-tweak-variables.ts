/**
 * The variables a font tweak gives a stylesheet, as the platform makes them: a
 * `// tweak: { "type" : "font", … }` comment over a rule such as `.heading1-font { font-size: 32px; … }`
 * makes `@heading1-font-font-size: 32px` (the class, a dash, the property) for each of the rule's
 * declarations, which the template's own LESS then reads (doncab's `base.less` scales its headings
 * with `@heading1-font-font-size`). Without them such a stylesheet stopped at its first use.
 *
 * Read by a scan that visits each character a bounded number of times, not by a regular
 * expression: this runs on the server's thread over the author's (untrusted) stylesheets, and a
 * pattern that skipped "blank and comment lines" between the tweak and its rule backtracked
 * exponentially over a run of such lines (doncab's tweak.less, 965 lines of tweak comments over
 * variables, held the thread for minutes).
 */

import { isNameChar, isSpace, skipSpace, SLASH, tweakAt } from './tweak-comments.ts';
import { tweakObject } from './tweak-json.ts';

/** A letter or dash of a property name. */
function isPropertyChar(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 45;
}

function isFontTweak(json: string): boolean {
  return tweakObject(json)?.type === 'font';
}

/** The rule `.name { body }` at `at` (a body without braces), or null. */
function ruleAt(text: string, at: number): { className: string; body: string; end: number } | null {
  if (text.charCodeAt(at) !== 46 || !isNameChar(text.charCodeAt(at + 1), true)) return null; // .
  let nameEnd = at + 2;
  while (nameEnd < text.length && isNameChar(text.charCodeAt(nameEnd), false)) nameEnd++;
  const open = skipSpace(text, nameEnd);
  if (text.charCodeAt(open) !== 123) return null; // {
  // to the first brace after it, so that no stretch of text is searched twice
  let close = open + 1;
  while (close < text.length && text.charCodeAt(close) !== 125 && text.charCodeAt(close) !== 123) close++;
  if (text.charCodeAt(close) !== 125) return null; // }
  return { className: text.slice(at + 1, nameEnd), body: text.slice(open + 1, close), end: close + 1 };
}

/**
 * The `property: value` pairs of a rule's body: each `;`-separated piece's first colon that
 * follows a property name (letters and dashes, then spaces), the value trimmed up to the `;`.
 */
function declarations(body: string): [string, string][] {
  const found: [string, string][] = [];
  for (const piece of body.split(';')) {
    let colon = piece.indexOf(':');
    while (colon !== -1) {
      let nameEnd = colon;
      while (nameEnd > 0 && isSpace(piece.charCodeAt(nameEnd - 1))) nameEnd--;
      let nameStart = nameEnd;
      while (nameStart > 0 && isPropertyChar(piece.charCodeAt(nameStart - 1))) nameStart--;
      if (nameStart < nameEnd) {
        const value = piece.slice(colon + 1).trim();
        if (value !== '') found.push([piece.slice(nameStart, nameEnd), value]);
        break;
      }
      colon = piece.indexOf(':', colon + 1);
    }
  }
  return found;
}

/**
 * The LESS variable definitions of every font tweak in `text`, one per line ('' when none). A
 * tweak comment belongs to the rule under it, past blank and comment lines; of several tweak
 * comments over one rule, the nearest is the rule's (doncab puts a dropdown's tweak, which is over
 * no rule, a blank line above the font tweak of `.banner-page-title-font`).
 */
export function fontTweakVariables(text: string): string {
  const lines: string[] = [];
  let from = 0;
  for (;;) {
    const comment = text.indexOf('//', from);
    if (comment === -1) break;
    let tweak = tweakAt(text, comment);
    if (tweak === null) {
      from = comment + 2;
      continue;
    }
    let at = tweak.next;
    for (;;) {
      at = skipSpace(text, at);
      if (text.charCodeAt(at) !== SLASH || text.charCodeAt(at + 1) !== SLASH) break;
      const nearer = tweakAt(text, at);
      if (nearer !== null) {
        tweak = nearer;
        at = nearer.next;
        continue;
      }
      const lineEnd = text.indexOf('\n', at);
      if (lineEnd === -1) return lines.join('\n');
      at = lineEnd + 1;
    }
    const rule = ruleAt(text, at);
    // No rule: the comment lines just passed lead to the same place, so the scan goes on from there.
    from = rule === null ? at : rule.end;
    if (rule === null || !isFontTweak(tweak.json)) continue;
    for (const [property, value] of declarations(rule.body)) lines.push(`@${rule.className}-${property.toLowerCase()}: ${value};`);
  }
  return lines.join('\n');
}
