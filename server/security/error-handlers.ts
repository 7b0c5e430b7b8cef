import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { reportStorageFault, storageFault } from '../db/storage-fault.ts';
import { serverMessages } from '../messages.ts';
import { HttpError } from './http-error.ts';

interface BodyParserError {
  type?: string;
  status?: number;
}

function bodyParserProblem(err: unknown): { status: number; message: string } | null {
  if (typeof err !== 'object' || err === null) return null;
  const { type } = err as BodyParserError;
  if (type === 'entity.too.large') return { status: 413, message: serverMessages.bodyTooLarge };
  if (type === 'entity.parse.failed') return { status: 400, message: serverMessages.malformedJson };
  if (type === 'parameters.too.many') return { status: 413, message: serverMessages.bodyTooLarge };
  return null;
}

/** Unknown /api paths answer JSON rather than a page. */
export const apiNotFound: RequestHandler = (req, res) => {
  res.status(404).json({ message: serverMessages.notFound });
};

/**
 * Final JSON error answer for calls: known errors keep their status and message, anything else is
 * logged with its detail and answered with a generic 500 (never a stack trace).
 */
export function jsonErrorHandler(log: Logger): ErrorRequestHandler {
  return (err, req, res, next) => {
    if (res.headersSent) {
      next(err);
      return;
    }
    if (err instanceof HttpError) {
      res.status(err.status).json({ ...err.extra, message: err.message });
      return;
    }
    const parserProblem = bodyParserProblem(err);
    if (parserProblem) {
      res.status(parserProblem.status).json({ message: parserProblem.message });
      return;
    }
    const fault = storageFault(err);
    if (fault !== null) {
      reportStorageFault(log, fault, req);
      res.status(503).set('Retry-After', '30').json({ message: fault.message });
      return;
    }
    log.error({ err: describeError(err), path: req.path, method: req.method, reqId: req.id }, 'call failed');
    res.status(500).json({ message: serverMessages.unexpected });
  };
}

/** What the log keeps of a failure; the stack stays in the log and never reaches a visitor. */
export function describeError(err: unknown): { name: string; message: string; stack?: string } {
  if (err instanceof Error) return { name: err.name, message: err.message, stack: err.stack };
  return { name: typeof err, message: String(err) };
}
