import type { ProductRecord } from '../db/catalogue-repository.ts';
import { serverMessages } from '../messages.ts';
import { HttpError } from '../security/http-error.ts';
import { isSubscribable, PRODUCT_TYPE } from './pricing.ts';

/**
 * The products the shopping cart refuses, as the product page never puts them there: a
 * subscription starts a cart of its own (POST /api/3/commerce/cart/subscription, then
 * /checkout/subscription, which keeps its billing interval) and a gift card is bought on its
 * own page (/checkout/gift-card, which asks for its recipient). Through the cart they would
 * be bought as a one-off, or asked for a shipping option.
 */
export function assertBoughtThroughCart(product: ProductRecord): void {
  if (product.productType === PRODUCT_TYPE.GIFT_CARD) throw new HttpError(400, serverMessages.giftCardNotInCart);
  if (isSubscribable(product)) throw new HttpError(400, serverMessages.subscriptionNotInCart);
}
