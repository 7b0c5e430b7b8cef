import type { RequestHandler } from 'express';
import type { AppDeps } from '../deps.ts';
import { platformMessages } from '../platform-messages.ts';
import { roleAllows, type OwnerPermission } from './owner-permissions.ts';
import { hasMatchingSiteUserXsrf, resolveSiteUser, readResolvedSiteUserIfAny } from './site-user.ts';

export type { OwnerPermission } from './owner-permissions.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Property of a requireOwner handler holding the permission it checks. */
export const OWNER_GUARD: unique symbol = Symbol('requireOwner');

/**
 * Owner-call guard: anonymous 401; a visitor account, a role without the permission, or a
 * state-changing call without the session's X-SiteUser-XSRF-Token 403.
 */
export function requireOwner(deps: AppDeps, permission: OwnerPermission): RequestHandler {
  const guard: RequestHandler = async (req, res, next) => {
    const cached = readResolvedSiteUserIfAny(req);
    const user = cached === undefined ? await resolveSiteUser(deps, req) : cached;
    if (!user) {
      res.status(401).json({ message: platformMessages.signInRequired });
      return;
    }
    if (!roleAllows(user.contributorRole, permission)) {
      deps.log.info({ siteUserId: user.siteUserId, role: user.contributorRole, permission }, 'owner call refused');
      res.status(403).json({ message: platformMessages.permissionDenied });
      return;
    }
    if (!SAFE_METHODS.has(req.method) && !hasMatchingSiteUserXsrf(req, user)) {
      res.status(403).json({ message: platformMessages.xsrfMismatch });
      return;
    }
    next();
  };
  // Marked so the route table can tell which routes are owner calls and what right each needs.
  Object.defineProperty(guard, OWNER_GUARD, { value: permission });
  Object.defineProperty(guard, 'name', { value: `requireOwner(${permission})` });
  return guard;
}

/** The permission a route handler checks when it is a requireOwner guard, else null. */
export function ownerGuardPermission(handler: unknown): OwnerPermission | null {
  if (typeof handler !== 'function') return null;
  const permission = (handler as { [OWNER_GUARD]?: OwnerPermission })[OWNER_GUARD];
  return permission ?? null;
}
