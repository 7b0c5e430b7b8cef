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

/** Leaves the router at once for any path outside /api. */
const leaveUnlessApiPath: RequestHandler = (req, _res, next) => {
  if (isApiPath(req.path)) next();
  else next('router');
};

/**
 * A router for call routes: a page request leaves it in one test instead of trying each of its
 * routes. Mounted at the root, so its routes name their full /api paths.
 */
export function createApiCallsRouter(): Router {
  const router = Router();
  router.use(leaveUnlessApiPath);
  return router;
}
