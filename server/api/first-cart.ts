import { createHash } from 'node:crypto';
import type { Request } from 'express';
import { CRUMB_SECRET_COOKIE } from '../security/crumb.ts';

/**
 * A new visitor's first adds sent at once (a double tap, two products added quickly on a slow
 * phone) carry no CART cookie yet, so each would make a cart and set its own cookie, and only the
 * last cookie survives. They all carry the crumb's secret cookie, though (every write needs it):
 * the cart the first of them makes is kept under a digest of that secret, and the others join it.
 */

/** How long after a browser's first cart another add without a CART cookie joins it. */
export const FIRST_ADDS_SHARE_CART_MS = 60_000;

/** The key of the browser's first cart: a digest of its crumb secret, which is never stored; null without one. */
export function browserKeyOf(req: Request): string | null {
  const secret = (req.cookies as Record<string, unknown> | undefined)?.[CRUMB_SECRET_COOKIE];
  if (typeof secret !== 'string' || secret.length === 0 || secret.length > 256) return null;
  return createHash('sha256').update(`first-cart:${secret}`).digest('base64url');
}
