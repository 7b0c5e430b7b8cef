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
import { countriesServed } from '../commerce/shipping-zones.ts';

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
 * and the names its postal code refusals give. `served`: only those countries (shipping-zones.ts).
 */
export function countriesIn(locale: string, shopCountry = '', served: ReadonlySet<string> | null = null): CheckoutCountry[] {
  const names = regionNamesIn(locale);
  const home = shippingCountryNamed(shopCountry, locale) ?? locale.split('-')[1]?.toUpperCase();
  const codes = served ? SHIPPING_COUNTRIES.filter((code) => served.has(code)) : SHIPPING_COUNTRIES;
  const countries = codes.map((code) => ({ code, name: names?.of(code) ?? code, hasRegion: countryHasRegion(code) }));
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
  const settings = await readCheckoutSettings(deps.store, site);
  // An order that ships lists only the countries some rate ships to: a shopper expects the list
  // to be where the shop delivers, as larger shops' are, and learns that their country is not
  // among them before typing an address rather than after (the quote and the order still refuse
  // one sent anyway, in "We don't ship to … yet."). One that ships nothing (gift cards,
  // downloads) asks for a billing address, which may be anywhere. The first quote is for the
  // country the list starts with.
  const shipTo = countriesIn(settings.locale, settings.shopCountry, countriesServed(settings.shippingRates));
  const quote = await quoteCart(deps.store, cart, { countryCode: shipTo[0]?.code ?? '' }, undefined, kept, '', site);
  if (quote.lines.length === 0) return null;
  const countries = quote.requiresShipping ? shipTo : countriesIn(settings.locale, settings.shopCountry);
  return renderIsland('Checkout', {
    quote: checkoutQuoteView(quote),
    moneyFormat: moneyFormatFor(settings.currency, settings.locale),
    countries,
    ...(cartToken ? { cartToken } : {}),
    ...(kept && quote.discountError !== null ? { refusedDiscountCode: kept } : {}),
    testMode: checkoutServices(deps).payments.testMode,
  });
}
