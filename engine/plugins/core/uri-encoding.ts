/**
 * Percent-encoding of text, byte for byte with the reference:
 *
 * - URI encoding keeps letters, digits and `-_.!~*()` (and, for a whole URI,
 *   the reserved `;/?:@&=+$,#`). Unlike JavaScript's encodeURI, the single
 *   quote is encoded, and a lone surrogate makes the whole result the text
 *   "null" instead of throwing.
 * - Form encoding (application/x-www-form-urlencoded) keeps letters, digits
 *   and `.-*_`, writes a space as `+`, and a lone surrogate as `%3F` ('?').
 */

const LONE_SURROGATE_RESULT = 'null';

/** Which ASCII characters each encoding keeps as they are, by char code. */
function keptSet(characters: string): Uint8Array {
  const kept = new Uint8Array(128);
  for (let c = 0; c < 128; c++) if (/[A-Za-z0-9]/.test(String.fromCharCode(c))) kept[c] = 1;
  for (const ch of characters) kept[ch.charCodeAt(0)] = 1;
  return kept;
}
const URI_COMPONENT_KEPT = keptSet('-_.!~*()');
const URI_KEPT = keptSet('-_.!~*();/?:@&=+$,#');
const FORM_KEPT = keptSet('.-*_');

/** `%XX` of every byte value. */
const PERCENT = Array.from({ length: 256 }, (_, byte) => '%' + byte.toString(16).toUpperCase().padStart(2, '0'));

const utf8 = new TextEncoder();

function percentBytes(text: string): string {
  let out = '';
  for (const byte of utf8.encode(text)) out += PERCENT[byte]!;
  return out;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** Length of the leading run of characters `kept` keeps: most texts are kept whole and need no copy. */
function keptPrefix(text: string, kept: Uint8Array): number {
  let i = 0;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (code >= 128 || kept[code] === 0) break;
    i++;
  }
  return i;
}

function encodeUriText(text: string, kept: Uint8Array): string {
  const start = keptPrefix(text, kept);
  if (start === text.length) return text;
  let out = text.slice(0, start);
  for (let i = start; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 128) {
      out += kept[code] === 1 ? text[i]! : PERCENT[code]!;
      continue;
    }
    if (isLowSurrogate(code)) return LONE_SURROGATE_RESULT;
    if (isHighSurrogate(code)) {
      if (!isLowSurrogate(text.charCodeAt(i + 1))) return LONE_SURROGATE_RESULT;
      out += percentBytes(text.slice(i, i + 2));
      i++;
      continue;
    }
    out += percentBytes(text[i]!);
  }
  return out;
}

export function encodeUri(text: string): string {
  return encodeUriText(text, URI_KEPT);
}

export function encodeUriComponent(text: string): string {
  return encodeUriText(text, URI_COMPONENT_KEPT);
}

export function formUrlEncode(text: string): string {
  const start = keptPrefix(text, FORM_KEPT);
  if (start === text.length) return text;
  let out = text.slice(0, start);
  for (let i = start; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 128) {
      out += FORM_KEPT[code] === 1 ? text[i]! : code === 32 ? '+' : PERCENT[code]!;
    } else if (isHighSurrogate(code) && isLowSurrogate(text.charCodeAt(i + 1))) {
      out += percentBytes(text.slice(i, i + 2));
      i++;
    } else if (isHighSurrogate(code) || isLowSurrogate(code)) {
      out += PERCENT[0x3f]!; // '?', as the reference writes a lone surrogate
    } else {
      out += percentBytes(text[i]!);
    }
  }
  return out;
}
