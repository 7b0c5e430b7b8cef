/**
 * The words of the tax's row in the cart, the checkout, the order page and the order emails: the
 * platform's ("Tax", "Includes tax") unless the shop names its tax (Settings: Tax name, such as VAT
 * or GST), then that name ("VAT", "Includes VAT"). `included`: the prices include the tax, which is
 * then said under the total rather than added above it.
 */
import { CART } from './messages.ts';

export function taxLabel(name: string, included: boolean): string {
  if (name === '') return included ? CART.taxIncluded : CART.tax;
  return included ? CART.includesNamedTax(name) : name;
}
