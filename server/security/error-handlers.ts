import type { ErrorRequestHandler, Request, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { faultRetryAfterSeconds, reportStorageFault, storageFault } from '../db/storage-fault.ts';
import { serverMessages } from '../messages.ts';
import { HttpError } from './http-error.ts';
import { isMalformedAddress } from './malformed-address.ts';

interface BodyParserError {
  type?: string;
  status?: number;
  expose?: boolean;
  code?: string;
}

export interface BodyProblem {
  status: number;
  message: string;
  /** What went wrong, for the log line (body-parser's type or zlib's code). */
  reason: string;
}

const PROBLEMS_BY_TYPE: Readonly<Record<string, { status: number; message: string }>> = {
  'entity.too.large': { status: 413, message: serverMessages.bodyTooLarge },
  'parameters.too.many': { status: 413, message: serverMessages.bodyTooLarge },
  'entity.parse.failed': { status: 400, message: serverMessages.malformedJson },
  'charset.unsupported': { status: 415, message: serverMessages.bodyCharsetUnsupported },
  'encoding.unsupported': { status: 415, message: serverMessages.bodyEncodingUnsupported },
  'request.aborted': { status: 400, message: serverMessages.bodyAborted },
};

/**
 * A body the client sent that cannot be read: body-parser's errors (size, JSON, charset, content
 * encoding, an aborted upload) and a compressed body that does not inflate (zlib's error, which
 * body-parser passes on as a 400 without a type). The client's problem: a 4xx, never a 500.
 */
export function clientBodyProblem(err: unknown): BodyProblem | null {
  if (typeof err !== 'object' || err === null || err instanceof HttpError) return null;
  const { type, status, expose, code } = err as BodyParserError;
  const known = type !== undefined ? PROBLEMS_BY_TYPE[type] : undefined;
  if (known) return { ...known, reason: type! };
  if (typeof status !== 'number' || status < 400 || status >= 500 || expose !== true) return null;
  if (typeof code === 'string' && code.startsWith('Z_')) return { status: 400, message: serverMessages.bodyNotDecompressed, reason: code };
  // body-parser and raw-body name every other problem of theirs (a wrong Content-Length, …) by type
  if (typeof type === 'string') return { status, message: serverMessages.bodyUnreadable, reason: type };
  return null;
}

/**
 * The path a log line names: the full one without its query (which may carry tokens), wherever
 * the handler is mounted (req.path under app.use('/api', …) would leave /api out).
 */
export function loggedPath(req: Request): string {
  return req.originalUrl.split('?', 1)[0]!;
}

/** The one warn line of a refused body: no stack, the client is at fault. */
export function logBodyProblem(log: Logger, problem: BodyProblem, req: Request): void {
  log.warn({ method: req.method, path: loggedPath(req), status: problem.status, reason: problem.reason, reqId: req.id }, serverMessages.bodyRefusedLog);
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
  // four parameters: Express knows an error handler by its arity
  return (err, req, res, _next) => {
    if (res.headersSent) {
      failAfterAnswerBegan(log, err, req);
      return;
    }
    if (err instanceof HttpError) {
      res.status(err.status).json({ ...err.extra, message: err.message });
      return;
    }
    if (isMalformedAddress(err)) {
      res.status(400).json({ message: serverMessages.addressNotValid });
      return;
    }
    const bodyProblem = clientBodyProblem(err);
    if (bodyProblem) {
      logBodyProblem(log, bodyProblem, req);
      res.status(bodyProblem.status).json({ message: bodyProblem.message });
      return;
    }
    const fault = storageFault(err);
    if (fault !== null) {
      reportStorageFault(log, fault, { method: req.method, path: loggedPath(req), id: req.id });
      // an unreachable PostgreSQL server answers the outage message, as a page answers the outage page
      res.status(503).set('Retry-After', String(faultRetryAfterSeconds(fault))).json({ message: fault.message });
      return;
    }
    log.error({ err: describeError(err), path: loggedPath(req), method: req.method, reqId: req.id }, 'call failed');
    res.status(500).json({ message: serverMessages.unexpected });
  };
}

/**
 * A call that fails once its answer has begun (a CSV download whose read fails half-way) can only
 * be cut short, so the client sees a failed download rather than one that looks complete; the
 * failure is logged like any other (Express's own handler would print it without the request's
 * id). A refusal of the client's body after its answer was sent (a 408 for a stalled body) was
 * said when it was sent.
 */
function failAfterAnswerBegan(log: Logger, err: unknown, req: Request): void {
  if (!(err instanceof HttpError) && clientBodyProblem(err) === null) {
    const fault = storageFault(err);
    if (fault !== null) reportStorageFault(log, fault, { method: req.method, path: loggedPath(req), id: req.id });
    else log.error({ err: describeError(err), path: loggedPath(req), method: req.method, reqId: req.id }, 'call failed');
  }
  req.socket.destroy();
}

/** What the log keeps of a failure; the stack stays in the log and never reaches a visitor. */
export function describeError(err: unknown): { name: string; message: string; stack?: string } {
  if (err instanceof Error) return { name: err.name, message: err.message, stack: err.stack };
  return { name: typeof err, message: String(err) };
}
