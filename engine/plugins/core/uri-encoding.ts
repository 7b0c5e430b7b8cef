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

const URI_UNRESERVED = /[A-Za-z0-9\-_.!~*()]/;
const URI_RESERVED = /[;/?:@&=+$,#]/;
const FORM_SAFE = /[A-Za-z0-9.\-*_]/;
const LONE_SURROGATE_RESULT = 'null';

const utf8 = new TextEncoder();

function percentBytes(text: string): string {
  let out = '';
  for (const byte of utf8.encode(text)) out += '%' + byte.toString(16).toUpperCase().padStart(2, '0');
  return out;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

function encodeUriText(text: string, keepReserved: boolean): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (URI_UNRESERVED.test(ch) || (keepReserved && URI_RESERVED.test(ch))) {
      out += ch;
      continue;
    }
    const code = ch.charCodeAt(0);
    if (isLowSurrogate(code)) return LONE_SURROGATE_RESULT;
    if (isHighSurrogate(code)) {
      const next = text.charCodeAt(i + 1);
      if (!isLowSurrogate(next)) return LONE_SURROGATE_RESULT;
      out += percentBytes(text.slice(i, i + 2));
      i++;
      continue;
    }
    out += percentBytes(ch);
  }
  return out;
}

export function encodeUri(text: string): string {
  return encodeUriText(text, true);
}

export function encodeUriComponent(text: string): string {
  return encodeUriText(text, false);
}

export function formUrlEncode(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (FORM_SAFE.test(ch)) {
      out += ch;
    } else if (ch === ' ') {
      out += '+';
    } else {
      const code = ch.charCodeAt(0);
      if (isHighSurrogate(code) && isLowSurrogate(text.charCodeAt(i + 1))) {
        out += percentBytes(text.slice(i, i + 2));
        i++;
      } else if (isHighSurrogate(code) || isLowSurrogate(code)) {
        out += percentBytes('?');
      } else {
        out += percentBytes(ch);
      }
    }
  }
  return out;
}
