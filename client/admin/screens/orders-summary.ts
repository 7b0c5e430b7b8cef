/**
 * The line above the orders list: how many orders the filters find (every page, not only the one
 * shown) and what they took, in the store's money format. Taken is the totals of the paid and
 * fulfilled orders; test-mode orders, where no money moves, are said apart, and cancelled and
 * refunded orders are counted but their money is not.
 */
import { ADMIN } from '../../lib/admin-messages.ts';
import { formatMoney, type MoneyFormat } from '../../lib/money.ts';

export interface OrdersSummary {
  orders: number;
  notCounted: number;
  taken: Array<{ currency: string; cents: number }>;
  takenInTestMode: Array<{ currency: string; cents: number }>;
}

/** Totals in several currencies (a store that changed its currency), its own first: "$12.50 + €3.00". */
function amounts(totals: OrdersSummary['taken'], format: MoneyFormat | null): string {
  const first = format?.currency;
  const ordered = [...totals].sort((a, b) => Number(b.currency === first) - Number(a.currency === first));
  return ordered.map((total) => formatMoney(total.cents, total.currency, format)).join(' + ');
}

export function ordersSummaryText(summary: OrdersSummary, format: MoneyFormat | null): string {
  // nothing taken is still said, in the store's currency: "$0.00 taken"
  const taken = summary.taken.length > 0 ? summary.taken : [{ currency: format?.currency ?? 'USD', cents: 0 }];
  const parts = [ADMIN.ordersFound(summary.orders)];
  if (summary.taken.length > 0 || summary.takenInTestMode.length === 0) parts.push(ADMIN.ordersTaken(amounts(taken, format)));
  if (summary.takenInTestMode.length > 0) parts.push(ADMIN.ordersTakenInTestMode(amounts(summary.takenInTestMode, format)));
  if (summary.notCounted > 0) parts.push(ADMIN.ordersNotCounted(summary.notCounted));
  return parts.join(' · ');
}
