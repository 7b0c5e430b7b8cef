/**
 * Text helpers of the content and social plugins that the core plugins do
 * not already provide, with the references' exact character rules.
 */

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
