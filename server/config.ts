import { networkInterfaces } from 'node:os';
import type { AppOptions, CaptchaOptions } from './deps.ts';
import { databaseUrlProblem, isPostgresUrl } from './db/database-url.ts';
import { serverMessages } from './messages.ts';
import { createLocalCaptcha } from './security/captcha.ts';

export interface ServerConfig {
  port: number;
  host: string;
  /** Server processes on this machine (WORKERS; default 1: no cluster). */
  workers: number;
  options: AppOptions;
  /** Settings worth a line in the start-up log (defaults an operator may want to change). */
  notices: string[];
}

/** Most server processes WORKERS may ask for on one machine. */
export const MAX_WORKERS = 64;

function readWorkers(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 1;
  const workers = Number(raw);
  if (!Number.isInteger(workers) || workers < 1 || workers > MAX_WORKERS) {
    throw new Error(`WORKERS must be a whole number from 1 to ${MAX_WORKERS}, got "${raw}"`);
  }
  return workers;
}

function readPort(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 3000;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a whole number from 0 to 65535, got "${raw}"`);
  }
  return port;
}

/** Most PostgreSQL connections DATABASE_POOL_SIZE may ask for per process. */
export const MAX_POOL_SIZE = 100;

/**
 * Connections each process keeps to PostgreSQL. Every process of every machine keeps its own,
 * and together they must stay under the server's max_connections (100 by default).
 */
/** SEED: true (the demo shop, the default), empty (the shop without its demo products and posts) or false. */
function readSeed(raw: string | undefined): boolean | 'empty' {
  if (raw === undefined || raw === '' || raw === 'true') return true;
  if (raw === 'false') return false;
  if (raw === 'empty') return 'empty';
  throw new Error(`SEED must be true, empty or false, got "${raw}"`);
}

/**
 * A switch (DATABASE_READONLY, TRUST_PROXY): true or false, off when unset. Anything else stops the
 * start: read as false, `DATABASE_READONLY=1` left a shop meant to be frozen for a move taking orders.
 */
function readSwitch(name: string, raw: string | undefined): boolean {
  if (raw === undefined || raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  throw new Error(`${name} must be true or false, got "${raw}"`);
}

/** The log's levels, pino's own: any other name stopped the start with pino's stack trace. */
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

function readLogLevel(raw: string | undefined): string {
  if (raw === undefined || raw === '') return 'info';
  if ((LOG_LEVELS as readonly string[]).includes(raw)) return raw;
  throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${raw}"`);
}

function readPoolSize(raw: string | undefined): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  const size = Number(raw);
  if (!Number.isInteger(size) || size < 1 || size > MAX_POOL_SIZE) {
    throw new Error(`DATABASE_POOL_SIZE must be a whole number from 1 to ${MAX_POOL_SIZE}, got "${raw}"`);
  }
  return size;
}

/**
 * DATABASE_URL: a postgres:// or postgresql:// URL, or none (the SQLite file of DATABASE_PATH).
 * Any other value would leave the shop on SQLite without a word, and a password whose @, #, / or ?
 * is not percent-encoded would connect elsewhere: both stop the start. The refusal never repeats
 * the value's credentials.
 */
function readDatabaseUrl(raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (!isPostgresUrl(raw)) {
    const scheme = /^[a-z][a-z0-9+.-]*:(\/\/)?/i.exec(raw)?.[0];
    const got = scheme === undefined ? 'one without a scheme' : `one starting "${scheme}"`;
    throw new Error(`DATABASE_URL must be a postgres:// or postgresql:// URL (leave it unset for the SQLite file of DATABASE_PATH), got ${got}`);
  }
  const problem = databaseUrlProblem(raw);
  if (problem !== null) throw new Error(problem);
  return raw;
}

/** Shortest CAPTCHA_SECRET accepted: a short HMAC key would let tokens be forged by guessing it. */
export const MIN_CAPTCHA_SECRET_LENGTH = 32;

/**
 * The built-in captcha is on unless CAPTCHA=off: a public shop's forms (contact, newsletter,
 * restock sign-up) are spam targets. Without CAPTCHA_SECRET tokens are signed with a key the
 * store makes once and keeps, so every process on the same database accepts every other's tokens
 * and they outlive a restart.
 */
function readCaptcha(env: NodeJS.ProcessEnv): CaptchaOptions | undefined {
  const mode = env.CAPTCHA ?? '';
  if (mode === 'off') return undefined;
  if (mode !== '' && mode !== 'local') throw new Error(`CAPTCHA must be "local" or "off", got "${mode}"`);
  const secret = env.CAPTCHA_SECRET || undefined;
  if (secret !== undefined && secret.length < MIN_CAPTCHA_SECRET_LENGTH) {
    throw new Error(`CAPTCHA_SECRET must be at least ${MIN_CAPTCHA_SECRET_LENGTH} characters long`);
  }
  return createLocalCaptcha({ secret });
}

/** HOST values that listen on every interface of the machine. */
export function listensEverywhere(host: string): boolean {
  return host === '0.0.0.0' || host === '::';
}

/**
 * The names a development request may give as its Host besides the loopback ones: HOST, those of
 * DEV_ALLOWED_HOSTS (comma-separated), and with HOST on every interface this machine's addresses
 * (an address cannot be rebound to another machine, as a name can).
 */
function devHostNames(env: NodeJS.ProcessEnv): string[] {
  const names: string[] = [];
  const host = env.HOST ?? '';
  if (listensEverywhere(host)) {
    for (const addresses of Object.values(networkInterfaces())) for (const { address } of addresses ?? []) names.push(address.includes(':') ? `[${address}]` : address);
  } else if (host !== '') names.push(host.includes(':') ? `[${host}]` : host);
  for (const name of (env.DEV_ALLOWED_HOSTS ?? '').split(',')) if (name.trim() !== '') names.push(name.trim());
  return names.map((name) => name.toLowerCase());
}

/** Reads the server settings from environment variables, with the documented defaults. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const captcha = readCaptcha(env);
  // development serves the author's machine alone: loopback unless HOST says otherwise
  const dev = env.NODE_ENV === 'development';
  const notices = captcha !== undefined && !env.CAPTCHA_SECRET ? [serverMessages.captchaStoredKeyLog] : [];
  return {
    port: readPort(env.PORT),
    host: env.HOST || (dev ? '127.0.0.1' : '0.0.0.0'),
    workers: readWorkers(env.WORKERS),
    options: {
      databasePath: env.DATABASE_PATH ?? 'data/store.db',
      databaseUrl: readDatabaseUrl(env.DATABASE_URL),
      databasePoolSize: readPoolSize(env.DATABASE_POOL_SIZE),
      readOnly: readSwitch('DATABASE_READONLY', env.DATABASE_READONLY),
      seed: readSeed(env.SEED),
      dev,
      devHosts: dev ? devHostNames(env) : undefined,
      templateDir: env.TEMPLATE_DIR || undefined,
      ownerPassword: env.OWNER_PASSWORD || undefined,
      uploadsDir: env.UPLOADS_DIR || undefined,
      productFilesDir: env.PRODUCT_FILES_DIR || undefined,
      trustProxy: readSwitch('TRUST_PROXY', env.TRUST_PROXY),
      logLevel: readLogLevel(env.LOG_LEVEL),
      mail: { smtpUrl: env.SMTP_URL || undefined, from: env.MAIL_FROM || undefined },
      captcha,
    },
    notices,
  };
}
