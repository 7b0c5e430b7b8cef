import { renderIsland } from '../../client/server-render.ts';
import { SHIPPING_COUNTRIES } from '../../client/lib/checkout-schema.ts';
import { moneyFormatFor } from '../commerce/money-format.ts';
import type { AppDeps } from '../deps.ts';
import type { SiteRepository } from '../db/site-repository.ts';
import type { CheckoutCart } from '../commerce/checkout-order.ts';
import { quoteCart } from '../commerce/checkout-order.ts';
import { readCheckoutSettings } from '../commerce/checkout-quote.ts';
import { checkoutServices } from '../commerce/checkout-services.ts';
import { checkoutQuoteView } from '../commerce/checkout-view.ts';
import { regionNamesIn, shippingCountryNamed } from '../commerce/shipping-country-named.ts';
import { countryHasRegion } from '../commerce/country-regions.ts';

/** A country as the checkout's list shows it. */
export interface CheckoutCountry {
  code: string;
  /** In the store's language. */
  name: string;
  /** Its addresses name a state or province: the checkout asks for one (country-regions.ts). */
  hasRegion: boolean;
}

/** Alphabetical order in `locale`, English's for a locale Intl refuses. */
function collatorIn(locale: string): Intl.Collator {
  try {
    return new Intl.Collator([locale, 'en']);
  } catch {
    return new Intl.Collator('en');
  }
}

/**
 * Country names in the store's language, in that language's alphabetical order with the store's
 * own country first when it ships there (the business address's country, else the language's
 * region: `en-US`): the checkout's country list, whose first is the one a shopper starts with,
 * and the names its postal code refusals give.
 */
export function countriesIn(locale: string, shopCountry = ''): CheckoutCountry[] {
  const names = regionNamesIn(locale);
  const home = shippingCountryNamed(shopCountry, locale) ?? locale.split('-')[1]?.toUpperCase();
  const countries = SHIPPING_COUNTRIES.map((code) => ({ code, name: names?.of(code) ?? code, hasRegion: countryHasRegion(code) }));
  const collator = collatorIn(locale);
  return countries.sort((a, b) => (a.code === home ? -1 : b.code === home ? 1 : collator.compare(a.name, b.name)));
}

/**
 * The checkout island's HTML for a cart, priced now; null when there is nothing to buy. The
 * discount code the cart keeps is applied again when it still applies; otherwise the totals are
 * plain and the code is back in its box with the reason, as a code refused on Apply is.
 */
export async function checkoutFormIsland(deps: AppDeps, site: SiteRepository, cart: CheckoutCart | null, cartToken?: string): Promise<string | null> {
  if (!cart) return null;
  const kept = cart.discountCode ?? undefined;
  const [quote, settings] = await Promise.all([quoteCart(deps.store, cart, undefined, undefined, kept, '', site), readCheckoutSettings(deps.store, site)]);
  if (quote.lines.length === 0) return null;
  return renderIsland('Checkout', {
    quote: checkoutQuoteView(quote),
    moneyFormat: moneyFormatFor(settings.currency, settings.locale),
    countries: countriesIn(settings.locale, settings.shopCountry),
    ...(cartToken ? { cartToken } : {}),
    ...(kept && quote.discountError !== null ? { refusedDiscountCode: kept } : {}),
    testMode: checkoutServices(deps).payments.testMode,
  });
}
