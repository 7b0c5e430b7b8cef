import type { RequestHandler } from 'express';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import type { AppDeps } from '../deps.ts';
import { requestContent } from '../pages/request-content.ts';
import { storeSettingsOf } from '../db/site-repository.ts';
import { HttpError } from '../security/http-error.ts';

/** The calls and page posts that start or finish a purchase: refused while the store is closed. */
const BUYING = new Set([
  'POST /api/commerce/shopping-cart/entries',
  'POST /api/3/commerce/cart/subscription',
  'POST /checkout',
  'POST /checkout/subscription',
  'POST /checkout/gift-card',
  // the checkout's order call (its quote only prices, so it stays open)
  'POST /api/commerce/checkout/orders',
]);

/**
 * "Store open" off in the admin's settings (storeSettings.storeClosed): the shop stays visible
 * but nothing can be added to a cart or bought, with a message that says why (409). Only the
 * buying requests read the setting, so browsing costs nothing.
 */
export function storeClosedGuard(deps: AppDeps): RequestHandler {
  return async (req, _res, next) => {
    if (!BUYING.has(`${req.method} ${req.path}`)) {
      next();
      return;
    }
    // the request's content: the settings come from the cache at the version the call reads at
    const store = storeSettingsOf(await requestContent(deps, req).site.websiteSettings());
    if (store.storeClosed === true) throw new HttpError(409, ADMIN.server.storeClosed);
    next();
  };
}
