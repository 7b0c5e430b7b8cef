import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { pinoHttp, startTime } from 'pino-http';
import { DOWNLOAD_PATH } from './commerce/download-grants.ts';
import { DEV_PATH_BASE } from './dev/reload-stream.ts';
import { isFileRequest } from './security/file-requests.ts';

/** The response header that names the request in the log. */
export const REQUEST_ID_HEADER = 'X-Request-Id';

/** The path as routed, without the query. */
function routedPath(req: IncomingMessage): string {
  const url = (req as { originalUrl?: string }).originalUrl ?? req.url ?? '';
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/**
 * The path as logged: never the query string, which can carry secrets (order and cart tokens,
 * captcha tokens, emails) into a log that outlives them, nor a download link's token, which is in
 * the path and is the key to a buyer's paid file (`/downloads/…`).
 */
function loggedPath(req: IncomingMessage): string {
  const path = routedPath(req);
  return path.toLowerCase().startsWith(DOWNLOAD_PATH) ? `${DOWNLOAD_PATH}…` : path;
}

/**
 * A 503 names the store that could not serve it (`database`: the SQLite file, or PostgreSQL's
 * host:port/database, never its URL), as the outage's own lines do, so an operator reading the
 * request lines of an outage knows which database to look at.
 */
function requestFields(req: IncomingMessage, res: ServerResponse, responseTime: number, database: string | undefined): object {
  const fields = { method: req.method, path: loggedPath(req), status: res.statusCode, responseTime };
  return res.statusCode === 503 && database !== undefined ? { ...fields, database } : fields;
}

/**
 * A request answered well for a file a page loads (a script, a stylesheet, a picture) or for the
 * development tools' channel (live reload): a page view makes tens of them, whose lines would bury
 * the template's own messages in the development log.
 */
/** The calls every page makes on its own (page views, performance figures): nothing an author acts on. */
const PAGE_INSTRUMENTATION = ['/api/events/', '/api/census/', '/api/1/performance/', '/api/v1/clanker/'];

function isQuietRequest(req: IncomingMessage, res: ServerResponse): boolean {
  if (res.statusCode >= 400) return false;
  const path = routedPath(req);
  return path.startsWith(DEV_PATH_BASE) || isFileRequest({ method: req.method ?? '', path })
    || PAGE_INSTRUMENTATION.some((prefix) => path.startsWith(prefix));
}

function requestLine(req: IncomingMessage, res: ServerResponse, responseTime: number): string {
  return `${req.method} ${loggedPath(req)} ${res.statusCode} ${responseTime}ms`;
}

/**
 * One log line per request (pino-http): method, path, status, time in ms and the request's id,
 * which the response carries as X-Request-Id and error lines carry as `reqId`, so a visitor's
 * report leads to the lines of their request. Ids are drawn by the server, never taken from the
 * request, so nobody can plant one. `database` (storeAddress) is named on the lines of 503s.
 * `quietFiles` (development) logs the files pages load, the live-reload channel and the calls a
 * page makes on its own (page views, performance figures) at debug.
 */
export function requestLog(log: Logger, database?: string, options: { quietFiles?: boolean } = {}): RequestHandler {
  return pinoHttp({
    logger: log,
    genReqId: (req, res) => {
      const id = randomUUID();
      res.setHeader(REQUEST_ID_HEADER, id);
      return id;
    },
    // Only the id is bound to the request's logger; the request line says the rest.
    quietReqLogger: true,
    quietResLogger: true,
    // a 503 is the store's deliberate answer (maintenance, a database that cannot be reached or
    // refuses writes), said by its own line once a minute: its request lines are warnings, not errors
    // in development (quietFiles), the files a page loads and the live-reload channel are logged at
    // debug when they are answered well: the page's own line and anything of 400 or more stay
    customLogLevel: (req, res, err) => (err !== undefined ? 'error' : res.statusCode === 503 ? 'warn' : res.statusCode >= 500 ? 'error'
      : options.quietFiles === true && isQuietRequest(req, res) ? 'debug' : 'info'),
    customSuccessObject: (req, res, fields) => requestFields(req, res, (fields as { responseTime: number }).responseTime, database),
    customErrorObject: (req, res, err, fields) => requestFields(req, res, (fields as { responseTime: number }).responseTime, database),
    customSuccessMessage: (req, res, responseTime) => requestLine(req, res, responseTime),
    customErrorMessage: (req, res) => requestLine(req, res, Date.now() - res[startTime]),
  }) as unknown as RequestHandler;
}
