/**
 * Text helpers of the content and social plugins that the core plugins do
 * not already provide, with the references' exact character rules.
 */

/**
 * Whether removeTags(text) keeps anything but blanks (space, tab, newline,
 * \v, \f, \r, zero-width space, no-break space), found without building it.
 */
export function hasTextOutsideTags(text: string): boolean {
  let inTag = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 60 /* < */) inTag = true;
    else if (c === 62 /* > */) inTag = false;
    else if (!inTag && !isBlank(c)) return true;
  }
  return false;
}

function isBlank(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13) || c === 0x200b || c === 0xa0;
}

/** Drops everything between '<' and '>', leaving one space where each tag closed. */
export function removeTags(text: string): string {
  let out = '';
  let inTag = false;
  for (const ch of text) {
    if (ch === '<') {
      inTag = true;
    } else if (ch === '>') {
      inTag = false;
      out += ' ';
    } else if (!inTag) {
      out += ch;
    }
  }
  return out;
}

/**
 * Splits on one separator character and drops empty pieces, like Apache
 * Commons' StringUtils.split (so "a//b/" gives ["a", "b"]).
 */
export function splitNonEmpty(text: string, separator: string): string[] {
  return text.split(separator).filter((piece) => piece !== '');
}
