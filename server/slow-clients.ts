import { createServer, type RequestListener, type Server } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { serverMessages } from './messages.ts';
import { loggedPath } from './security/error-handlers.ts';

/**
 * How long a client may take over its side of a request. Node's own defaults leave a client that
 * stops reading its answer connected for good (no idle limit), and one that stops sending its body
 * for five minutes; these bound both, for anonymous visitors as for the owner's uploads.
 */
export interface SlowClientLimits {
  /** The whole header block (Node's headersTimeout; then 408 and the connection closes). */
  headersMs: number;
  /** A whole body, an image upload included, from the end of its headers (then 408). */
  requestMs: number;
  /**
   * Nothing received or taken on a connection for this long while a request is under way: a body
   * that stopped arriving is answered 408, an answer the client stopped reading is cut off.
   * A request the server is still working on is never cut for it.
   */
  idleMs: number;
  /** An open connection waiting for its next request (Node's keepAliveTimeout). */
  keepAliveMs: number;
  /** How often Node checks headersMs and requestMs (its connectionsCheckingInterval, 30 s by default). */
  checkEveryMs: number;
}

export const SLOW_CLIENT_LIMITS: Readonly<SlowClientLimits> = {
  headersMs: 20_000,
  // a 20 MB photo over a 1 Mbit/s uplink takes under three minutes
  requestMs: 300_000,
  idleMs: 30_000,
  keepAliveMs: 5_000,
  checkEveryMs: 2_000,
};

/** The limits above with the ones given in place of theirs. */
export function slowClientLimits(limits: Partial<SlowClientLimits> = {}): SlowClientLimits {
  return { ...SLOW_CLIENT_LIMITS, ...limits };
}

/** The HTTP server of one process, with the time limits above (tests pass small ones). */
export function createHttpServer(listener: RequestListener, limits: Partial<SlowClientLimits> = {}): Server {
  const { headersMs, requestMs, idleMs, keepAliveMs, checkEveryMs } = slowClientLimits(limits);
  const server = createServer({
    headersTimeout: headersMs,
    // the application answers a body past requestMs itself (stalledClients); Node's bare 408 is
    // the backstop for a request the application never sees, counted from its first header byte
    requestTimeout: headersMs + requestMs,
    keepAliveTimeout: keepAliveMs,
    connectionsCheckingInterval: checkEveryMs,
  }, listener);
  // the idle limit; a connection without a request in progress that reaches it is closed by Node
  server.timeout = idleMs;
  return server;
}

/** The 408 of a body that stopped arriving: JSON for calls, plain text for a page's form post. */
function answerStalledBody(req: Request, res: Response): void {
  res.statusCode = 408;
  res.setHeader('Connection', 'close');
  const call = loggedPath(req).startsWith('/api/');
  res.setHeader('Content-Type', call ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8');
  // the body will not arrive: the connection closes once the answer is out
  res.end(call ? JSON.stringify({ message: serverMessages.bodyTimedOut }) : serverMessages.bodyTimedOut, () => req.socket.destroy());
}

/**
 * What a request does when its client is too slow. A body still incomplete when its connection
 * reaches the idle limit (Node then emits 'timeout' on the request) or requestMs after its
 * headers is answered 408, with one warn line like the other refused bodies (the body parser's
 * own abort that follows finds the answer sent and says nothing more); a body still arriving
 * after the request was answered is cut off. A client that stops reading its answer (what was
 * written waits to go out) is disconnected at the idle limit ('timeout' on the response); a
 * request the server is still working on keeps its connection, a download paused between two
 * reads included.
 */
export function stalledClients(log: Logger, limits: Partial<SlowClientLimits> = {}): RequestHandler {
  const { requestMs } = slowClientLimits(limits);
  return (req, res, next) => {
    const refuseBody = (): void => {
      if (req.complete) return;
      if (res.headersSent) {
        req.socket.destroy();
        return;
      }
      log.warn({ method: req.method, path: loggedPath(req), status: 408, reason: 'request.timeout', reqId: req.id }, serverMessages.bodyRefusedLog);
      answerStalledBody(req, res);
    };
    req.on('timeout', refuseBody);
    // a body that trickles in just fast enough to stay under the idle limit still has an end
    const deadline = setTimeout(refuseBody, requestMs);
    res.once('close', () => clearTimeout(deadline));
    res.on('timeout', () => {
      // an incomplete body is refuseBody's; an answer with nothing waiting to go out (not started
      // yet, or a download between two reads) is the server's own delay
      if (req.complete && req.socket.writableLength > 0) req.socket.destroy();
    });
    next();
  };
}
