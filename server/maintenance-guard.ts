import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { AppDeps } from './deps.ts';
import { databaseIntegrity, isCorruptionError } from './db/database-integrity.ts';
import { createMaintenanceApp } from './maintenance-app.ts';

/**
 * Turns the store into its maintenance page (503 for pages, calls and health alike) once the
 * database is known to be corrupt: a query failed with a corruption error, or the deep health
 * check's quick_check found damage. Serving on from a damaged file would answer 500s or wrong
 * data; the operator restores a backup and restarts.
 */
export function createMaintenanceGuard(deps: AppDeps): { guard: RequestHandler; onCorruption: ErrorRequestHandler } {
  const integrity = databaseIntegrity(deps.store, deps.db, deps.log);
  const maintenance = createMaintenanceApp();
  return {
    /** First in the chain: once corrupt, every request gets the maintenance answer. */
    guard: (req, res, next) => {
      if (integrity.corruption === null) next();
      else maintenance(req, res);
    },
    /** Before the other error handlers: a corruption error answers (and switches to) maintenance. */
    onCorruption: (err, req, res, next) => {
      if (!isCorruptionError(err) || res.headersSent) {
        next(err);
        return;
      }
      integrity.report(err, { method: req.method, path: req.originalUrl.split('?', 1)[0]! });
      maintenance(req, res);
    },
  };
}
