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
    if (answer.networkError) throw new TypeError('Failed to fetch');
    const status = answer.status ?? 200;
    const text = answer.body === undefined ? '' : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    return { ok: status >= 200 && status < 300, status, text: async () => text } as unknown as Response;
  });
  vi.stubGlobal('fetch', fake);
  return calls;
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
