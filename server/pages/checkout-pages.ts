import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { renderIsland } from '../../client/server-render.ts';
import { ADD_TO_CART } from '../../client/lib/messages.ts';
import { PAGE_PATHS } from '../../client/lib/api-paths.ts';
import type { AppDeps } from '../deps.ts';
import { CartRepository, type CartRecord } from '../db/cart-repository.ts';
import type { ContentRepository } from '../db/content-repository.ts';
import type { CatalogueRepository } from '../db/catalogue-repository.ts';
import { OrderRepository } from '../db/order-repository.ts';
import { cartView, currentSiteUserId, findCurrentCart, storeRepositories } from '../api/cart-session.ts';
import { requestContent } from './request-content.ts';
import { moneyObject } from '../commerce/money.ts';
import { formatMoneyWith } from '../../client/lib/money.ts';
import { orderView, purchaseEvent } from '../commerce/place-order.ts';
import { PRODUCT_TYPE, variantBySku } from '../commerce/pricing.ts';
import { readCheckoutLines } from '../commerce/checkout-lines.ts';
import { shortEntries } from '../commerce/stock-shortfall.ts';
import { serverMessages } from '../messages.ts';
import { createRateLimiter } from '../security/rate-limit.ts';
import { scriptJson } from '../security/script-json.ts';
import { shopperLocale, storeMoneyFormat } from './base-context.ts';
import { crumbOf } from './form-crumb.ts';
import { PAGE_TYPE, type PageRenderer } from './page-renderer.ts';
import { productItem } from './product-context.ts';
import { checkoutFormIsland } from './checkout-form.ts';
import { answerNativeCheckoutPost, NOT_PLACED_FLAG } from './checkout-native-post.ts';
import { checkoutsBoughtCartConfirmation, confirmationOfBoughtCart, visitorsBoughtCartConfirmation } from './bought-cart-order.ts';
import { orderConfirmationContext } from './order-confirmation-context.ts';

const CONFIRMATION_PATH = '/checkout/order-confirmed';

const giftCardQuerySchema = z.object({ itemId: z.string().min(1).max(64), sku: z.string().max(64).optional() });
// tokens are base64url (cart-repository.ts): anything else finds no cart without asking the database
const cartTokenSchema = z.object({ cartToken: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/) });

/** Cart page, checkout (test mode), order confirmation, subscription and gift-card checkouts. */
export function createCheckoutPages(deps: AppDeps, pages: PageRenderer, notFound: (req: Request, res: Response) => Promise<void>): Router {
  const router = Router();
  // carts through the store; the catalogue, settings and forms through each request's content
  // (requestContent: one read of the content version per page, not one per lookup)
  const { carts } = storeRepositories(deps);
  const orders = new OrderRepository(deps.store);
  // one budget for every way of placing an order, gift cards included
  const checkoutLimiter = createRateLimiter(deps, 'checkout');

  async function extraFieldForms(content: ContentRepository, cart: Awaited<ReturnType<typeof cartView>>): Promise<Record<string, Record<string, unknown>>> {
    const forms: Record<string, Record<string, unknown>> = {};
    for (const entry of cart.entries) {
      const id = entry.additionalFieldsFormId;
      const form = id ? await content.form(id) : null;
      if (id && form) forms[id] = form;
    }
    return forms;
  }

  router.get('/cart', async (req, res) => {
    const request = requestContent(deps, req);
    const record = await findCurrentCart(deps, req, res);
    const cart = await cartView(deps, record, request);
    // lines another shopper's order left short: marked on the page, where the checkout sends the shopper to change them
    const short = record ? await shortEntries(deps.store, await readCheckoutLines(deps.store, record.id, record.kind, deps.log)) : {};
    const storeSettings = await request.site.storeSettings();
    const instalments = (storeSettings.instalments ?? {}) as Record<string, unknown>;
    const forms = await extraFieldForms(request.content, cart);
    await pages.render(req, res, {
      template: 'cart',
      pageType: PAGE_TYPE.SHOW_CART,
      pageTitle: serverMessages.cartTitle,
      context: {
        shoppingCart: cart,
        islands: {
          cartPage: renderIsland('CartPage', {
            cart,
            currency: cart.currency,
            moneyFormat: await storeMoneyFormat(request.site),
            forms: forms as never,
            ...(Object.keys(short).length > 0 ? { shortEntries: short } : {}),
            instalments: instalments.enabled === true
              ? { locale: shopperLocale(storeSettings), minCents: Number(instalments.afterPayMin ?? 0), maxCents: Number(instalments.afterPayMax ?? 0), available: true }
              : null,
          }),
        },
      },
      islands: ['CartPage'],
    });
  });

  async function renderCheckout(req: Request, res: Response, cart: CartRecord | null, action: string, error: string | null, extra: Record<string, unknown> = {}, status = error ? 409 : 200): Promise<void> {
    const shoppingCart = checkoutCart(await cartView(deps, cart, requestContent(deps, req)));
    await pages.render(req, res, {
      template: 'checkout',
      pageType: PAGE_TYPE.CHECKOUT,
      pageTitle: serverMessages.checkoutTitle,
      status,
      context: {
        shoppingCart,
        checkout: { action, crumb: crumbOf(req), error, testMode: true, ...extra },
      },
    });
  }

  router.get('/checkout', async (req, res) => {
    // a gift card's own cart arrives by its token; otherwise the visitor's cart
    const token = cartTokenSchema.safeParse(req.query);
    const cart = token.success ? (await carts.findByToken(token.data.cartToken)) ?? null : await findCurrentCart(deps, req, res);
    const open = cart && !cart.isPurchased ? cart : null;
    if (!open) {
      // the cart was bought already (an answer to Place order lost, then a reload or Back): its order, not an empty cart,
      // for the account that bought it and within the hour after (bought-cart-order.ts)
      const placed = token.success ? await checkoutsBoughtCartConfirmation(deps, req, cart) : await visitorsBoughtCartConfirmation(deps, req);
      if (placed !== null) {
        res.redirect(303, placed);
        return;
      }
    }
    const cartToken = token.success ? token.data.cartToken : undefined;
    // back from a native post of the form (checkout-native-post.ts): said above the form, which is the page as usual (200)
    const notPlaced = req.query[NOT_PLACED_FLAG] === '1' ? serverMessages.checkoutNotPlaced : null;
    await renderCheckout(req, res, open, '/checkout', notPlaced, { form: await checkoutFormIsland(deps, requestContent(deps, req).site, open, cartToken) }, 200);
  });

  // Orders are placed only through the checkout form's calls (details, shipping, payment). A form
  // posted here (a browser without scripts) goes back to that form, saying nothing was bought.
  router.post('/checkout', checkoutLimiter, answerNativeCheckoutPost);

  async function subscriptionCart(token: string): Promise<CartRecord | null> {
    const cart = await carts.findByToken(token);
    return cart && cart.kind === 'subscription' && !cart.isPurchased ? cart : null;
  }

  /** The confirmation of the order a subscription cart became, for the buyer coming back to its checkout (Back, a bookmark). */
  async function subscriptionOrderPlaced(token: string): Promise<string | null> {
    const cart = await carts.findByToken(token);
    return cart?.kind === 'subscription' ? confirmationOfBoughtCart(deps, cart) : null;
  }

  router.get('/checkout/subscription', async (req, res) => {
    const parsed = cartTokenSchema.safeParse(req.query);
    const cart = parsed.success ? await subscriptionCart(parsed.data.cartToken) : null;
    if (!parsed.success || !cart) {
      // the cart's token is the buyer's key to it: once bought, it leads to the order, not to "not found"
      const placed = parsed.success ? await subscriptionOrderPlaced(parsed.data.cartToken) : null;
      if (placed !== null) {
        res.redirect(303, placed);
        return;
      }
      await notFound(req, res);
      return;
    }
    const [first] = await carts.entries(cart.id);
    const product = first ? await requestContent(deps, req).catalogue.productById(first.productId) : undefined;
    await renderCheckout(req, res, cart, '/checkout/subscription', null, {
      form: await checkoutFormIsland(deps, requestContent(deps, req).site, cart, parsed.data.cartToken),
      cartToken: parsed.data.cartToken,
      subscription: product ? productItem(product, cart.currency, null) : null,
    });
  });

  router.post('/checkout/subscription', checkoutLimiter, async (req, res) => {
    const parsed = cartTokenSchema.safeParse(req.body);
    const cart = parsed.success ? await subscriptionCart(parsed.data.cartToken) : null;
    if (!parsed.success || !cart) {
      await notFound(req, res);
      return;
    }
    res.redirect(303, PAGE_PATHS.subscription(parsed.data.cartToken));
  });

  /** The gift card page with an amount chosen. */
  function giftCardPageUrl(itemId: string, sku: string): string {
    return `/checkout/gift-card?itemId=${encodeURIComponent(itemId)}&sku=${encodeURIComponent(sku)}`;
  }

  async function giftCardChoice(catalogue: CatalogueRepository, input: unknown) {
    const parsed = giftCardQuerySchema.safeParse(input);
    if (!parsed.success) return null;
    // a gift card the owner hid is not sold, as its product page is gone (404)
    const product = await catalogue.visibleProductById(parsed.data.itemId);
    if (!product || product.productType !== PRODUCT_TYPE.GIFT_CARD) return null;
    const variant = parsed.data.sku ? variantBySku(product, parsed.data.sku) : undefined;
    return { product, variant };
  }

  router.get('/checkout/gift-card', async (req, res) => {
    const { site, catalogue } = requestContent(deps, req);
    const choice = await giftCardChoice(catalogue, req.query);
    if (!choice) {
      await notFound(req, res);
      return;
    }
    const currency = await site.currency();
    // Each amount as the product page's dropdown writes it: the price in the store's money format.
    const format = await storeMoneyFormat(site);
    const label = (variant: (typeof choice.product.variants)[number]): string => formatMoneyWith(variant.priceCents, format);
    await pages.render(req, res, {
      template: 'gift-card',
      pageType: PAGE_TYPE.CHECKOUT,
      pageTitle: serverMessages.giftCardTitle,
      status: choice.variant ? 200 : 400,
      context: {
        item: productItem(choice.product, currency, null),
        giftCard: {
          denomination: choice.variant ? { sku: choice.variant.sku, label: label(choice.variant) } : null,
          error: choice.variant ? null : ADD_TO_CART.giftCardDenomination,
          // The amounts as choices; the chosen one is marked (aria-current) by the template.
          denominations: choice.product.variants.map((variant) => ({
            sku: variant.sku,
            label: label(variant),
            current: variant.sku === choice.variant?.sku,
            url: giftCardPageUrl(choice.product.id, variant.sku),
          })),
        },
        // posted to the chosen amount's own address, so a refused post can lead back to it
        checkout: { action: choice.variant ? giftCardPageUrl(choice.product.id, choice.variant.sku) : '/checkout/gift-card', crumb: crumbOf(req), testMode: true },
      },
    });
  });

  router.post('/checkout/gift-card', checkoutLimiter, async (req, res) => {
    const { site, catalogue } = requestContent(deps, req);
    const choice = await giftCardChoice(catalogue, req.body);
    if (!choice) {
      await notFound(req, res);
      return;
    }
    if (!choice.variant) {
      // Back to the choice, which says a denomination is needed.
      res.redirect(303, `/checkout/gift-card?itemId=${encodeURIComponent(choice.product.id)}`);
      return;
    }
    const { product, variant } = choice;
    const currency = await site.currency();
    const cart = await deps.store.transaction(async (tx) => {
      const giftCardCarts = new CartRepository(tx);
      const created = await giftCardCarts.create('cart', currency, currentSiteUserId(req));
      await giftCardCarts.addEntry(created.id, product.id, variant.id, 1, null);
      return created;
    });
    // the gift card is paid for at the checkout, which asks for its recipient
    res.redirect(303, `/checkout?cartToken=${encodeURIComponent(cart.token)}`);
  });

  router.get(`${CONFIRMATION_PATH}/:orderId`, async (req, res) => {
    const order = await orders.findById(req.params.orderId);
    // The token in the link is the only key: without it an order id reveals nothing.
    if (!order || req.query.token !== order.viewToken) {
      await notFound(req, res);
      return;
    }
    const purchasedCart = await carts.findById(order.purchasedCartId);
    const isSubscription = purchasedCart?.kind === 'subscription';
    await pages.render(req, res, {
      template: 'order-confirmed',
      pageType: isSubscription ? PAGE_TYPE.SUBSCRIPTION_CONFIRMED : PAGE_TYPE.ORDER_CONFIRMED,
      pageTitle: isSubscription ? serverMessages.subscriptionConfirmedTitle : serverMessages.orderConfirmedTitle,
      context: { order: { ...orderView(order), ...(await orderConfirmationContext(deps, order)) }, ...purchaseEventContext(order, Date.now()) },
    });
  });

  return router;
}

/**
 * The cart view with its tax and shipping as money objects too, for the page's money formatter,
 * and each line's variant in words ("Size: M, Color: Natural") rather than its SKU.
 */
function checkoutCart(view: Awaited<ReturnType<typeof cartView>>): Record<string, unknown> {
  return {
    ...view,
    entries: view.entries.map((entry) => ({
      ...entry,
      variantLabel: Object.entries(entry.chosenVariant.attributes).map(([name, value]) => `${name}: ${value}`).join(', '),
    })),
    taxMoney: moneyObject(view.taxCents, view.currency),
    shippingMoney: moneyObject(view.shippingCostCents, view.currency),
  };
}

/**
 * How long after the order its page still carries the purchase event. The event is the page the
 * checkout leads to; the same page opened later from the confirmation, shipping or refund email
 * (in another browser, whose storage never saw the event sent: purchase-tracking.ts) is a revisit,
 * and counted the sale again, a refunded one too.
 */
export const PURCHASE_EVENT_WINDOW_MS = 60 * 60 * 1000;

/** The purchase event for analytics, and the same escaped for the page's JSON script element; none once the order is older than the window. */
function purchaseEventContext(order: Parameters<typeof purchaseEvent>[0], now: number): Record<string, unknown> {
  if (now - order.createdOn > PURCHASE_EVENT_WINDOW_MS) return {};
  const event = purchaseEvent(order);
  return { purchaseEvent: event, purchaseEventJson: scriptJson(event) };
}
