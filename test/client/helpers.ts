/** Test helpers for island component tests: a scripted fetch and microtask settling. */
import { act } from '@testing-library/react';
import { vi } from 'vitest';

export interface FetchCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

export interface ScriptedAnswer {
  status?: number;
  body?: unknown;
  /** Simulates a network failure. */
  networkError?: boolean;
  /** Answers only once this settles (a slow upload, for what happens meanwhile). */
  after?: Promise<unknown>;
  /** Response headers (Retry-After, …). */
  headers?: Record<string, string>;
}

type Route = { method: string; path: RegExp | string; answer: ScriptedAnswer | ((call: FetchCall) => ScriptedAnswer) };

/** Replaces global fetch; answers come from the first matching route (each route may be used many times). */
export function scriptFetch(routes: Route[]): FetchCall[] {
  const calls: FetchCall[] = [];
  const fake = vi.fn(async (input: string, init: RequestInit = {}) => {
    const method = (init.method ?? 'GET').toUpperCase();
    const url = String(input);
    let body: unknown = init.body;
    if (typeof init.body === 'string') {
      try {
        body = JSON.parse(init.body);
      } catch {
        body = init.body;
      }
    }
    const call: FetchCall = { method, url, headers: { ...(init.headers as Record<string, string>) }, body };
    calls.push(call);
    const route = routes.find((r) => r.method === method && (typeof r.path === 'string' ? url.split('?')[0] === r.path : r.path.test(url)));
    const answer = !route ? { status: 404, body: { message: 'no route' } } : typeof route.answer === 'function' ? route.answer(call) : route.answer;
    if (answer.after) await answer.after;
    if (answer.networkError) throw new TypeError('Failed to fetch');
    const status = answer.status ?? 200;
    const text = answer.body === undefined ? '' : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    return { ok: status >= 200 && status < 300, status, headers: new Headers(answer.headers ?? {}), text: async () => text } as unknown as Response;
  });
  vi.stubGlobal('fetch', fake);
  vi.stubGlobal('XMLHttpRequest', uploadsThrough(fake));
  return calls;
}

/**
 * An XMLHttpRequest (the admin's uploads, for their progress) answered by the scripted fetch:
 * the body is reported sent in full, then the route's answer loads, or a network failure errors.
 */
function uploadsThrough(fetchFake: (input: string, init: RequestInit) => Promise<Response>) {
  return class ScriptedRequest extends EventTarget {
    readonly upload = new EventTarget();
    status = 0;
    responseText = '';
    private responseHeaders: Headers = new Headers();
    private method = 'GET';
    private url = '';
    private readonly headers: Record<string, string> = {};
    open(method: string, url: string): void {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string): void {
      this.headers[name] = value;
    }
    getResponseHeader(name: string): string | null {
      return this.responseHeaders.get(name);
    }
    send(body: BodyInit | null = null): void {
      this.upload.dispatchEvent(Object.assign(new Event('progress'), { lengthComputable: true, loaded: 1, total: 1 }));
      void fetchFake(this.url, { method: this.method, headers: this.headers, body }).then(async (response) => {
        this.status = response.status;
        this.responseHeaders = response.headers;
        this.responseText = await response.text();
        this.dispatchEvent(new Event('load'));
      }, () => this.dispatchEvent(new Event('error')));
    }
  };
}

/** Lets pending promise chains (fetch answers, state updates) run. */
export async function settle(): Promise<void> {
  await act(async () => {
    for (let i = 0; i < 20; i += 1) await Promise.resolve();
  });
}

/** Advances fake timers inside act and settles promises. */
export async function advance(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
  await settle();
}

export function setCookies(...cookies: string[]): void {
  for (const cookie of cookies) document.cookie = `${cookie}; path=/`;
}

export function clearCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
}
