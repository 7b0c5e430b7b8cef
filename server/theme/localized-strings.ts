import { messages } from '../../engine/messages.ts';
import { LIKERT_LABELS } from '../../engine/plugins/enums.ts';
import { currentLanguage } from '../../client/lib/language.ts';
import { BUTTON, LIKERT_SCALE, PLATFORM_WORDS, selectVariantLabel } from '../../client/lib/messages.ts';

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

/**
 * The `localizedStrings` of the current language (the store's, client/lib/language.ts): the
 * English catalogue above for an English store, else the same keys from the storefront catalogue's
 * translation, so the commerce formatters write a German shop's buttons in German.
 */
export function localizedStringsNow(): Readonly<Record<string, string>> {
  const language = currentLanguage();
  if (language === 'en') return LOCALIZED_STRINGS;
  // every page of the store asks (twice): the translations are registered once, so each language's is made once
  let strings = translatedStrings.get(language);
  if (strings === undefined) {
    strings = Object.freeze(translatedLocalizedStrings());
    translatedStrings.set(language, strings);
  }
  return strings;
}

const translatedStrings = new Map<string, Readonly<Record<string, string>>>();

/** The keys of LOCALIZED_STRINGS (and the subscription wordings) in the current language. */
function translatedLocalizedStrings(): Record<string, string> {
  const likert = Object.fromEntries(LIKERT_SCALE);
  return {
    productAddToCartText: BUTTON.addToCartDefault,
    productSubscribeText: BUTTON.subscribe,
    productQuickViewText: BUTTON.quickView,
    productSoldOutText: BUTTON.soldOut,
    productSaleText: BUTTON.sale,
    productQuantityInputLabel: BUTTON.quantity,
    productVariantSelectText: selectVariantLabel('{variantName}'),
    productPriceFromText: PLATFORM_WORDS.fromPrice,
    productPriceUnavailable: PLATFORM_WORDS.priceUnavailable,
    giftCardValueDisplayText: PLATFORM_WORDS.giftCardValue,
    giftCardVariantSelectText: BUTTON.selectValue,
    productSummaryFormNoAnswerText: PLATFORM_WORDS.formAnswerEmpty,
    productAnswerMapStronglyDisagree: likert['-2']!,
    productAnswerMapDisagree: likert['-1']!,
    productAnswerMapNeutral: likert['0']!,
    productAnswerMapAgree: likert['1']!,
    productAnswerMapStronglyAgree: likert['2']!,
    ...subscriptionPriceWordings(),
  };
}

const UNITS = ['Week', 'Month', 'Year'] as const;

/**
 * Every productPrice__… key the engine asks for a subscription's price (subscriptionPriceKey in
 * engine/plugins/commerce/subscription.ts: one or several prices, billed every unit or every n
 * units, until cancelled or for 1 or n units), in the current language, with the engine's
 * placeholders {price}, {billingPeriodValue} and {duration}.
 */
function subscriptionPriceWordings(): Record<string, string> {
  const every = (n: '1' | 'n', unit: (typeof UNITS)[number]): string => PLATFORM_WORDS[n === '1' ? (`subscriptionEvery${unit}` as const) : (`subscriptionEveryN${unit}s` as const)];
  const lasting = (n: '1' | 'n', unit: (typeof UNITS)[number]): string => PLATFORM_WORDS[n === '1' ? (`subscriptionFor1${unit}` as const) : (`subscriptionForN${unit}s` as const)];
  const wordings: Record<string, string> = {};
  for (const prices of ['singlePrice', 'multiplePrices'] as const) {
    const price = prices === 'multiplePrices' ? PLATFORM_WORDS.fromPrice.replace('{fromPrice}', '{price}') : '{price}';
    for (const n of ['1', 'n'] as const) {
      for (const unit of UNITS) {
        const billed = `${price} ${every(n, unit)}`;
        wordings[`productPrice__${prices}__${n}${unit}ly__indefinite`] = billed;
        for (const m of ['1', 'n'] as const) {
          for (const length of UNITS) wordings[`productPrice__${prices}__${n}${unit}ly__limited__${m}${length}s`] = `${billed} ${lasting(m, length)}`;
        }
      }
    }
  }
  return wordings;
}
