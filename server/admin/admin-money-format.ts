/**
 * The money format the admin writes amounts in: the store's currency in the store's locale, as
 * the shop writes them. One reading of the site documents for the admin's page and for the
 * settings saved under it, so the two never describe the currency differently.
 */
import type { MoneyFormat } from '../../client/lib/money.ts';
import { moneyFormatFor } from '../commerce/money-format.ts';
import { currencyOf } from '../db/site-repository.ts';
import { storeLocale } from '../pages/base-context.ts';

export function adminMoneyFormat(website: Record<string, unknown>, websiteSettings: Record<string, unknown>): MoneyFormat {
  return moneyFormatFor(currencyOf(websiteSettings), storeLocale(website));
}
