/**
 * The admin's calls: JSON (or a multipart upload) with the crumb in X-CSRF-Token and the
 * session's token in X-SiteUser-XSRF-Token on every write. Failures come back with the server's
 * message and its field errors, for the screens to show next to each field.
 */
import { readCookie } from '../lib/cookies.ts';
import { ADMIN } from '../lib/admin-messages.ts';

export type FieldErrors = Readonly<Record<string, string>>;

export type CallResult<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; status: number; message: string; fieldErrors: FieldErrors; body: Record<string, unknown> | null };

let sessionToken = '';

/** The signed-in session's token, from the shell's props. */
export function setSessionToken(token: string): void {
  sessionToken = token;
}

export async function adminCall<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<CallResult<T>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (method !== 'GET') {
    headers['X-CSRF-Token'] = readCookie('crumb') ?? '';
    headers['X-SiteUser-XSRF-Token'] = sessionToken;
  }
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
    return { ok: false, status: 0, message: ADMIN.requestFailed, fieldErrors: {}, body: null };
  }
  let json: Record<string, unknown> | null = null;
  try {
    const parsed: unknown = JSON.parse(await response.text());
    json = parsed !== null && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
  } catch {
    json = null;
  }
  if (response.ok) return { ok: true, status: response.status, data: (json ?? {}) as T };
  const fieldErrors = json && typeof json.fieldErrors === 'object' && json.fieldErrors !== null ? (json.fieldErrors as FieldErrors) : {};
  const message = json && typeof json.message === 'string' ? json.message : ADMIN.requestFailed;
  return { ok: false, status: response.status, message, fieldErrors, body: json };
}
