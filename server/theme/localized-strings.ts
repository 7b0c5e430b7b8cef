import { messages } from '../../engine/messages.ts';
import { LIKERT_LABELS } from '../../engine/plugins/enums.ts';

/**
 * The platform's English interface strings, as page contexts carry them under `localizedStrings`:
 * what the platform's commerce formatters look up (`product-status`, `add-to-cart-btn`,
 * `product-price`, `quantity-input`, `variants-select`, `product-quick-view`, form summaries) and
 * templates may print themselves (`{localizedStrings.productSoldOutText}`). Each English text is
 * the one the engine falls back to when a key is absent, so the catalogue changes no wording; it
 * gives templates the keys to read. A subscription's price wording (keys such as
 * productPrice__singlePrice__1Weekly__indefinite) is built by the engine from the plan itself and
 * is not listed.
 */
export const LOCALIZED_STRINGS: Readonly<Record<string, string>> = Object.freeze({
  productAddToCartText: messages.commerceAddToCart,
  productSubscribeText: messages.commerceSubscribe,
  productQuickViewText: messages.commerceQuickView,
  productSoldOutText: messages.commerceSoldOut,
  productSaleText: messages.commerceSale,
  productQuantityInputLabel: messages.commerceQuantity,
  productVariantSelectText: messages.commerceSelectVariant,
  productPriceFromText: messages.commerceFromPrice,
  productPriceUnavailable: messages.subscriptionUnavailable,
  giftCardValueDisplayText: messages.commerceGiftCardValue,
  giftCardVariantSelectText: messages.commerceSelectGiftCardValue,
  productSummaryFormNoAnswerText: messages.formAnswerEmpty,
  productAnswerMapStronglyDisagree: LIKERT_LABELS['-2'],
  productAnswerMapDisagree: LIKERT_LABELS['-1'],
  productAnswerMapNeutral: LIKERT_LABELS['0'],
  productAnswerMapAgree: LIKERT_LABELS['1'],
  productAnswerMapStronglyAgree: LIKERT_LABELS['2'],
});
