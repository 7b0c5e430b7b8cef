/**
 * Small text transformations the content and social plugins share, with the
 * references' exact character rules.
 */

const ATTRIBUTE_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
};

/** Escapes the four characters that can break out of a double-quoted attribute. */
export function escapeHtmlAttribute(text: string): string {
  return text.replace(/[&<>"]/g, (ch) => ATTRIBUTE_ESCAPES[ch]!);
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

// Java's \s is ASCII whitespace only; spelling it out keeps non-ASCII spaces out of slugs' separators.
const SLUG_DROPPED = /[^a-zA-Z0-9 \t\n\x0B\f\r-]+/g;
const SLUG_WHITESPACE = /[ \t\n\x0B\f\r]+/g;

/** Lower-case slug: characters other than letters, digits, whitespace and '-' removed, whitespace runs become '-'. */
export function slugify(text: string): string {
  return text.replace(SLUG_DROPPED, '').replace(SLUG_WHITESPACE, '-').toLowerCase();
}

/**
 * Splits on one separator character and drops empty pieces, like Apache
 * Commons' StringUtils.split (so "a//b/" gives ["a", "b"]).
 */
export function splitNonEmpty(text: string, separator: string): string[] {
  return text.split(separator).filter((piece) => piece !== '');
}
