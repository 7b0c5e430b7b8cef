import type { Request } from 'express';
import { safeReturnPath } from './return-path.ts';

/** Whether the path is one of the calls' (/api), which answer JSON whatever asked. */
function isCallPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

/**
 * Whether a request is a page's plain form post (a browser sending a form without scripts) rather
 * than a call: never under /api, and either form-encoded or asking for a page (Accept: text/html
 * before JSON). A refusal of such a post is a page the visitor can read, not JSON.
 */
export function isPageFormPost(req: Request): boolean {
  if (isCallPath(req.originalUrl.split('?', 1)[0]!)) return false;
  if (req.is(['application/x-www-form-urlencoded', 'multipart/form-data'])) return true;
  return req.accepts(['json', 'html']) === 'html';
}

/**
 * The page a refused form post leads back to: the address it was posted to (the site's forms post
 * to their own page's address, its query included), when that is a path on this site; else home.
 */
export function formPageBackPath(req: Request): string {
  return safeReturnPath(req.originalUrl) ?? '/';
}
