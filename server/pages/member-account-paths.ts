/**
 * The addresses of the members' account pages (sign-in, forgotten password, new password), each
 * carrying the page to return to once signed in.
 */

/** The members' sign-in page: a plain form, so it works before (and without) any script. */
export const MEMBER_SIGN_IN_PATH = '/account/sign-in';
/** Where a member asks for a link to choose a new password. */
export const MEMBER_FORGOT_PASSWORD_PATH = '/account/forgot-password';
/** Where that link lands: the member chooses the new password there. */
export const MEMBER_RESET_PASSWORD_PATH = '/account/reset-password';
/** The sign-in's query flag that says a new password was just set. */
export const PASSWORD_CHANGED_PARAM = 'passwordChanged';

/** `path` with the given query values, empty ones and a return to the home page (the default) left out. */
export function withQuery(path: string, values: Record<string, string>): string {
  const kept = Object.entries(values).filter(([name, value]) => value !== '' && !(name === 'returnTo' && value === '/'));
  const query = new URLSearchParams(kept).toString();
  return query === '' ? path : `${path}?${query}`;
}

/** The sign-in page's address that brings the member back to `returnTo` (a path on this site) afterwards. */
export function memberSignInUrl(returnTo: string): string {
  return `${MEMBER_SIGN_IN_PATH}?returnTo=${encodeURIComponent(returnTo)}`;
}

/** The forgotten-password page that brings the member back to `returnTo` once signed in again. */
export function memberForgotPasswordUrl(returnTo: string): string {
  return withQuery(MEMBER_FORGOT_PASSWORD_PATH, { returnTo });
}

/** The link a member's email carries: the store's address, the reset page, the token and the way back. */
export function memberResetLink(baseUrl: string, token: string, returnTo: string): string {
  return new URL(withQuery(MEMBER_RESET_PASSWORD_PATH, { token, returnTo }), baseUrl).href;
}
