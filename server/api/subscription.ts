import { Router } from 'express';
import { API_PATHS } from '../../client/lib/api-paths.ts';
import { subscriptionPayloadSchema } from '../../client/lib/validation.ts';
import type { AppDeps } from '../deps.ts';
import { CartRepository } from '../db/cart-repository.ts';
import { isSubscribable } from '../commerce/pricing.ts';
import { serverMessages } from '../messages.ts';
import { HttpError } from '../security/http-error.ts';
import { createRateLimiter } from '../security/rate-limit.ts';
import { parseShopperInput } from '../security/validation.ts';
import { readExtraFieldAnswers } from '../commerce/extra-field-answers.ts';
import { assertStockFor, chosenVariant, extraFieldsFormOf, normaliseQuantityField, productToAdd } from './cart.ts';
import { currentSiteUserId } from './cart-session.ts';
import { requestContent } from '../pages/request-content.ts';

/**
 * Subscription purchases skip the visitor's cart: each gets a cart of its own, named by the
 * returned cartToken, which the subscription page then checks out.
 */
export function createSubscriptionRouter(deps: AppDeps): Router {
  const router = Router();
  const formOf = extraFieldsFormOf(deps);
  router.post(API_PATHS.subscription, createRateLimiter(deps, 'addToCart'), async (req, res) => {
    const body = normaliseQuantityField(req.body, 'qty');
    if (typeof body.itemId !== 'string' || body.itemId === '') throw new HttpError(400, serverMessages.itemIdRequired);
    const content = requestContent(deps, req);
    const product = await productToAdd(content.catalogue, body.itemId);
    const variant = chosenVariant(product, typeof body.sku === 'string' ? body.sku : undefined);
    const payload = parseShopperInput(subscriptionPayloadSchema, body);
    if (!isSubscribable(product)) throw new HttpError(400, serverMessages.notSubscribable);
    assertStockFor(product, variant, 0, payload.qty);
    const answers = readExtraFieldAnswers(await formOf(product), payload.additionalFields);
    const currency = await content.site.currency();
    const cart = await deps.store.transaction(async (tx) => {
      const carts = new CartRepository(tx);
      const created = await carts.create('subscription', currency, currentSiteUserId(req));
      await carts.addEntry(created.id, product.id, variant.id, payload.qty, answers);
      return created;
    });
    res.json({ cartToken: cart.token });
  });
  return router;
}
