import express, { type Express, type Request, type Response } from 'express';
import helmet from 'helmet';
import { FAULT_RETRY_AFTER_SECONDS } from './db/storage-fault.ts';
import { serverMessages } from './messages.ts';

/**
 * Why the store cannot serve, as the visitor is told it: `maintenance` while the operator has to
 * act (a damaged or moved store, a failing migration), `outage` while the database server cannot
 * be reached for now and the store serves again by itself, `busy` when PostgreSQL had no
 * connection left for this one request, `storeBusy` when PostgreSQL kept this request waiting too
 * long (a lock held elsewhere, every connection of the pool in use).
 */
export type UnavailableKind = 'maintenance' | 'outage' | 'busy' | 'storeBusy';

const WORDING: Record<UnavailableKind, { title: string; text: string }> = {
  maintenance: { title: serverMessages.maintenanceTitle, text: serverMessages.maintenanceText },
  outage: { title: serverMessages.outageTitle, text: serverMessages.outageText },
  busy: { title: serverMessages.databaseFullTitle, text: serverMessages.databaseFull },
  storeBusy: { title: serverMessages.storeBusyTitle, text: serverMessages.storeBusy },
};

function unavailablePage(kind: UnavailableKind): string {
  const { title, text } = WORDING[kind];
  return '<!doctype html><html lang="en"><head><meta charset="utf-8">'
    + `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>`
    + `<body><main><h1>${title}</h1><p>${text}</p></main></body></html>`;
}

const PAGES: Record<UnavailableKind, string> = {
  maintenance: unavailablePage('maintenance'),
  outage: unavailablePage('outage'),
  busy: unavailablePage('busy'),
  storeBusy: unavailablePage('storeBusy'),
};

/** How long a client is asked to wait while the store cannot be opened (the operator mends it). */
const MAINTENANCE_RETRY_AFTER_SECONDS = 300;

/**
 * The maintenance answer (503): the health check fails as it does while PostgreSQL is
 * unreachable (`{"ok":false}`), other calls get the message of `kind` as JSON, and pages a
 * plain page saying it, which needs nothing from the store.
 */
export function sendMaintenance(req: Request, res: Response, retryAfterSeconds = MAINTENANCE_RETRY_AFTER_SECONDS, kind: UnavailableKind = 'maintenance'): void {
  res.set('Cache-Control', 'no-store');
  res.set('Retry-After', String(retryAfterSeconds));
  // the full path, wherever the handler answering is mounted
  const path = req.originalUrl.split('?', 1)[0]!;
  if (path === '/api/health') {
    res.status(503).json({ ok: false });
    return;
  }
  if (path === '/api' || path.startsWith('/api/')) {
    res.status(503).json({ message: WORDING[kind].text });
    return;
  }
  res.status(503).type('html').send(PAGES[kind]);
}

/**
 * What the process serves when the store cannot open its database (corrupt or unreadable file,
 * failing migration): every request answers 503, calls as JSON and pages as a plain maintenance
 * page, and the health check fails. The process stays up, so a supervisor does not restart it
 * in a loop; the operator fixes the file and restarts once. `kind` says, request by request, what
 * the visitor is told (a PostgreSQL server not reachable yet is an outage, not maintenance).
 */
export function createMaintenanceApp(kind: () => UnavailableKind = () => 'maintenance'): Express {
  const app = express();
  app.disable('x-powered-by');
  // The page has no script at all: helmet's default policy (scripts from this origin only) fits.
  app.use(helmet());
  app.use((req, res) => {
    const answered = kind();
    sendMaintenance(req, res, answered === 'maintenance' ? MAINTENANCE_RETRY_AFTER_SECONDS : FAULT_RETRY_AFTER_SECONDS, answered);
  });
  return app;
}
