/**
 * Link targets a page may print from stored text (navigation, join buttons). Escaping keeps a
 * value inside its attribute but cannot stop `javascript:` from running when the link is
 * followed, so any scheme other than these makes the link unusable.
 */
const ALLOWED_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);

// Browsers drop control characters and whitespace before reading a scheme ("java\tscript:").
// eslint-disable-next-line no-control-regex
const IGNORED_BY_BROWSERS = /[\u0000-\u0020\u007f]/g;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/** True when following the link cannot run script: a relative path or an allowed scheme. */
export function isSafeLinkUrl(url: string): boolean {
  const scheme = SCHEME.exec(url.replace(IGNORED_BY_BROWSERS, ''));
  return scheme === null || ALLOWED_SCHEMES.has(scheme[1]!.toLowerCase());
}

/** The url when it is safe to link to, else the fallback. */
export function safeLinkUrl(url: string, fallback: string): string {
  return isSafeLinkUrl(url) ? url : fallback;
}

/**
 * True for the address of a web page a shopper may be sent to from an email or a page (a parcel's
 * tracking page): absolute, http or https, and safe to follow. Relative paths, `mailto:` and
 * `tel:` are safe links but no such page.
 */
export function isWebPageUrl(url: string): boolean {
  if (!isSafeLinkUrl(url) || !/^https?:\/\//i.test(url)) return false;
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}
