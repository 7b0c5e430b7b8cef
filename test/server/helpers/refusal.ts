import { expect } from 'vitest';
import type { BackgroundWork } from '../../../server/background-work.ts';
import type { StoreSession } from '../../../server/db/store.ts';
import { databaseDigest } from './database-digest.ts';
import { ON_POSTGRES } from './test-database.ts';

export interface CallAnswer {
  status: number;
  body: unknown;
  headers: Headers;
}

export interface ExpectedRefusal {
  /** The status (or one of the statuses) the refusal must have; any 4xx but 429 when absent. */
  status?: number | readonly number[];
  /** The exact catalogue message, or a pattern the message must match (e.g. the field's name). */
  message?: string | RegExp;
}

/** The store a refusal must leave as it was, with the app's background work where the test has it at hand. */
export type RefusalStore = StoreSession | { store: StoreSession; background: BackgroundWork };

/**
 * Tracking calls answer first and write on the next turn of the event loop; let that happen:
 * until the app's background work (where those writes run) has ended, or else for a moment.
 */
export async function settleWrites(background?: BackgroundWork): Promise<void> {
  if (background) await background.settled();
  else await new Promise((resolve) => setTimeout(resolve, 25));
}

const storeOf = (target: RefusalStore): StoreSession => ('background' in target ? target.store : target);
const backgroundOf = (target: RefusalStore): BackgroundWork | undefined => ('background' in target ? target.background : undefined);

/** A stack frame or a source path in an answer means internals leaked to the visitor. */
const LEAKED_INTERNALS = /\bat .+\.(ts|js):\d+|node_modules|SQLITE_|\/(server|engine)\//;

/**
 * Sends one bad call and proves it was refused the way a client can use: a 4xx status (never a
 * 500, never 429 hiding the real answer), a JSON body whose message says what is wrong without
 * leaking internals, and not one row of the database added, removed or changed.
 */
export async function expectRefused(
  target: RefusalStore,
  send: () => Promise<CallAnswer>,
  expected: ExpectedRefusal = {},
): Promise<{ status: number; message: string; body: Record<string, unknown> }> {
  const store = storeOf(target);
  await settleWrites(backgroundOf(target));
  const before = await databaseDigest(store);
  const answer = await send();
  const shown = JSON.stringify(answer.body)?.slice(0, 300);
  expect(answer.status, shown).toBeGreaterThanOrEqual(400);
  expect(answer.status, shown).toBeLessThan(500);
  expect(answer.status, shown).not.toBe(429);
  if (expected.status !== undefined) {
    const allowed: readonly number[] = typeof expected.status === 'number' ? [expected.status] : expected.status;
    expect(allowed, shown).toContain(answer.status);
  }
  expect(answer.headers.get('content-type') ?? '', shown).toContain('application/json');
  const body = answer.body as Record<string, unknown>;
  const message = body?.message;
  expect(typeof message, shown).toBe('string');
  expect((message as string).trim().length, shown).toBeGreaterThan(0);
  expect(shown).not.toMatch(LEAKED_INTERNALS);
  if (typeof expected.message === 'string') expect(message).toBe(expected.message);
  else if (expected.message) expect(message).toMatch(expected.message);
  await settleWrites(backgroundOf(target));
  expect(await databaseDigest(store)).toEqual(before);
  return { status: answer.status, message: message as string, body };
}

/**
 * The page form posts and page URLs answer a browser, so a refusal there is an HTML page: a 4xx
 * status (never a 500), no internals in it, and nothing written.
 */
export async function expectPageRefused(
  target: RefusalStore,
  send: () => Promise<CallAnswer & { text: string }>,
  status: number | readonly number[],
): Promise<string> {
  const store = storeOf(target);
  await settleWrites(backgroundOf(target));
  const before = await databaseDigest(store);
  const answer = await send();
  const allowed: readonly number[] = typeof status === 'number' ? [status] : status;
  expect(allowed, answer.text.slice(0, 300)).toContain(answer.status);
  expect(answer.headers.get('content-type') ?? '').toContain('text/html');
  expect(answer.text).not.toMatch(LEAKED_INTERNALS);
  await settleWrites(backgroundOf(target));
  expect(await databaseDigest(store)).toEqual(before);
  return answer.text;
}

/** Strings that break naive SQL, HTML or text handling; stored as text they must stay harmless. */
export const HOSTILE_TEXT = {
  sql: "x'); DROP TABLE site_users; --",
  sqlTautology: "' OR '1'='1",
  controlAndUnicode: 'a\u0000b\u0007c\u001b[31m\u202eé𝒳\uFFFF',
  rightToLeft: '\u202Egnp.exe',
} as const;

/** A JSON body of just over 10 MB: past any body limit the server has. */
export function tenMegabyteJson(field = 'padding'): string {
  return JSON.stringify({ [field]: 'x'.repeat(10 * 1024 * 1024) });
}

/** Bodies that are not the object a JSON call expects. */
export const NOT_AN_OBJECT: ReadonlyArray<readonly [string, string]> = [
  ['a JSON array', '[1,2,3]'],
  ['a bare string', '"hello"'],
  ['a bare number', '42'],
  ['JSON null', 'null'],
];

/** Text as the store of this run keeps it: PostgreSQL cannot hold U+0000 and keeps U+FFFD in its place. */
export function asStored(text: string): string {
  return ON_POSTGRES ? text.replaceAll('\u0000', '\uFFFD') : text;
}
