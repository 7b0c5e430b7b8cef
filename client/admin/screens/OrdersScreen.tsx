/**
 * Orders: number, date, customer, total and status, newest first; by status, by the days they were
 * placed (in the store's time zone), found by number, email or name, with what the orders found
 * took; the CSV export of the same orders. The filters and the page are kept in the address.
 * On a phone each order is a card (`admin-table--cards`, as Inventory's rows), its status in view.
 */
import { useRef } from 'react';
import { ADMIN } from '../../lib/admin-messages.ts';
import { ADMIN_PATHS } from '../../lib/admin-paths.ts';
import { CardTableHead } from '../CardTableHead.tsx';
import { formatMoney, type MoneyFormat } from '../../lib/money.ts';
import type { Navigate } from '../AdminApp.tsx';
import { Notice } from '../Field.tsx';
import { SearchForm } from '../SearchForm.tsx';
import { pageOf, useAddressQuery } from '../use-address-query.ts';
import { useCall } from '../use-call.ts';
import { ADMIN_PAGE_SIZE, Pager } from '../Pager.tsx';
import { TableRegion } from '../TableRegion.tsx';
import { StoreDate } from '../StoreDate.tsx';
import { OrderPeriodFilter, type PeriodChoice } from './OrderPeriodFilter.tsx';
import { ordersSummaryText, type OrdersSummary } from './orders-summary.ts';
import { AdminLink } from '../AdminLink.tsx';

export interface OrderSummary {
  id: string; orderNumber: string | null; createdOn: number; email: string | null; name: string | null; grandTotalCents: number; currency: string;
  status: string; testMode: boolean; itemCount: number;
  /** The order's emails that failed (refused by the mail server, or given up as too late to send). */
  emailsNotSent?: number;
  /** What refunds of part of it gave back (absent from an older server). */
  refundedCents?: number;
}

export function orderLabel(order: { id: string; orderNumber: string | number | null }): string {
  // a number as the gift card and discount calls answer it, or as text as the orders' calls do
  const number = order.orderNumber === null ? '' : String(order.orderNumber);
  return number ? `#${number.replace(/^#/, '')}` : order.id.slice(0, 8);
}

interface OrdersAnswer {
  orders: OrderSummary[];
  hasMore: boolean;
  summary?: OrdersSummary;
  /** The store's time zone, in which the days are counted and the dates written. */
  timeZone?: string;
  moneyFormat?: MoneyFormat;
}

/** The address's filters, as the list's and the export's calls take them. */
const FILTERS = ['status', 'q', 'period', 'from', 'to'] as const;

/**
 * The list's filters and page out of an address's query (the list's, or an order's opened from
 * it, which carries them so that its way back leads to the same list), as a query to add to a path.
 */
export function ordersListQuery(address: URLSearchParams): string {
  const kept = [...FILTERS, 'page'].map((name) => [name, address.get(name) ?? '']).filter(([, value]) => value !== '');
  const query = new URLSearchParams(kept).toString();
  return query === '' ? '' : `?${query}`;
}

export function OrdersScreen({ navigate }: { navigate: Navigate }) {
  const [address, setAddress] = useAddressQuery();
  const filters = Object.fromEntries(FILTERS.map((name) => [name, address.get(name) ?? ''])) as Record<(typeof FILTERS)[number], string>;
  const { page, offset } = pageOf(address, ADMIN_PAGE_SIZE);
  const filterQuery = new URLSearchParams(Object.entries(filters).filter(([, value]) => value !== '')).toString();
  const { data, error } = useCall<OrdersAnswer>(
    `/api/admin/orders?limit=${ADMIN_PAGE_SIZE}&offset=${offset}${filterQuery ? `&${filterQuery}` : ''}`,
  );
  // another filter starts again from the first page, with the words the search box shows (an
  // emptied box is no search), as on the Products screen
  const searchBox = useRef<HTMLInputElement>(null);
  const filter = (changed: Partial<typeof filters>) => setAddress({ ...filters, q: searchBox.current?.value.trim() ?? filters.q, ...changed, page: '' });
  const timeZone = data?.timeZone ?? null;
  const moneyFormat = data?.moneyFormat ?? null;
  // an order opened from the list keeps the list's filters, for its way back
  const orderPath = (orderId: string) => `${ADMIN_PATHS.order(orderId)}${ordersListQuery(address)}`;
  const period: PeriodChoice = { period: filters.period, from: filters.from, to: filters.to };
  return (
    <section aria-labelledby="orders-title">
      <div className="admin-toolbar">
        <h1 id="orders-title">{ADMIN.screens.orders}</h1>
        {/* the list's two ways out, kept together at the bar's end: apart, space-between left Export CSV mid-bar */}
        <div className="admin-toolbar-actions">
          <a href={`/api/admin/orders.csv${filterQuery ? `?${filterQuery}` : ''}`} download>{ADMIN.exportCsv}</a>
          <a href={ADMIN_PATHS.packingSlips(filterQuery)}>{ADMIN.printPackingSlips}</a>
        </div>
      </div>
      <SearchForm id="order-search" hint={ADMIN.orderSearchHint} initialWords={filters.q} inputRef={searchBox} onSearch={(words) => filter({ q: words })} />
      <p className="admin-field">
        <label htmlFor="order-status">{ADMIN.status}</label>
        <select id="order-status" value={filters.status} onChange={(event) => filter({ status: event.target.value })}>
          <option value="">{ADMIN.allOrders}</option>
          {Object.entries(ADMIN.orderStatuses).map(([value, label]) => <option key={value} value={value}>{label}</option>)}
        </select>
      </p>
      <OrderPeriodFilter choice={period} timeZone={timeZone} onChoose={(choice) => filter(choice)} />
      <Notice text={error} kind="error" />
      {data && data.orders.length === 0 ? <p>{filterQuery ? ADMIN.noMatchingOrders : ADMIN.noOrders}</p> : null}
      {data?.summary && data.summary.orders > 0 ? <p className="admin-orders-summary" role="status">{ordersSummaryText(data.summary, moneyFormat)}</p> : null}
      {data && data.orders.length > 0 ? (
        <TableRegion label={ADMIN.screens.orders}>
          {/* the roles are said outright: a table drawn as cards (display: block) stays a table to screen readers */}
          <table role="table" className="admin-table admin-table--cards admin-orders">
            <CardTableHead columns={[ADMIN.orderNumber, ADMIN.date, ADMIN.customer, ADMIN.total, ADMIN.status]} />
            <tbody role="rowgroup">
              {data.orders.map((order) => (
                <tr role="row" key={order.id} data-order-id={order.id}>
                  <td role="cell" data-label={ADMIN.orderNumber}>
                    <AdminLink to={orderPath(order.id)} navigate={navigate}>{orderLabel(order)}</AdminLink>
                  </td>
                  {/* in the zone the filter's days were counted in */}
                  <td role="cell" data-label={ADMIN.date}><StoreDate on={order.createdOn} zone={timeZone} /></td>
                  <td role="cell" data-label={ADMIN.customer}>{order.name ?? order.email ?? ADMIN.notRecorded}</td>
                  <td role="cell" data-label={ADMIN.total}>{formatMoney(order.grandTotalCents, order.currency, moneyFormat)}</td>
                  <td role="cell" data-label={ADMIN.status} className={`admin-status admin-status--${order.status}`}>
                    {/* one piece, so a card's line keeps the flags beside the status rather than under its label */}
                    <span>
                      {ADMIN.orderStatuses[order.status] ?? order.status}{order.testMode ? ` · ${ADMIN.testMode}` : ''}
                      {(order.status === 'paid' || order.status === 'fulfilled') && order.refundedCents
                        ? <small className="admin-hint"> · {ADMIN.partlyRefunded(formatMoney(order.refundedCents, order.currency, moneyFormat))}</small> : null}
                      {order.emailsNotSent ? <small className="admin-hint"> · {ADMIN.orderEmailsNotSent(order.emailsNotSent)}</small> : null}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      ) : null}
      {data ? <Pager offset={offset} shown={data.orders.length} hasMore={data.hasMore} onPage={(next) => setAddress({ ...filters, page: next === 0 ? '' : String(next / ADMIN_PAGE_SIZE + 1) })} /> : null}
    </section>
  );
}
