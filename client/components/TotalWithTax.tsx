/**
 * The total of a list of totals (`<dl>`) with the tax's row where a receipt puts it: above the
 * total when the tax is added to it, under it when the prices include it (said, not added:
 * `Includes VAT (23%) $10.85`). The checkout, the cart and the owner's order screen all write
 * their tax this way, so a change to how the tax is shown is made here (its words: tax-label.ts).
 */
import type { ReactNode } from 'react';
import { taxLabel } from '../lib/tax-label.ts';

/** The tax as a checkout quote, a cart answer or an order detail carries it (an older server's cart or order lacks the last three). */
export interface TaxShown {
  taxCents: number;
  taxIncluded?: boolean;
  /** The shop's name for its tax ('' or absent: the platform's words). */
  taxName?: string;
  /** The rate in tenths of a basis point (0, null or absent: not said). */
  taxRateTenths?: number | null;
}

interface TotalWithTaxProps {
  /** null for no tax row: the cart says nothing of a tax of 0, while an order's totals show one. */
  tax: TaxShown | null;
  money: (cents: number) => string;
  /** The amount's class: the checkout's summary marks each of its amounts, its copy above the button none. */
  amountClassName?: string;
  /** The total's own `<dt>` and `<dd>`, as each place words and marks it. */
  children: ReactNode;
}

export function TotalWithTax({ tax, money, amountClassName, children }: TotalWithTaxProps) {
  const included = tax?.taxIncluded === true;
  const row = tax === null ? null : (
    <><dt>{taxLabel(tax.taxName ?? '', included, tax.taxRateTenths ?? null)}</dt><dd className={amountClassName}>{money(tax.taxCents)}</dd></>
  );
  return <>{included ? null : row}{children}{included ? row : null}</>;
}
