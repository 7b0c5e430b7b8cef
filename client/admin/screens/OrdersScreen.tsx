/** Orders: number, date, customer, total and status, newest first; by status, found by number, email or name; the CSV export. */
import { useState } from 'react';
import { ADMIN } from '../../lib/admin-messages.ts';
import { ADMIN_PATHS } from '../../lib/admin-paths.ts';
import { formatMoney } from '../../lib/money.ts';
import type { Navigate } from '../AdminApp.tsx';
import { Notice } from '../Field.tsx';
import { SearchForm } from '../SearchForm.tsx';
import { useCall } from '../use-call.ts';
import { ADMIN_PAGE_SIZE, Pager } from '../Pager.tsx';
import { TableRegion } from '../TableRegion.tsx';

export interface OrderSummary {
  id: string; orderNumber: string | null; createdOn: number; email: string | null; name: string | null; grandTotalCents: number; currency: string;
  status: string; testMode: boolean; itemCount: number;
  /** The order's emails that failed (refused by the mail server, or given up as too late to send). */
  emailsNotSent?: number;
}

export function orderLabel(order: { id: string; orderNumber: string | null }): string {
  return order.orderNumber ? `#${order.orderNumber.replace(/^#/, '')}` : order.id.slice(0, 8);
}

export function OrdersScreen({ navigate }: { navigate: Navigate }) {
  const [status, setStatus] = useState('');
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const { data, error } = useCall<{ orders: OrderSummary[]; hasMore: boolean }>(
    `/api/admin/orders?limit=${ADMIN_PAGE_SIZE}&offset=${offset}${status ? `&status=${status}` : ''}${search ? `&q=${encodeURIComponent(search)}` : ''}`,
  );
  return (
    <section aria-labelledby="orders-title">
      <div className="admin-toolbar">
        <h1 id="orders-title">{ADMIN.screens.orders}</h1>
        <a href="/api/admin/orders.csv" download>{ADMIN.exportCsv}</a>
      </div>
      <SearchForm id="order-search" hint={ADMIN.orderSearchHint} onSearch={(words) => { setSearch(words); setOffset(0); }} />
      <p className="admin-field">
        <label htmlFor="order-status">{ADMIN.status}</label>
        <select id="order-status" value={status} onChange={(event) => { setStatus(event.target.value); setOffset(0); }}>
          <option value="">{ADMIN.allOrders}</option>
          {Object.entries(ADMIN.orderStatuses).map(([value, label]) => <option key={value} value={value}>{label}</option>)}
        </select>
      </p>
      <Notice text={error} kind="error" />
      {data && data.orders.length === 0 ? <p>{search || status ? ADMIN.noMatchingOrders : ADMIN.noOrders}</p> : null}
      {data && data.orders.length > 0 ? (
        <TableRegion label={ADMIN.screens.orders}>
          <table className="admin-table">
            <thead>
              <tr><th scope="col">{ADMIN.orderNumber}</th><th scope="col">{ADMIN.date}</th><th scope="col">{ADMIN.customer}</th><th scope="col">{ADMIN.total}</th><th scope="col">{ADMIN.status}</th></tr>
            </thead>
            <tbody>
              {data.orders.map((order) => (
                <tr key={order.id} data-order-id={order.id}>
                  <td><a href={ADMIN_PATHS.order(order.id)} onClick={(event) => { event.preventDefault(); navigate(ADMIN_PATHS.order(order.id)); }}>{orderLabel(order)}</a></td>
                  <td>{new Date(order.createdOn).toLocaleString()}</td>
                  <td>{order.name ?? order.email ?? ADMIN.notRecorded}</td>
                  <td>{formatMoney(order.grandTotalCents, order.currency)}</td>
                  <td className={`admin-status admin-status--${order.status}`}>
                    {ADMIN.orderStatuses[order.status] ?? order.status}{order.testMode ? ` · ${ADMIN.testMode}` : ''}
                    {order.emailsNotSent ? <small className="admin-hint"> · {ADMIN.orderEmailsNotSent(order.emailsNotSent)}</small> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      ) : null}
      {data ? <Pager offset={offset} shown={data.orders.length} hasMore={data.hasMore} onPage={setOffset} /> : null}
    </section>
  );
}
