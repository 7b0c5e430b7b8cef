/**
 * Which orders a list asks for, from its query: by status, by words (an order number, the
 * customer's email or name, a discount code) and by the days they were placed, in the store's
 * time zone. The orders list, its CSV export and its packing slips read the same query, so each
 * covers the orders the screen shows.
 */
import { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import type { AdminOrderFilter } from '../db/admin-order-repository.ts';
import { SiteRepository } from '../db/site-repository.ts';
import { ownerText } from './admin-validation.ts';
import { periodDays, periodFields, periodInstants, storeTimeZone, type PeriodDays, type PeriodQuery } from './order-period.ts';

/** The query fields of an orders filter. */
export const orderFilterFields = {
  status: z.enum(['paid', 'fulfilled', 'cancelled', 'refunded']).optional(),
  // an order number (#1042 or 1042), or words of the customer's email or name
  q: ownerText(200).default(''),
  ...periodFields,
};

export type OrderFilterQuery = PeriodQuery & { status?: AdminOrderFilter['status']; q: string };

/** The orders a checked query asks for, with the days it covers in the store's time zone. */
export async function orderFilterOf(deps: AppDeps, query: OrderFilterQuery): Promise<{ filter: AdminOrderFilter; days: PeriodDays; timeZone: string }> {
  const timeZone = storeTimeZone(await new SiteRepository(deps.store).website());
  const days = periodDays(query, timeZone, Date.now());
  return { filter: { status: query.status, search: query.q, ...periodInstants(days, timeZone) }, days, timeZone };
}
