import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, type StorefrontApp } from '../../../server/app.ts';
import type { AppOptions } from '../../../server/deps.ts';
import { testDatabaseUrl } from '../helpers/test-database.ts';
import { createLocalCaptcha, type LocalCaptcha } from '../../../server/security/captcha.ts';
import { CRUMB_COOKIE } from '../../../server/security/crumb.ts';
import { createSiteUserAccount } from '../../../server/security/site-user-accounts.ts';
import { SITE_USER_XSRF_HEADER } from '../../../server/security/site-user.ts';

export const OWNER_PASSWORD = 'correct horse battery staple';

export interface RunningServer {
  app: StorefrontApp;
  baseUrl: string;
  databasePath: string;
  captcha: LocalCaptcha;
  stop(): Promise<void>;
}

/** A temporary directory holding one test's database file. */
export function tempDatabasePath(): { path: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'platform-test-'));
  return { path: join(dir, 'store.db'), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A real storefront instance on an ephemeral port with the seeded owner account. */
export async function startServer(databasePath: string, overrides: Partial<AppOptions> = {}): Promise<RunningServer> {
  const captcha = createLocalCaptcha();
  const databaseUrl = overrides.databaseUrl ?? (await testDatabaseUrl(databasePath));
  const app = await createApp({ databasePath, databaseUrl, logLevel: 'silent', ownerPassword: OWNER_PASSWORD, captcha, ...overrides });
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const { port } = server.address() as AddressInfo;
  return {
    app,
    baseUrl: `http://127.0.0.1:${port}`,
    databasePath,
    // the app's captcha: its key (the store's when none is given) and ledger are the ones requests meet
    captcha: app.deps.captcha as LocalCaptcha,
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await app.close();
    },
  };
}

export async function addAccount(server: RunningServer, email: string, password: string, contributorRole?: number): Promise<void> {
  await createSiteUserAccount(server.app.deps, { email, password, contributorRole });
}

export interface CallOptions {
  method?: string;
  json?: unknown;
  form?: Record<string, string>;
  text?: string;
  headers?: Record<string, string>;
  /** Leave the crumb header off (to test crumb failures). */
  withoutCrumb?: boolean;
}

export interface CallResult {
  status: number;
  body: unknown;
  headers: Headers;
}

/** A browser-like client: keeps cookies, sends the crumb header and the site-user xsrf token. */
export class Visitor {
  readonly cookies = new Map<string, string>();
  xsrfToken: string | null = null;

  constructor(private readonly server: RunningServer) {}

  private store(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = decodeURIComponent(pair.slice(index + 1).trim());
      const expired = attributes.some((attribute) => /expires=Thu, 01 Jan 1970/i.test(attribute));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('; ');
  }

  /** Loads a page-ish URL so the crumb cookies exist. */
  async ensureCrumb(): Promise<void> {
    if (this.cookies.has(CRUMB_COOKIE)) return;
    await this.call('/api/health');
  }

  async call(path: string, options: CallOptions = {}): Promise<CallResult> {
    const method = options.method ?? (options.json !== undefined || options.form || options.text !== undefined ? 'POST' : 'GET');
    if (method !== 'GET' && !options.withoutCrumb) await this.ensureCrumb();
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader();
    if (method !== 'GET' && !options.withoutCrumb) headers['x-csrf-token'] = this.cookies.get(CRUMB_COOKIE) ?? '';
    if (this.xsrfToken && !(SITE_USER_XSRF_HEADER in headers)) headers[SITE_USER_XSRF_HEADER] = this.xsrfToken;
    let body: string | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(options.form).toString();
    } else if (options.text !== undefined) {
      headers['content-type'] = 'text/plain;charset=UTF-8';
      body = options.text;
    }
    const response = await fetch(this.server.baseUrl + path, { method, headers, body, redirect: 'manual' });
    this.store(response.headers);
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text === '' ? null : JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed, headers: response.headers };
  }

  async signIn(email: string, password: string, rememberMe = false): Promise<CallResult> {
    const result = await this.call('/api/site-users/account/session', { json: { email, password, rememberMe } });
    if (result.status === 200) this.xsrfToken = (result.body as { xsrfToken: string }).xsrfToken;
    return result;
  }
}

/** Waits until a condition holds (tracking rows are written just after the answer). */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 2000): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Field access on an untyped JSON answer. */
export function field(body: unknown, ...path: string[]): unknown {
  let value: unknown = body;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}
