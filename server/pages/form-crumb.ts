import type { Request } from 'express';
import { CRUMB_COOKIE } from '../security/crumb.ts';

/**
 * The visitor's crumb, for a page's plain form to post back in a hidden field (the crumb check
 * reads it from the body when no script sets the header); empty before the cookie is issued.
 */
export function crumbOf(req: Request): string {
  const value = (req.cookies as Record<string, unknown> | undefined)?.[CRUMB_COOKIE];
  return typeof value === 'string' ? value : '';
}
