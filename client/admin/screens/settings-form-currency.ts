/** The Settings form's amounts follow its currency: written as the chosen currency writes them. */
import { centsFromText, textFromCents } from '../../lib/money-input.ts';
import type { SettingsForm } from './SettingsScreen.tsx';

/**
 * The form with another currency chosen. Amounts are kept in minor units and never converted
 * (a shirt of 6800 is $68.00, or ¥6,800), so each typed amount keeps its minor units and is
 * written as the new currency writes them: $2.50 becomes ¥250 and back, never rounded. Text that
 * is not an amount stays as typed.
 */
export function withCurrency(form: SettingsForm, currency: string): SettingsForm {
  const same = (text: string) => {
    const cents = centsFromText(text, form.currency);
    return Number.isNaN(cents) ? text : textFromCents(cents, currency);
  };
  return { ...form, currency, rates: form.rates.map((rate) => ({ ...rate, price: same(rate.price), perKilogram: same(rate.perKilogram), freeOver: same(rate.freeOver) })) };
}
