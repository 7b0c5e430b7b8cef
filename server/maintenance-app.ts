import express, { type Express, type Request, type Response } from 'express';
import helmet from 'helmet';
import { serverMessages } from './messages.ts';

const MAINTENANCE_PAGE = '<!doctype html><html lang="en"><head><meta charset="utf-8">'
  + `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${serverMessages.maintenanceTitle}</title></head>`
  + `<body><main><h1>${serverMessages.maintenanceTitle}</h1><p>${serverMessages.maintenanceText}</p></main></body></html>`;

/** How long a client is asked to wait while the store cannot be opened (the operator mends it). */
const MAINTENANCE_RETRY_AFTER_SECONDS = 300;

/**
 * The maintenance answer (503): the health check fails as it does while PostgreSQL is
 * unreachable (`{"ok":false}`), other calls get the maintenance message as JSON, and pages a
 * plain maintenance page, which needs nothing from the store.
 */
export function sendMaintenance(req: Request, res: Response, retryAfterSeconds = MAINTENANCE_RETRY_AFTER_SECONDS): void {
  res.set('Cache-Control', 'no-store');
  res.set('Retry-After', String(retryAfterSeconds));
  // the full path, wherever the handler answering is mounted
  const path = req.originalUrl.split('?', 1)[0]!;
  if (path === '/api/health') {
    res.status(503).json({ ok: false });
    return;
  }
  if (path === '/api' || path.startsWith('/api/')) {
    res.status(503).json({ message: serverMessages.maintenanceText });
    return;
  }
  res.status(503).type('html').send(MAINTENANCE_PAGE);
}

/**
 * What the process serves when the store cannot open its database (corrupt or unreadable file,
 * failing migration): every request answers 503, calls as JSON and pages as a plain maintenance
 * page, and the health check fails. The process stays up, so a supervisor does not restart it
 * in a loop; the operator fixes the file and restarts once.
 */
export function createMaintenanceApp(): Express {
  const app = express();
  app.disable('x-powered-by');
  // The page has no script at all: helmet's default policy (scripts from this origin only) fits.
  app.use(helmet());
  app.use((req, res) => sendMaintenance(req, res));
  return app;
}
