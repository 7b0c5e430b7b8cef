import { Router, type RequestHandler } from 'express';

const API_PREFIX = '/api';

/**
 * True for /api and the paths under it, matched as Express matches its paths (letter case
 * ignored, a trailing slash allowed). Every call route lives there, and no page does.
 */
export function isApiPath(path: string): boolean {
  return path.length >= API_PREFIX.length
    && path.slice(0, API_PREFIX.length).toLowerCase() === API_PREFIX
    && (path.length === API_PREFIX.length || path[API_PREFIX.length] === '/');
}

/** A router of call routes mounted at the root: its routes name their full /api paths. */
export type ApiCallsRouter = RequestHandler & { stack: Router['stack'] };

/**
 * Runs a router of call routes only for /api paths. A page request passes it in one test, without
 * entering the router (which would try each route, then leave on the next turn of the event loop).
 * Like a router, it lists its routes in `stack`, so route listings still find them.
 */
export function forApiPathsOnly(calls: Router): ApiCallsRouter {
  const gate: RequestHandler = (req, res, next) => {
    if (isApiPath(req.path)) calls(req, res, next);
    else next();
  };
  return Object.defineProperty(gate, 'stack', { get: () => calls.stack, enumerable: true }) as ApiCallsRouter;
}
