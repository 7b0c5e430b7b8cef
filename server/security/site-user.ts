import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import { SiteUserRepository, type SiteUserRecord } from '../db/site-user-repository.ts';
import { platformMessages } from '../platform-messages.ts';

/** Readable cookie the platform's scripts look at: JSON {authenticated, siteUserId}. */
export const SITE_USER_INFO_COOKIE = 'SiteUserInfo';
/** HttpOnly secret naming the server-side session; without it the info cookie means nothing. */
export const SITE_USER_SESSION_COOKIE = 'SiteUserSession';
/** Header carrying the xsrfToken returned by sign-in, on the signed-in user's state-changing calls. */
export const SITE_USER_XSRF_HEADER = 'x-siteuser-xsrf-token';

const REMEMBER_ME_MS = 30 * 24 * 60 * 60 * 1000;
const BROWSER_SESSION_MS = 12 * 60 * 60 * 1000;

export interface SiteUserIdentity {
  siteUserId: string;
}

/** What the server knows about the signed-in account behind a request. */
export interface ResolvedSiteUser extends SiteUserIdentity {
  contributorRole: number | null;
  xsrfToken: string;
  sessionTokenHash: string;
}

const siteUserInfoSchema = z.object({
  authenticated: z.boolean(),
  siteUserId: z.string().min(1).max(128),
});

const resolved = new WeakMap<Request, ResolvedSiteUser | null>();

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function cookieValue(req: Request, name: string): unknown {
  const cookies = req.cookies as Record<string, unknown> | undefined;
  return cookies?.[name];
}

/** Parses the info cookie; a value that cannot be read is logged and treated as no user. */
function readInfoCookie(deps: AppDeps, req: Request): z.infer<typeof siteUserInfoSchema> | null {
  const raw = cookieValue(req, SITE_USER_INFO_COOKIE);
  if (raw === undefined) return null;
  let parsed: unknown = raw;
  if (typeof raw === 'string') {
    try {
      parsed = JSON.parse(raw);
    } catch {
      deps.log.warn({ cookie: SITE_USER_INFO_COOKIE }, platformMessages.siteUserCookieUnreadable);
      return null;
    }
  }
  const info = siteUserInfoSchema.safeParse(parsed);
  if (!info.success) {
    deps.log.warn({ cookie: SITE_USER_INFO_COOKIE }, platformMessages.siteUserCookieUnreadable);
    return null;
  }
  return info.data;
}

/**
 * The signed-in account of a request: the info cookie must name the same user as the live
 * server-side session found through the HttpOnly session cookie. Anything else is no user.
 */
export async function resolveSiteUser(deps: AppDeps, req: Request): Promise<ResolvedSiteUser | null> {
  const info = readInfoCookie(deps, req);
  if (!info || !info.authenticated) return null;
  const token = cookieValue(req, SITE_USER_SESSION_COOKIE);
  if (typeof token !== 'string' || token.length === 0 || token.length > 256) return null;
  const tokenHash = hashToken(token);
  const users = new SiteUserRepository(deps.store);
  const session = await users.findSession(tokenHash, Date.now());
  if (!session || session.siteUserId !== info.siteUserId) return null;
  const user = await users.findById(session.siteUserId);
  if (!user) return null;
  return {
    siteUserId: user.id,
    contributorRole: user.contributorRole,
    xsrfToken: session.xsrfToken,
    sessionTokenHash: tokenHash,
  };
}

/**
 * Resolves the signed-in account once per request so readSiteUser can answer synchronously
 * anywhere later in the chain. Mounted at the top of the platform router; mount it before any
 * other router that calls readSiteUser.
 */
export function siteUserResolver(deps: AppDeps): RequestHandler {
  return async (req, _res, next) => {
    if (!resolved.has(req)) resolved.set(req, await resolveSiteUser(deps, req));
    next();
  };
}

/** The full resolved account, or null; throws when the resolver did not run (a wiring mistake). */
export function readResolvedSiteUser(req: Request): ResolvedSiteUser | null {
  if (!resolved.has(req)) {
    throw new Error('readSiteUser called on a request that did not pass siteUserResolver');
  }
  return resolved.get(req) ?? null;
}

/** The resolved account when the resolver already ran for this request; undefined otherwise. */
export function readResolvedSiteUserIfAny(req: Request): ResolvedSiteUser | null | undefined {
  return resolved.get(req);
}

/** The signed-in site user of a request, or null for an anonymous visitor. */
export function readSiteUser(req: Request): SiteUserIdentity | null {
  const user = readResolvedSiteUser(req);
  return user ? { siteUserId: user.siteUserId } : null;
}

function cookieOptions(req: Request, httpOnly: boolean, rememberMe: boolean) {
  return {
    httpOnly,
    sameSite: 'lax' as const,
    secure: req.secure,
    path: '/',
    ...(rememberMe ? { maxAge: REMEMBER_ME_MS } : {}),
  };
}

/** Opens a server-side session for the account and sets both cookies; returns the xsrfToken. */
export async function startSiteUserSession(
  deps: AppDeps,
  req: Request,
  res: Response,
  user: SiteUserRecord,
  rememberMe: boolean,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const xsrfToken = randomBytes(24).toString('base64url');
  const now = Date.now();
  await new SiteUserRepository(deps.store).createSession(
    hashToken(token),
    { siteUserId: user.id, xsrfToken, rememberMe, expiresOn: now + (rememberMe ? REMEMBER_ME_MS : BROWSER_SESSION_MS) },
    now,
  );
  res.cookie(SITE_USER_SESSION_COOKIE, token, cookieOptions(req, true, rememberMe));
  res.cookie(
    SITE_USER_INFO_COOKIE,
    JSON.stringify({ authenticated: true, siteUserId: user.id }),
    cookieOptions(req, false, rememberMe),
  );
  resolved.set(req, { siteUserId: user.id, contributorRole: user.contributorRole, xsrfToken, sessionTokenHash: hashToken(token) });
  return xsrfToken;
}

/** Deletes the request's server-side session (if any) and clears both cookies. */
export async function endSiteUserSession(deps: AppDeps, req: Request, res: Response): Promise<void> {
  const token = cookieValue(req, SITE_USER_SESSION_COOKIE);
  if (typeof token === 'string' && token.length > 0) {
    await new SiteUserRepository(deps.store).deleteSession(hashToken(token));
  }
  res.clearCookie(SITE_USER_SESSION_COOKIE, { path: '/' });
  res.clearCookie(SITE_USER_INFO_COOKIE, { path: '/' });
  resolved.set(req, null);
}

/** True when the request carries the xsrfToken of its own session. */
export function hasMatchingSiteUserXsrf(req: Request, user: ResolvedSiteUser): boolean {
  const header = req.get(SITE_USER_XSRF_HEADER) ?? '';
  const expected = Buffer.from(user.xsrfToken);
  const actual = Buffer.from(header);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
