import type { SeedKind } from './db/seed.ts';
import type Database from 'better-sqlite3';
import type { Logger } from 'pino';
import type { BackgroundWork } from './background-work.ts';
import type { Store } from './db/store.ts';
import type { MailOptions } from './email/mailer.ts';
import type { PaymentProvider } from './payments/payment-provider.ts';
import type { CaptchaAction } from './security/captcha.ts';
import type { RateLimitOptions } from './security/rate-limit-table.ts';
import type { SlowClientLimits } from './slow-clients.ts';

export type { RateLimitOptions } from './security/rate-limit-table.ts';

/** Captcha checking, when the site has a captcha configured. */
export interface CaptchaOptions {
  /** Public key printed into pages; its presence turns the captcha requirement on. */
  siteKey: string;
  /** Decides whether a token sent by a visitor is valid for the action it guards (and uses it up). */
  verify: (token: string, action: CaptchaAction) => boolean | Promise<boolean>;
}

export interface AppOptions {
  /** SQLite file; ':memory:' is accepted for throwaway instances. Unused when databaseUrl is set. */
  databasePath: string;
  /** postgres://… runs the store on that PostgreSQL database instead of the SQLite file. */
  databaseUrl?: string;
  /** PostgreSQL connections this process keeps at most (DATABASE_POOL_SIZE; default 10). */
  databasePoolSize?: number;
  /** Serve the store from a database opened read-only: pages work, every change answers 503. */
  readOnly?: boolean;
  /** PostgreSQL's statement timeout (default 15 s): tests that lock a table pass a short one; not a setting. */
  postgresStatementTimeoutMs?: number;
  /** The SQLite file's busy timeout (default 5 s): tests that lock the file pass a short one; not a setting. */
  sqliteBusyTimeoutMs?: number;
  /**
   * How long the start (opening, migrating, seeding) waits for another process's lock on the SQLite
   * file (default sqliteBusyTimeoutMs); the store then waits sqliteBusyTimeoutMs. main.ts's tries
   * of a file found locked pass a short one: the wait holds the whole process still. Not a setting.
   */
  sqliteOpeningBusyTimeoutMs?: number;
  /**
   * What an empty database gets on open: true or 'demo' the demo shop of fixtures/seed (default),
   * 'empty' the shop's frame without its demo products and posts, false nothing.
   */
  seed?: boolean | SeedKind;
  /**
   * The store address a new store is seeded with (website.baseUrl): where this server is opened,
   * so a first start on another port links its pages there. Default: the seed's, http://localhost:3000.
   */
  seedAddress?: string;
  /** Development mode: templates are re-read when their file changes, pages reload live and show template errors. */
  dev?: boolean;
  /**
   * Development: the host names besides localhost, 127.0.0.1 and [::1] a request may name in its
   * Host header (HOST when it is one address, DEV_ALLOWED_HOSTS, this machine's addresses when
   * HOST is every interface). Others are refused, against DNS rebinding.
   */
  devHosts?: string[];
  /**
   * The theme: a developer-template folder (with template.conf) or a folder of single .tmpl
   * pages; the project's own templates/ when absent.
   */
  templateDir?: string;
  /** Folder of the images uploaded in the admin (default: uploads beside the SQLite file). */
  uploadsDir?: string;
  /** Folder of digital products' files, never served statically (default: product-files beside the uploads folder). */
  productFilesDir?: string;
  /** Largest file a digital product may have, in bytes (default 100 MB; tests set a small one to reach the 413). */
  maxProductFileBytes?: number;
  /** Password of the seeded owner account; generated and logged when absent. */
  ownerPassword?: string;
  captcha?: CaptchaOptions;
  /** Request budgets per client and window (defaults: RATE_LIMIT_TABLE in security/rate-limit-table.ts). */
  rateLimits?: Partial<RateLimitOptions>;
  /** Treat requests as arriving over https behind a proxy (Secure cookies, trust proxy). */
  trustProxy?: boolean;
  /** Largest JSON or form body accepted, in express size notation (default '100kb'). */
  bodyLimit?: string;
  /** How long a client may take to send its request or read the answer (defaults: SLOW_CLIENT_LIMITS in slow-clients.ts; tests pass small ones). */
  slowClients?: Partial<SlowClientLimits>;
  /** pino level name (default 'info'; tests use 'silent'). */
  logLevel?: string;
  /** The checkout's payment provider (default: the built-in test provider, test cards only). */
  payments?: PaymentProvider;
  /** Email delivery (SMTP_URL); without a server emails stay in the outbox for the owner. */
  mail?: MailOptions;
}

/** Everything a router or page builder needs, passed explicitly instead of through globals. */
export interface AppDeps {
  /** The store every repository speaks to (SQLite or PostgreSQL). */
  store: Store;
  /**
   * The SQLite connection under the store, for what only SQLite has (quick_check of the file);
   * absent on PostgreSQL. Repositories never use it: they speak to `store`.
   */
  db?: Database.Database;
  log: Logger;
  options: AppOptions;
  /** options.captcha, remembering through this app's database (tokens used, wrong answers). */
  captcha?: CaptchaOptions;
  /** Work calls start after answering; closing the app waits for it. */
  background: BackgroundWork;
}
