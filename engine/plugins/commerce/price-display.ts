/**
 * How a price is shown on a product: through CLDR in the render's locale when
 * the website enables `useCLDRMoneyFormat`, otherwise in the legacy
 * native-money markup.
 */
import type { RenderContext } from '../types.ts';
import { formatMoneyCLDR } from '../i18n/money.ts';
import { legacyPriceHtml, moneyAmountOf, moneyCurrencyOf } from './money.ts';
import { usesCldrMoneyFormat } from './lookup.ts';

export function priceHtml(money: unknown, ctx: RenderContext): string {
  if (usesCldrMoneyFormat(ctx)) {
    return formatMoneyCLDR(moneyAmountOf(money).toString(), moneyCurrencyOf(money), ctx.locale);
  }
  return legacyPriceHtml(money);
}
