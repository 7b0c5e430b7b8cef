/**
 * Where a visitor goes back to after signing in, given in the address (`?returnTo=`): only a path
 * on this site, so a link made elsewhere can never send someone from the sign-in to another site.
 */

/** The longest return path kept; a longer one is not one of the store's own addresses. */
const MAX_RETURN_PATH_LENGTH = 2048;

// Browsers read a backslash as a slash ("/\evil.example" is "//evil.example") and drop tabs and
// newlines from addresses, so a path holding either is refused rather than guessed at.
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARACTERS = /[\\\u0000-\u001f\u007f]/;

/** Stands in for this site while a path is resolved: only the path part of the result is kept. */
const THIS_SITE = 'http://this-site.invalid';

/**
 * The path (with its query and fragment) when `value` is a path on this site, else null: never an
 * absolute (`https://…`) or protocol-relative (`//…`) address, nor one that becomes so once its
 * dot segments are resolved (`/..//evil.example`).
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > MAX_RETURN_PATH_LENGTH) return null;
  if (!value.startsWith('/') || value.startsWith('//') || UNSAFE_CHARACTERS.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, THIS_SITE);
  } catch {
    return null;
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (url.origin !== THIS_SITE || path.startsWith('//')) return null;
  return path;
}
