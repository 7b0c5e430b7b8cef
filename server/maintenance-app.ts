import express, { type Express } from 'express';
import helmet from 'helmet';
import { serverMessages } from './messages.ts';

const MAINTENANCE_PAGE = '<!doctype html><html lang="en"><head><meta charset="utf-8">'
  + `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${serverMessages.maintenanceTitle}</title></head>`
  + `<body><main><h1>${serverMessages.maintenanceTitle}</h1><p>${serverMessages.maintenanceText}</p></main></body></html>`;

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
  app.use((req, res) => {
    res.set('Cache-Control', 'no-store');
    res.set('Retry-After', '300');
    if (req.path === '/api' || req.path.startsWith('/api/')) {
      res.status(503).json({ message: serverMessages.maintenanceText });
      return;
    }
    res.status(503).type('html').send(MAINTENANCE_PAGE);
  });
  return app;
}
