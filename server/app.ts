import express, { Router, type Express } from 'express';
import helmet from 'helmet';
import { parse as parseQueryString } from 'node:querystring';
import type { AppDeps, AppOptions } from './deps.ts';
import { BUSY_TIMEOUT_MS } from './db/database.ts';
import { SqliteStore } from './db/sqlite-store.ts';
import { openStore, storeAddress } from './db/open-store.ts';
import { fillMessage, serverMessages } from './messages.ts';
import { migrate, migrationLabel } from './db/migrate.ts';
import { isEmptyStore, seedStore } from './db/seed.ts';
import { productFilesDir } from './store-folders.ts';
import { hasUnfinishedMove, UnfinishedMoveError } from './db/unfinished-move-mark.ts';
import { issueGiftCardsOwed } from './commerce/gift-cards-owed.ts';
import { fillMissingBodySearchText, fillMissingCategoryTagSearchText } from './db/product-search-text.ts';
import { inSeries } from './middleware-series.ts';
import { CorruptDatabaseError, databaseIntegrity, quickCheckProblems } from './db/database-integrity.ts';
import { createMaintenanceGuard } from './maintenance-guard.ts';
import { forApiPathsOnly } from './api/api-calls-router.ts';
import { createPlatformRouter } from './api/platform-routes.ts';
import { createAdminCalls } from './admin/admin-calls.ts';
import { jsonBodies } from './json-bodies.ts';
import { createAdminPages } from './admin/admin-page.ts';
import { storeClosedGuard } from './admin/store-closed-guard.ts';
import { BackgroundWork } from './background-work.ts';
import { startOutboxSweeper } from './email/outbox-sweeper.ts';
import { createCartRouter } from './api/cart.ts';
import { createCheckoutRouter } from './api/checkout-routes.ts';
import { followStoreLanguage } from './pages/store-language.ts';
import { createInventoryRouter } from './api/inventory.ts';
import { createNewsletterRouter } from './api/newsletter.ts';
import { createRestockRouter } from './api/restock.ts';
import { createSubscriptionRouter } from './api/subscription.ts';
import { isLocalCaptcha } from './security/captcha.ts';
import { bindCaptchaToStore } from './security/shared-captcha.ts';
import { crumbFailureHandler, crumbProtection, issueCrumbCookie } from './security/crumb.ts';
import { nativeCheckoutPostCrumbFailure } from './pages/checkout-native-post.ts';
import { exceptForFiles, onlyForFiles } from './security/file-requests.ts';
import { plainTextCookies } from './security/plain-cookies.ts';
import { apiNotFound, jsonErrorHandler } from './security/error-handlers.ts';
import { FAULT_RETRY_AFTER_SECONDS, isDatabaseFull, reportStorageFault, storageFault, unreachableFault } from './db/storage-fault.ts';
import { assignCspNonce, contentSecurityPolicy } from './security/content-security-policy.ts';
import { createLogger } from './logger.ts';
import { requestLog } from './request-log.ts';
import { stalledClients } from './slow-clients.ts';
import { compressedFiles } from './static-compression.ts';
import { createStorefrontPages } from './pages/index.ts';
import { devHostCheck } from './dev/host-check.ts';

/** Migrations named one by one on the line that says a start applied them; more are named by their first and last. */
const MIGRATIONS_NAMED = 5;

/** The spec's cap on query-string keys. */
export const MAX_QUERY_KEYS = 1000;

export interface StorefrontApp extends Express {
  deps: AppDeps;
  /** Closes the store; call after the HTTP server stopped. */
  close(): Promise<void>;
  /** Development: ends the reload streams and stops watching files, so the HTTP server can close. */
  stopWatching(): Promise<void>;
}

/**
 * Builds the storefront application around a freshly opened store: migrated (once, whichever
 * process gets there first) and seeded when empty, unless a move into it did not land
 * (UnfinishedMoveError). Does not listen.
 */
export async function createApp(options: AppOptions): Promise<StorefrontApp> {
  const log = createLogger({ level: options.logLevel ?? 'info', dev: options.dev === true });
  const { store, sqlite: db } = openStore(options, log);
  try {
    if (!options.readOnly) {
      const applied = await migrate(store);
      // a schema upgrade is said, once, by the process that made it
      if (applied.length > 0) {
        // named as every other line names it: the file's full path, or host:port/database without user or password
        const database = storeAddress(options);
        // a first start applies them all: the first and last named, the list in `migrations`, not twice on the line
        const said = applied.length <= MIGRATIONS_NAMED
          ? fillMessage(serverMessages.migrationsAppliedLog, { migrations: applied.map(migrationLabel).join(', '), database })
          : fillMessage(serverMessages.manyMigrationsAppliedLog, { first: migrationLabel(applied[0]!), last: migrationLabel(applied[applied.length - 1]!), count: applied.length, database });
        log.info({ database, migrations: applied }, said);
      }
    }
    if (options.readOnly) log.warn({ database: storeAddress(options) }, serverMessages.readOnlyLog);
    else if (await isEmptyStore(store)) {
      // a database a move began filling and never finished is the shop's, not a new install: no demo store there
      if (await hasUnfinishedMove(store)) throw new UnfinishedMoveError();
      const kind = options.seed === 'empty' ? 'empty' : 'demo';
      // false: another process starting at the same time seeded it first
      if (options.seed !== false && await seedStore(store, undefined, undefined, kind, options.seedAddress, productFilesDir(options))) log.info({ seed: kind }, serverMessages.storeSeededLog);
    }
    // a damaged file is found now rather than by the first visitor's page (main serves maintenance)
    const damage = db ? quickCheckProblems(db) : [];
    if (damage.length > 0) throw new CorruptDatabaseError(damage);
    // products of a store older than their search text get it (migrations 134, 141); none after the first start, and only on a sound file
    if (!options.readOnly) {
      await fillMissingBodySearchText(store);
      await fillMissingCategoryTagSearchText(store);
      // gift cards paid for before they were kept as cards (migration 143) are issued, not emailed; none after the first start
      await issueGiftCardsOwed(store, log);
    }
    // the start's work is done: a store opened with a short wait (a try of a locked file) now waits as every store does
    if (store instanceof SqliteStore && options.sqliteOpeningBusyTimeoutMs !== undefined) store.busyBudgetMs = options.sqliteBusyTimeoutMs ?? BUSY_TIMEOUT_MS;
    return await assembleApp(store, db, log, options);
  } catch (error) {
    // whatever step fails, nothing holds the store open after a failed start
    await store.close();
    throw error;
  }
}

/** The application's middleware, calls and pages around an opened, migrated store. */
async function assembleApp(store: AppDeps['store'], db: AppDeps['db'], log: AppDeps['log'], options: AppOptions): Promise<StorefrontApp> {
  // the built-in captcha remembers used tokens and wrong answers in the store, and signs with a key
  // every process on it shares, so processes agree
  const captcha = isLocalCaptcha(options.captcha)
    ? await bindCaptchaToStore(options.captcha, store, options.readOnly === true, log)
    : options.captcha;
  const deps: AppDeps = { store, db, log, options, captcha, background: new BackgroundWork(log) };
  const maintenanceGuard = createMaintenanceGuard(deps);

  const app = express() as StorefrontApp;
  app.disable('x-powered-by');
  // One proxy hop (the TLS terminator) is trusted; more would let clients forge their address.
  if (options.trustProxy) app.set('trust proxy', 1);
  app.set('query parser', (query: string) => parseQueryString(query, '&', '=', { maxKeys: MAX_QUERY_KEYS }));

  const secure = options.trustProxy === true;
  const bodyLimit = options.bodyLimit ?? '100kb';
  // What every request passes first, in this order: its log line, the answer to a client that
  // stalls, compression of the files pages load, headers, the maintenance answer of a damaged
  // database, cookies, bodies, then the crumb (not for those files: no cookie on what a cache in
  // front of the store may keep).
  app.use(inSeries(
    requestLog(log, storeAddress(options), { quietFiles: options.dev === true }),
    stalledClients(log, options.slowClients),
    // development answers this machine's names only (DNS rebinding); production its shop's name
    ...(options.dev === true ? [devHostCheck(options.devHosts ?? [], log)] : []),
    onlyForFiles(compressedFiles()),
    assignCspNonce,
    helmet({ contentSecurityPolicy: contentSecurityPolicy({ secure }) }),
    maintenanceGuard.guard,
    plainTextCookies,
    jsonBodies(bodyLimit),
    express.urlencoded({ extended: false, limit: bodyLimit, parameterLimit: MAX_QUERY_KEYS }),
    exceptForFiles(crumbProtection({ secure })),
    exceptForFiles(issueCrumbCookie({ secure })),
  ));

  // A store its owner closed sells nothing (the setting of the admin's settings screen).
  app.use(storeClosedGuard(deps));
  // Resolves the signed-in site user first so every later router can read it.
  app.use(await createPlatformRouter(deps));

  // Call routes: a page request passes them all in one test.
  const calls = Router();
  calls.use(createCartRouter(deps));
  calls.use(createCheckoutRouter(deps));
  calls.use(createSubscriptionRouter(deps));
  calls.use(createInventoryRouter(deps));
  calls.use(createRestockRouter(deps));
  calls.use(createNewsletterRouter(deps));
  calls.use(createAdminCalls(deps));
  const integrity = databaseIntegrity(store, db, log);
  calls.get('/api/health', async (req, res, next) => {
    try {
      await store.ping();
    } catch (error) {
      // an unreachable database server: the balancer takes this process out until it answers again
      if (store.dialect !== 'postgres') throw error;
      // said once a minute with the pages' and calls' own 503s, not once per probe
      const fault = storageFault(error) ?? unreachableFault(error);
      reportStorageFault(log, fault, req);
      // a server with no connection slot left answers, as does one keeping statements waiting (a
      // lock): this process is as healthy as its siblings, and taking it out of the balancer would
      // only load them more
      if (isDatabaseFull(fault) || fault.busy) {
        res.json({ ok: true });
        return;
      }
      res.status(503).set('Retry-After', String(FAULT_RETRY_AFTER_SECONDS)).json({ ok: false });
      return;
    }
    // ?deep=1 also reads every page of the file (quick_check, at most once per 10 s)
    if (req.query.deep === '1' && !integrity.deepCheck()) {
      maintenanceGuard.guard(req, res, next);
      return;
    }
    res.json({ ok: true });
  });
  app.use(forApiPathsOnly(calls));

  app.use('/api', apiNotFound);
  const pages = createStorefrontPages(deps);
  app.use(createAdminPages(deps));
  // the shopper's pages (and their error pages) are written in the store's language
  app.use(followStoreLanguage(deps));
  app.use(pages.router);
  app.use(pages.notFound);

  app.use(maintenanceGuard.onCorruption);
  // the checkout form posted natively carries no crumb: it leads back to the checkout, not to the crumb's page
  app.use(nativeCheckoutPostCrumbFailure);
  app.use(crumbFailureHandler);
  app.use('/api', jsonErrorHandler(log));
  app.use(pages.errorHandler);

  // emails a stopped process left pending are sent by whichever process sweeps first
  const stopSweeping = options.readOnly === true ? () => {} : startOutboxSweeper(deps);

  app.deps = deps;
  app.stopWatching = () => pages.close();
  app.close = async () => {
    stopSweeping();
    // tracking records queued and emails on their way reach the store before it closes
    await deps.background.settled();
    await pages.close();
    await store.close();
  };
  return app;
}
