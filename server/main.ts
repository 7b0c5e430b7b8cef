import type { RequestListener, Server } from 'node:http';
import { createApp, type StorefrontApp } from './app.ts';
import { missingClientBuildNotice } from './client-build-notice.ts';
import { givesStartupAdvice, isClusterPrimary, CANNOT_SERVE_EXIT_CODE, superviseWorkers } from './cluster.ts';
import { listensEverywhere, readConfig, type ServerConfig } from './config.ts';
import { isDatabaseFull, isStoreLocked, storageFault, storageFaultCode } from './db/storage-fault.ts';
import { warnOfConnectionBudget } from './db/connection-budget.ts';
import { databaseRole } from './db/database-url.ts';
import { MigrationsNotPermittedError, NewerSchemaError, UnbuiltMigrationsError } from './db/migrate.ts';
import { isPostgresUrl, storeAddress } from './db/open-store.ts';
import { UnfinishedMoveError } from './db/unfinished-move-mark.ts';
import { createLogger } from './logger.ts';
import { createMaintenanceApp, type UnavailableKind } from './maintenance-app.ts';
import { SiteRepository } from './db/site-repository.ts';
import { storeAddressNotice } from './admin/store-address.ts';
import { warnOfMissingUploads } from './admin/missing-uploads.ts';
import { fillMessage, serverMessages } from './messages.ts';
import { TemplateFolderError } from './theme/folder-cache.ts';
import { themeMessages } from './theme/theme-messages.ts';
import { templateDirProblem } from './theme/template-dir-check.ts';
import { createHttpServer } from './slow-clients.ts';
import { nestedStoreFoldersProblem } from './store-folders-apart.ts';
import { storeFolderNotAFolder, unwritableStoreFolders } from './store-folders-check.ts';
import { productFilesDir, uploadsDir } from './store-folders.ts';
import { removeAbandonedPartials, removePartialFilesNow } from './admin/partial-files.ts';
import { CUT_OFF_EXIT_CODE, DRAIN_DEADLINE_MS, RequestsInFlight } from './requests-in-flight.ts';
import { backfillColorData } from './admin/color-data-backfill.ts';

const config = readConfigOrStop();
const database = storeAddress(config.options);
// Readable lines in development, as the app's own log: a refused start (a TEMPLATE_DIR that is no folder) is said before the app exists.
const bootLog = createLogger({ level: config.options.logLevel ?? 'info', dev: config.options.dev === true });

/**
 * The settings from the environment; one that is not valid (PORT=abc), or folders the store cannot
 * serve from (the product files inside the uploads folder, a folder setting that names a file), is
 * said in one log line, and the start stops. The commands (npm run backup, password) read the same settings without the folders' check:
 * a shop set up so still needs its backup.
 */
function readConfigOrStop(): ServerConfig {
  try {
    const read = readConfig();
    const nested = nestedStoreFoldersProblem(read.options) ?? storeFolderNotAFolder(read.options);
    if (nested !== null) throw new Error(nested);
    return read;
  } catch (error) {
    createLogger({ level: 'info', dev: process.env.NODE_ENV === 'development' }).error(error instanceof Error ? error.message : String(error));
    process.exit(CANNOT_SERVE_EXIT_CODE);
  }
}
/** How often a process that could not reach its PostgreSQL server, or found its SQLite file locked, at start-up tries again. */
const RECONNECT_INTERVAL_MS = 2_000;
/**
 * How long each of those tries waits for the SQLite file's lock. better-sqlite3 waits synchronously,
 * so the whole process stands still meanwhile: with the busy timeout's 5 s, the maintenance page and
 * the health check would wait 5 s of every 7. The first try waits the full busy timeout: nothing is
 * served yet (the port opens after it), and a lock that ends within it (a WORKERS sibling's
 * migration, npm run password) is waited out without a maintenance spell or an error line.
 */
const RETRY_BUSY_TIMEOUT_MS = 100;

// A mistyped TEMPLATE_DIR stops the start before the store is opened: no store file is made and seeded for it.
const templateDirRefusal = config.options.templateDir === undefined ? null : templateDirProblem(config.options.templateDir);
if (templateDirRefusal !== null) {
  bootLog.error({ folder: config.options.templateDir, problems: `${config.options.templateDir} ${templateDirRefusal}` }, themeMessages.folderUnservableLog);
  process.exit(CANNOT_SERVE_EXIT_CODE);
}

if (isClusterPrimary(config.workers)) {
  superviseWorkers(config.workers, bootLog, (port) => {
    const url = openingUrl(port);
    const store = isPostgresUrl(config.options.databaseUrl)
      ? fillMessage(serverMessages.postgresStoreLog, { address: database })
      : fillMessage(serverMessages.sqliteStoreLog, { path: database });
    bootLog.info({ workers: config.workers, url, database }, fillMessage(serverMessages.workersServingLog, { workers: config.workers, url, store }));
  });
} else {
  await serve();
}

/**
 * The store, or the reason it could not be opened (logged once per distinct reason) and whether
 * waiting may mend it. `lastReason` is that of the try before, null on the first.
 */
async function openStorefront(lastReason: string | null): Promise<{ app: StorefrontApp } | { reason: string; retried: boolean; awaitingMove?: boolean }> {
  try {
    // a store made now is given the address it is opened at (a port chosen at run time, 0, has none yet)
    const options = config.port === 0 ? config.options : { ...config.options, seedAddress: openingUrl(config.port) };
    return { app: await createApp(lastReason === null ? options : { ...options, sqliteOpeningBusyTimeoutMs: RETRY_BUSY_TIMEOUT_MS }) };
  } catch (err) {
    if (err instanceof TemplateFolderError) {
      // Not the store: the theme. The maintenance page would send the operator after the database.
      bootLog.error({ folder: config.options.templateDir, problems: err.message }, themeMessages.folderUnservableLog);
      process.exit(CANNOT_SERVE_EXIT_CODE);
    }
    if (err instanceof NewerSchemaError) {
      // This build does not know the tables a newer one made: serving would go wrong, waiting would not mend it.
      bootLog.error({ database, migrations: err.migrations }, err.message);
      process.exit(CANNOT_SERVE_EXIT_CODE);
    }
    if (err instanceof UnbuiltMigrationsError) {
      // The sources were updated and not built: the old build would serve on a schema it does not know.
      bootLog.error({ database, migrations: err.migrations }, err.message);
      process.exit(CANNOT_SERVE_EXIT_CODE);
    }
    if (err instanceof MigrationsNotPermittedError && config.options.databaseUrl !== undefined) {
      // A role that may not make tables (a database it does not own) is for the operator to mend: trying again would not.
      bootLog.error({ database, code: err.code, reason: err.message }, fillMessage(serverMessages.migrationsNotPermittedLog, { role: databaseRole(config.options.databaseUrl), reason: err.message }));
      process.exit(CANNOT_SERVE_EXIT_CODE);
    }
    if (err instanceof UnfinishedMoveError) {
      // The database answers, empty where a move did not land: it is looked at again until a move fills it, never seeded.
      if (err.message !== lastReason) bootLog.error({ database }, err.message);
      return { reason: err.message, retried: true, awaitingMove: true };
    }
    const reason = err instanceof Error ? err.message : String(err);
    // PostgreSQL is tried again until it opens, and so is a SQLite file another process holds locked (a
    // WORKERS sibling's long migration, a command's transaction, the claim of npm run move-to-postgres,
    // which once ended leaves the file to take over or, moved, to refuse); any other SQLite fault waits
    // for the operator to mend it and restart
    const retried = isPostgresUrl(config.options.databaseUrl) || isStoreLocked(err);
    const said = isDatabaseFull(storageFault(err)) ? serverMessages.startupTooManyClientsLog
      : retried ? serverMessages.startupFailureRetriedLog : serverMessages.startupFailureLog;
    if (reason !== lastReason) bootLog.error({ database, code: storageFaultCode(err), reason }, said);
    return { reason, retried };
  }
}

/**
 * One server process. When the store cannot be opened it serves the maintenance page (503 for
 * pages, calls and health) instead of exiting into a supervisor's crash loop; a PostgreSQL server
 * that is not reachable yet, or a SQLite file another process holds locked, is tried again until
 * it opens, and the store then takes over.
 */
async function serve(): Promise<void> {
  // until the store opens: a PostgreSQL server not reachable yet is an outage that mends itself,
  // not maintenance (a damaged file, a move that did not land are the operator's to mend)
  let unavailable: UnavailableKind = 'maintenance';
  const maintenance = createMaintenanceApp(() => unavailable);
  let app: StorefrontApp | null = null;
  // Express applications are request listeners; the one answering changes when the store opens late.
  let handler = maintenance as unknown as RequestListener;
  let stopping = false;

  const opened = await openStorefront(null);
  if ('app' in opened) {
    app = opened.app;
    handler = app as unknown as RequestListener;
  } else if (opened.retried) {
    let lastReason = opened.reason;
    let awaitingMove = opened.awaitingMove === true;
    const kindOf = (): UnavailableKind => (isPostgresUrl(config.options.databaseUrl) && !awaitingMove ? 'outage' : 'maintenance');
    unavailable = kindOf();
    const retry = async (): Promise<void> => {
      if (stopping) return;
      const next = await openStorefront(lastReason);
      if ('app' in next) {
        app = next.app;
        handler = app as unknown as RequestListener;
        app.deps.log.info({ database }, awaitingMove ? serverMessages.movedStoreArrivedLog : serverMessages.databaseReachedLog);
      } else if (next.retried) {
        lastReason = next.reason;
        // a try that waited out the statement timeout behind a move's copy is still waiting for that move
        awaitingMove ||= next.awaitingMove === true;
        unavailable = kindOf();
        setTimeout(() => void retry(), RECONNECT_INTERVAL_MS).unref();
      }
    };
    setTimeout(() => void retry(), RECONNECT_INTERVAL_MS).unref();
  }

  const log = app?.deps.log ?? bootLog;
  // time limits for clients that send or read slowly (server/README.md, Security)
  // counted, so a shutdown that runs out of time can say what it cut off
  const inFlight = new RequestsInFlight();
  const server: Server = createHttpServer((req, res) => {
    inFlight.track(req, res);
    handler(req, res);
  }, config.options.slowClients);
  // A port that is taken or not allowed is the operator's to fix: said in one line, not a stack trace.
  server.on('error', (err: NodeJS.ErrnoException) => {
    const message = err.code === 'EADDRINUSE' ? serverMessages.portInUseLog : err.code === 'EACCES' || err.code === 'EADDRNOTAVAIL' ? serverMessages.portDeniedLog : undefined;
    if (message === undefined || server.listening) throw err;
    log.error({ port: config.port, host: config.host, code: err.code }, fillMessage(message, { port: config.port, host: config.host }));
    void (app?.close() ?? Promise.resolve()).finally(() => process.exit(CANNOT_SERVE_EXIT_CODE));
  });
  server.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === 'object' && address !== null ? address.port : config.port;
    const url = openingUrl(port);
    log.info({ port, database, url, ...(app ? {} : { maintenance: true }) }, fillMessage(serverMessages.listeningLog, { url }));
    if (config.options.dev && listensEverywhere(config.host)) log.warn({ host: config.host }, fillMessage(serverMessages.devListensEverywhereLog, { host: config.host }));
    if (givesStartupAdvice()) {
      for (const notice of config.notices) log.warn(notice);
      const clientBuild = missingClientBuildNotice();
      if (clientBuild !== null) log.warn(clientBuild);
      if (app !== null && !config.options.dev) void warnOfLocalStoreAddress(app, url);
      // every process of the machine keeps its own pool: WORKERS × DATABASE_POOL_SIZE against max_connections
      if (app !== null) void warnOfConnectionBudget(app.deps.store, { workers: config.workers, poolSize: config.options.databasePoolSize }, app.deps.log);
      // uploaded files live on disk beside the rows: a start without their folder breaks every image
      if (app !== null) void warnOfMissingUploads(app.deps.store, config.options, app.deps.log);
      // a folder the process cannot write serves what it holds, but refuses uploads (store-folders-check.ts)
      if (config.options.readOnly !== true) for (const { details, message } of unwritableStoreFolders(config.options)) log.warn(details, message);
      // upload files a process killed mid-write left under their temporary names (partial-files.ts)
      if (app !== null && config.options.readOnly !== true) removeAbandonedPartials([uploadsDir(config.options), productFilesDir(config.options)], app.deps.log);
      // images stored before their colours were read on upload (colorData): read in the background, start-up unslowed
      if (app !== null) {
        const { deps } = app;
        deps.background.start(() => backfillColorData(deps.store, uploadsDir(config.options), deps.log));
      }
    }
  });

  // Graceful: stop accepting, let requests in flight finish, close the store, exit 0. What is still
  // running after DRAIN_DEADLINE_MS (a slow upload, a mail server that does not answer) is cut off:
  // said in one line, partly written uploads removed, exit CUT_OFF_EXIT_CODE.
  const shutDown = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    // Development pages hold a reload stream open; it would keep close() waiting.
    void app?.stopWatching();
    server.close(() => {
      void (app?.close() ?? Promise.resolve()).finally(() => process.exit(0));
    });
    // Idle keep-alive sockets would hold close() open.
    server.closeIdleConnections();
    setTimeout(() => {
      const partials = removePartialFilesNow();
      const cutOff = { requests: inFlight.count, kinds: inFlight.kinds(), work: app?.deps.background.running ?? 0, partials };
      log.warn({ signal, ...cutOff, exitCode: CUT_OFF_EXIT_CODE }, fillMessage(serverMessages.drainCutOffLog, { seconds: DRAIN_DEADLINE_MS / 1000, ...cutOff, code: CUT_OFF_EXIT_CODE }));
      process.exit(CUT_OFF_EXIT_CODE);
    }, DRAIN_DEADLINE_MS).unref();
  };
  process.on('SIGINT', () => shutDown('SIGINT'));
  process.on('SIGTERM', () => shutDown('SIGTERM'));
}

/** The address to open: a server on every interface (the default) is reached as localhost. */
function openingUrl(port: number): string {
  const everywhere = config.host === '0.0.0.0' || config.host === '::' || config.host === '';
  const host = everywhere ? 'localhost' : config.host.includes(':') ? `[${config.host}]` : config.host;
  return `http://${host}:${port}`;
}

/** Says at start-up when emails and search engines would be sent to an address shoppers cannot open. */
async function warnOfLocalStoreAddress(app: StorefrontApp, listeningUrl: string): Promise<void> {
  try {
    const address = (await new SiteRepository(app.deps.store).website()).baseUrl;
    const notice = storeAddressNotice({ address, listeningUrl, public: process.env.NODE_ENV === 'production' || config.options.trustProxy === true });
    if (notice !== null) app.deps.log.warn({ address }, notice);
  } catch {
    // A store that cannot be read now says so on the first request; this is only advice.
  }
}
