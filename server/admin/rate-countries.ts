/**
 * The countries of the shipping rates an owner saves, as typed (`DE, Österreich, switzerland`),
 * turned into the ISO codes the checkout compares: each by its code or its name in the store's
 * language or English, any case. One the checkout does not ship to, or a name it does not know,
 * is refused under that rate's box, named as typed.
 */
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { shippingCountryNamed } from '../commerce/shipping-country-named.ts';
import type { ShippingRate } from '../commerce/shipping-rates.ts';
import { fillMessage } from '../messages.ts';
import { fieldError } from './admin-validation.ts';

/** `stored`: the rates saved before, whose countries a rate sent without any keeps (by its id). */
export function ratesWithCountryCodes<Rate extends { id: string; countries?: string[] | undefined }>(
  rates: readonly Rate[], locale: string, stored: readonly ShippingRate[],
): Array<Omit<Rate, 'countries'> & Pick<ShippingRate, 'countries'>> {
  return rates.map((rate, index) => {
    if (rate.countries === undefined) return { ...rate, countries: stored.find((kept) => kept.id === rate.id)?.countries ?? [] };
    const codes: string[] = [];
    for (const typed of rate.countries) {
      const code = shippingCountryNamed(typed, locale);
      if (!code) throw fieldError(`shippingRates.${index}.countries`, fillMessage(ADMIN.server.notAShippingCountry, { country: typed }));
      // one country typed twice (DE and Germany) is kept once
      if (!codes.includes(code)) codes.push(code);
    }
    return { ...rate, countries: codes };
  });
}
