import { Router, type RequestHandler } from 'express';
import { API_PATHS, PAGE_PATHS } from '../../client/lib/api-paths.ts';
import { fieldErrorsOf, placeOrderSchema, quoteRequestSchema } from '../../client/lib/checkout-schema.ts';
import { CHECKOUT } from '../../client/lib/messages.ts';
import type { AppDeps } from '../deps.ts';
import { placeCheckoutOrder, quoteCart } from '../commerce/checkout-order.ts';
import { checkoutServices } from '../commerce/checkout-services.ts';
import { readCheckoutSettings } from '../commerce/checkout-quote.ts';
import { checkoutQuoteView } from '../commerce/checkout-view.ts';
import { countriesIn } from '../pages/checkout-form.ts';
import { serverMessages } from '../messages.ts';
import { HttpError } from '../security/http-error.ts';
import { createRateLimiter } from '../security/rate-limit.ts';
import { parseShopperInput } from '../security/validation.ts';
import { checkoutCartOf, namesBoughtCart } from './checkout-cart.ts';
import { requestContent } from '../pages/request-content.ts';
import { followStoreLanguage } from '../pages/store-language.ts';
import { CartRepository } from '../db/cart-repository.ts';
import { CheckoutOrderRepository } from '../db/checkout-order-repository.ts';

/** An attempt key as the order call takes it (checkout-schema.ts). */
const ATTEMPT_KEY = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * The checkout island's calls: a fresh quote for a shipping choice and country, a discount code and a gift
 * card code (the server prices every step and looks the codes up; the cart keeps the discount
 * code applied, for the checkout's next load), and placing the order
 * (answers carry catalogue messages and, for a form problem, the message of each field).
 */
export function createCheckoutRouter(deps: AppDeps): Router {
  const router = Router();
  const placeLimiter = createRateLimiter(deps, 'checkout');
  const quoteLimiter = createRateLimiter(deps, 'checkoutQuote');
  // the answers' messages are the store's own words, which the checkout shows: in the store's language
  const inStoreLanguage = followStoreLanguage(deps);

  router.post(API_PATHS.checkoutQuote, quoteLimiter, inStoreLanguage, async (req, res) => {
    const request = parseShopperInput(quoteRequestSchema, req.body ?? {});
    const cart = await checkoutCartOf(deps, req, res, request.cartToken);
    if (!cart) throw new HttpError(400, serverMessages.cartEmpty);
    // read at one content version: one version read for the settings' two documents
    const shipping = { optionId: request.shippingOptionId, countryCode: request.countryCode };
    const quote = await quoteCart(deps.store, cart, shipping, request.giftCardCode, request.discountCode, '', requestContent(deps, req).site);
    // the island sends the code it shows applied with every quote: the cart keeps the one applied
    // now (none once removed or refused), which the checkout loaded again applies again
    const applied = quote.discount?.code ?? null;
    if (applied !== (cart.discountCode ?? null)) await new CartRepository(deps.store).keepDiscountCode(cart.id, applied);
    res.json({ quote: checkoutQuoteView(quote) });
  });

  // An attempt whose order is already written (its answer was lost, and the island sends it again)
  // is answered with that order before the budget is counted: a shopper retrying on a bad
  // connection is told their order, not 429, however many orders the address placed this minute.
  const knownAttempt: RequestHandler = async (req, res, next) => {
    const key = (req.body as { idempotencyKey?: unknown } | undefined)?.idempotencyKey;
    const order = typeof key === 'string' && ATTEMPT_KEY.test(key) ? await new CheckoutOrderRepository(deps.store).findByIdempotencyKey(key) : undefined;
    if (!order) {
      next();
      return;
    }
    res.status(200).json({ orderNumber: order.orderNumber, confirmationUrl: PAGE_PATHS.orderConfirmed(order.id, order.viewToken) });
  };

  router.post(API_PATHS.checkoutOrders, knownAttempt, placeLimiter, inStoreLanguage, async (req, res) => {
    // a postal code refused names its country as the checkout's list does, in the store's language
    const { locale } = await readCheckoutSettings(deps.store);
    const parsed = placeOrderSchema(countriesIn(locale)).safeParse(req.body ?? {});
    if (!parsed.success) {
      res.status(400).json({ message: CHECKOUT.fieldsInvalid, fieldErrors: fieldErrorsOf(parsed.error) });
      return;
    }
    const cart = await checkoutCartOf(deps, req, res, parsed.data.cartToken);
    const services = checkoutServices(deps);
    if (!cart) {
      // a repeated submit after the cart was bought still finds its order
      const outcome = await placeCheckoutOrder(services, { id: '', kind: 'cart' }, parsed.data);
      if (outcome.kind !== 'placed') {
        // the quote's answer for a visitor with nothing to buy; 409 only for a cart bought already
        if (!(await namesBoughtCart(deps, req, parsed.data.cartToken))) throw new HttpError(400, serverMessages.cartEmpty);
        throw new HttpError(409, serverMessages.cartPurchased);
      }
      res.status(200).json({ orderNumber: outcome.orderNumber, confirmationUrl: PAGE_PATHS.orderConfirmed(outcome.orderId, outcome.viewToken) });
      return;
    }
    const outcome = await placeCheckoutOrder(services, cart, parsed.data);
    switch (outcome.kind) {
      case 'placed':
        res.status(201).json({ orderNumber: outcome.orderNumber, confirmationUrl: PAGE_PATHS.orderConfirmed(outcome.orderId, outcome.viewToken) });
        return;
      case 'invalid':
        res.status(400).json({ message: CHECKOUT.fieldsInvalid, fieldErrors: outcome.fieldErrors });
        return;
      case 'total-changed':
        res.status(outcome.status).json({ message: outcome.message, quote: checkoutQuoteView(outcome.quote) });
        return;
      case 'short-of-stock':
        res.status(outcome.status).json({ message: outcome.message, shortLines: outcome.shortLines });
        return;
      case 'payment':
      case 'refused':
        res.status(outcome.status).json({ message: outcome.message });
        return;
    }
  });

  return router;
}
