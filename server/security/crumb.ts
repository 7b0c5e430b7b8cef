import Tokens from 'csrf';
import csurf from 'csurf';
import type { ErrorRequestHandler, Request, RequestHandler } from 'express';
import { serverMessages } from '../messages.ts';
import { HttpError } from './http-error.ts';
import { formPageBackPath, isPageFormPost } from './page-form-post.ts';

/** Readable cookie carrying the crumb to page scripts. */
export const CRUMB_COOKIE = 'crumb';
/** HttpOnly cookie holding the secret the crumb is derived from. */
export const CRUMB_SECRET_COOKIE = 'crumb_secret';
export const CRUMB_HEADER = 'x-csrf-token';

const tokens = new Tokens();

function crumbFromRequest(req: Request): string {
  const header = req.get(CRUMB_HEADER);
  if (header) return header;
  const body: unknown = req.body;
  if (body && typeof body === 'object' && 'crumb' in body) {
    const value = (body as { crumb: unknown }).crumb;
    if (typeof value === 'string') return value;
  }
  return '';
}

export interface CrumbOptions {
  /** Mark cookies Secure (the site is served over https). */
  secure: boolean;
}

/**
 * Verifies the crumb on every state-changing method (GET, HEAD and OPTIONS pass).
 * Needs cookie-parser and the body parsers before it.
 */
export function crumbProtection(options: CrumbOptions): RequestHandler {
  return csurf({
    cookie: { key: CRUMB_SECRET_COOKIE, httpOnly: true, sameSite: 'lax', secure: options.secure, path: '/' },
    value: crumbFromRequest,
  });
}

/**
 * Puts a crumb matching the visitor's secret into the readable cookie when it is missing or stale.
 * Runs after crumbProtection, which creates the secret for first-time visitors.
 */
export function issueCrumbCookie(options: CrumbOptions): RequestHandler {
  return (req, res, next) => {
    const cookies = req.cookies as Record<string, string | undefined>;
    const secret = cookies[CRUMB_SECRET_COOKIE];
    const current = cookies[CRUMB_COOKIE];
    const stillValid = secret !== undefined && current !== undefined && tokens.verify(secret, current);
    if (!stillValid) {
      const crumb = req.csrfToken();
      res.cookie(CRUMB_COOKIE, crumb, { httpOnly: false, sameSite: 'lax', secure: options.secure, path: '/' });
      // Same-request readers (page contexts) see the fresh value.
      cookies[CRUMB_COOKIE] = crumb;
    }
    next();
  };
}

export function isCrumbError(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 'EBADCSRFTOKEN';
}

/**
 * Turns a crumb failure anywhere into the platform's 403 answer; other errors pass on. A page's
 * plain form post (no scripts to read JSON) gets the error page instead, still 403, saying to try
 * again and leading back to the form's page.
 */
export const crumbFailureHandler: ErrorRequestHandler = (err, req, res, next) => {
  if (!isCrumbError(err)) {
    next(err);
    return;
  }
  if (isPageFormPost(req)) {
    next(new HttpError(403, serverMessages.formExpired, { backTo: formPageBackPath(req) }));
    return;
  }
  res.status(403).json({ crumbFail: true, message: serverMessages.crumbFail });
};
