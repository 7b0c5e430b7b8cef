import type { ErrorRequestHandler, Request, Response } from 'express';
import { PAGE_PATHS } from '../../client/lib/api-paths.ts';
import { isCrumbError } from '../security/crumb.ts';
import { isPageFormPost } from '../security/page-form-post.ts';

/**
 * The checkout form posted natively to POST /checkout (scripts off, or tapped on an old page
 * before its island was live). Orders are placed only by the island's call, so such a post never
 * buys anything: it leads back to the checkout, which says the order was not placed and that the
 * checkout needs JavaScript. That holds with or without a crumb: the island's form carries none,
 * and the crumb's "open too long… allow cookies" page would mislead. Nothing of the body (card
 * fields included) is read, logged or put in the address.
 */

/** The query flag of /checkout that shows the "not placed" message. */
export const NOT_PLACED_FLAG = 'notPlaced';

// a gift card's own cart posts to /checkout?cartToken=…: the way back keeps its token (the same shape the page accepts)
const CART_TOKEN = /^[A-Za-z0-9_-]{1,128}$/;

/** The checkout the native post came from, with the "not placed" message. */
export function checkoutNotPlacedPath(req: Request): string {
  const query = new URLSearchParams();
  const token = req.query.cartToken;
  if (typeof token === 'string' && CART_TOKEN.test(token)) query.set('cartToken', token);
  query.set(NOT_PLACED_FLAG, '1');
  return `${PAGE_PATHS.checkout}?${query.toString()}`;
}

export function answerNativeCheckoutPost(req: Request, res: Response): void {
  res.redirect(303, checkoutNotPlacedPath(req));
}

/** Whether the request is a form posted to the checkout page itself (not its subscription or gift card steps); a call keeps the crumb's JSON answer. */
function isCheckoutFormPost(req: Request): boolean {
  return req.method === 'POST' && req.path === PAGE_PATHS.checkout && isPageFormPost(req);
}

/** Before crumbFailureHandler: a crumb failure of POST /checkout is answered as any native post of it. */
export const nativeCheckoutPostCrumbFailure: ErrorRequestHandler = (err, req, res, next) => {
  if (isCrumbError(err) && isCheckoutFormPost(req)) {
    answerNativeCheckoutPost(req, res);
    return;
  }
  next(err);
};
