/** An order's shipping address as lines to show or print. */
import { addressLines } from '../commerce/checkout-order.ts';
import type { AdminOrderDetail } from '../db/admin-order-repository.ts';
import { shippingAddressFields } from '../db/checkout-order-repository.ts';

/** The checkout's fields as the country's post writes them, or an older order's address text; none for an order without one. */
export function shipToLines(address: AdminOrderDetail['shippingAddress'], locale: string): string[] {
  if (address === null) return [];
  if (typeof address === 'string') return [address];
  return addressLines(shippingAddressFields(address), locale);
}
