/**
 * The one module that talks to the store's API. Every state-changing call
 * carries the crumb from the `crumb` cookie in X-CSRF-Token; every failure is
 * turned into a catalogue message so islands never invent their own text.
 */
import { REQUEST, crumbFailureMessage } from './messages.ts';
import { knownMessageNow } from './translated.ts';
import { cookiesEnabled, readCookie } from './cookies.ts';

export const CRUMB_COOKIE = 'crumb';
export const CRUMB_HEADER = 'X-CSRF-Token';

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface ApiSuccess<T> {
  ok: true;
  status: number;
  data: T;
}

export type ApiFailureKind = 'network' | 'crumb' | 'rate-limit' | 'validation' | 'server';

export interface ApiFailure {
  ok: false;
  status: number;
  kind: ApiFailureKind;
  /** A catalogue message (or the server's own message) ready to show. */
  message: string;
  /** The parsed JSON body of the failure, when there was one. */
  body: Readonly<Record<string, unknown>> | null;
}

export type ApiResult<T> = ApiSuccess<T> | ApiFailure;

export interface ApiRequestOptions {
  body?: unknown;
  /** Sent as application/x-www-form-urlencoded instead of JSON. */
  form?: Readonly<Record<string, string>>;
  query?: Readonly<Record<string, string | number | boolean | undefined>>;
  /** Shown when the server gives no message of its own. */
  fallbackMessage?: string;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Lets the request outlive the page (page-hide batches). */
  keepalive?: boolean;
}

function isStateChanging(method: ApiMethod): boolean {
  return method !== 'GET';
}

function withQuery(path: string, query: ApiRequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const text = params.toString();
  if (!text) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${text}`;
}

function asRecord(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/** The message a failed answer shows, per the storefront error catalogue. */
export function failureFromResponse(status: number, body: unknown, fallbackMessage: string): ApiFailure {
  const record = asRecord(body);
  if (status === 403 && record?.crumbFail === true) {
    return { ok: false, status, kind: 'crumb', message: crumbFailureMessage(cookiesEnabled()), body: record };
  }
  if (status === 429) {
    return { ok: false, status, kind: 'rate-limit', message: REQUEST.tooManyRequests, body: record };
  }
  const serverMessage = typeof record?.message === 'string' && record.message ? record.message : null;
  const nested = asRecord(record?.data);
  const nestedMessage = typeof nested?.message === 'string' && nested.message ? nested.message : null;
  return {
    ok: false,
    status,
    kind: status === 400 || status === 409 || status === 422 ? 'validation' : 'server',
    // a message of the specification comes in English: shown in the page's language where the catalogue knows it
    message: knownMessageNow(serverMessage ?? nestedMessage ?? fallbackMessage),
    body: record,
  };
}

export function networkFailure(): ApiFailure {
  return { ok: false, status: 0, kind: 'network', message: REQUEST.checkConnection, body: null };
}

/** Calls the API; never throws for HTTP or network failures. */
export async function apiRequest<T>(method: ApiMethod, path: string, options: ApiRequestOptions = {}): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: string | undefined;
  if (options.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (isStateChanging(method)) {
    const crumb = readCookie(CRUMB_COOKIE);
    if (crumb) headers[CRUMB_HEADER] = crumb;
  }
  const controller = new AbortController();
  const onAbort = (): void => controller.abort();
  options.signal?.addEventListener('abort', onAbort);
  const timer = options.timeoutMs ? setTimeout(onAbort, options.timeoutMs) : undefined;
  let response: Response;
  try {
    response = await fetch(withQuery(path, options.query), {
      method, headers, body, credentials: 'same-origin', signal: controller.signal, keepalive: options.keepalive,
    });
  } catch {
    return networkFailure();
  } finally {
    if (timer) clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
  let parsed: unknown = null;
  const text = await response.text().catch(() => '');
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
  }
  if (response.ok) return { ok: true, status: response.status, data: parsed as T };
  return failureFromResponse(response.status, parsed, options.fallbackMessage ?? REQUEST.tryAgain);
}

export const api = {
  get: <T>(path: string, options?: ApiRequestOptions): Promise<ApiResult<T>> => apiRequest<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: ApiRequestOptions): Promise<ApiResult<T>> =>
    apiRequest<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: ApiRequestOptions): Promise<ApiResult<T>> =>
    apiRequest<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, options?: ApiRequestOptions): Promise<ApiResult<T>> => apiRequest<T>('DELETE', path, options),
};
