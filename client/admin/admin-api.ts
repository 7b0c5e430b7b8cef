/**
 * The admin's calls: JSON (or a multipart upload) with the crumb in X-CSRF-Token and the
 * session's token in X-SiteUser-XSRF-Token on every write. Failures come back with the server's
 * message and its field errors, for the screens to show next to each field.
 */
import { readCookie } from '../lib/cookies.ts';
import { ADMIN } from '../lib/admin-messages.ts';
import { reportSessionEnded } from './session-ended.ts';
import { ADMIN_SCRIPT_HEADER } from './admin-root.ts';
import { noteServedAdminScript } from './admin-updated.ts';

/** Signing in: its 401 is a wrong password, not an ended session. */
export const SIGN_IN_PATH = '/api/site-users/account/session';

export type FieldErrors = Readonly<Record<string, string>>;

export type CallResult<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; status: number; message: string; fieldErrors: FieldErrors; body: Record<string, unknown> | null };

let sessionToken = '';

/** The signed-in session's token, from the shell's props. */
export function setSessionToken(token: string): void {
  sessionToken = token;
}

/** The headers of a call: JSON answers, and on a write the crumb and the session's token. */
export function callHeaders(method: string): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (method !== 'GET') {
    headers['X-CSRF-Token'] = readCookie('crumb') ?? '';
    headers['X-SiteUser-XSRF-Token'] = sessionToken;
  }
  return headers;
}

export async function adminCall<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<CallResult<T>> {
  const headers = callHeaders(method);
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  let response: Response;
  try {
    response = await fetch(path, { method, headers, body: payload, credentials: 'same-origin' });
  } catch {
    return unanswered();
  }
  noteServedAdminScript(response.headers?.get(ADMIN_SCRIPT_HEADER) ?? null);
  return answerOf<T>(path, response.status, await response.text(), response.headers.get('Retry-After'));
}

/** A call that got no answer (the connection failed). */
export function unanswered(): CallResult<never> {
  return { ok: false, status: 0, message: ADMIN.requestFailed, fieldErrors: {}, body: null };
}

/**
 * The server's answer to a call to `path`: its data, or its message and field errors. An admin
 * call refused as signed out (the session ended while the phone slept) is reported, so the
 * admin asks for the password again without leaving the screen and its edits.
 */
export function answerOf<T>(path: string, status: number, text: string, retryAfter: string | null = null): CallResult<T> {
  let json: Record<string, unknown> | null = null;
  try {
    const parsed: unknown = JSON.parse(text);
    json = parsed !== null && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
  } catch {
    json = null;
  }
  if (status >= 200 && status < 300) return { ok: true, status, data: (json ?? {}) as T };
  if (status === 401 && path !== SIGN_IN_PATH) reportSessionEnded();
  const fieldErrors = json && typeof json.fieldErrors === 'object' && json.fieldErrors !== null ? (json.fieldErrors as FieldErrors) : {};
  const message = status === 429 ? tooManyMessage(path, retryAfter) : json && typeof json.message === 'string' ? json.message : ADMIN.requestFailed;
  return { ok: false, status, message, fieldErrors, body: json };
}

/**
 * A call refused as too many: how long to wait, from the answer's Retry-After (the shop's general
 * "a few seconds" could mean most of a minute). A sign-in was refused for a run of wrong passwords;
 * anything else is a write refused for the owner's budget of changes a minute, and nothing was
 * saved, so the owner knows to save again rather than wonder.
 */
function tooManyMessage(path: string, retryAfter: string | null): string {
  const seconds = retryAfter !== null && /^\d{1,5}$/.test(retryAfter.trim()) ? Number(retryAfter.trim()) : null;
  return path === SIGN_IN_PATH ? ADMIN.tooManySignIns(seconds) : ADMIN.tooManyChanges(seconds);
}
