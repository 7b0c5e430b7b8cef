// @vitest-environment jsdom
/**
 * The inventory screen: its table labels every cell with its column (the rows become cards on a
 * phone), a variant's history opens right under its row with a heading and a Close button,
 * each row says itself whether its stock was saved, and a variant switches between Unlimited and
 * a count in place.
 */
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { ADMIN_PATHS } from '../../client/lib/admin-paths.ts';
import { fillMessage } from '../../server/messages.ts';
import { InventoryScreen } from '../../client/admin/screens/InventoryScreen.tsx';
import { scriptFetch, settle, type FetchCall } from './helpers.ts';
import { withAdminSession } from './admin-session.ts';

interface Row { productId: string; productTitle: string; variantId: string; sku: string; attributes: Record<string, string>; qtyInStock: number; unlimited: boolean }

const row = (sku: string, qtyInStock: number, unlimited = false): Row => ({
  productId: 'p1', productTitle: 'Harbour Jacket', variantId: `v-${sku}`, sku, attributes: { Size: sku.slice(-1) }, qtyInStock, unlimited,
});

/** The inventory call answers these rows (as they stand after each save) and every PUT as the server would: a count below 0 refused. */
function scriptInventory(rows: Row[]): FetchCall[] {
  return scriptFetch([
    { method: 'GET', path: '/api/admin/inventory', answer: () => ({ body: { variants: rows.map((one) => ({ ...one })), hasMore: false, lowStock: 5 } }) },
    {
      method: 'GET', path: /^\/api\/admin\/inventory\/[^/]+\/history$/,
      answer: (call) => ({ body: { changes: [{ delta: 2, quantityAfter: 3, reason: 'restock', actor: 'owner@example.com', orderId: null, createdOn: 0, variant: call.url }] } }),
    },
    {
      method: 'PUT', path: /^\/api\/admin\/inventory\/[^/]+$/,
      answer: (call) => {
        const target = rows.find((one) => call.url.endsWith(`/${one.variantId}`))!;
        const body = call.body as { qtyInStock: number; unlimited: boolean };
        if (!(body.qtyInStock >= 0)) return { status: 400, body: { message: 'Please fix the marked fields.', fieldErrors: { qtyInStock: 'Enter 0 or more.' } } };
        Object.assign(target, { qtyInStock: body.qtyInStock, unlimited: body.unlimited });
        return { body: { message: ADMIN.stockSaved } };
      },
    },
  ]);
}

const rowOf = (sku: string): HTMLElement => document.querySelector<HTMLElement>(`tr[data-sku="${sku}"]`)!;

/** The inventory with one variant, HJ-S, whose history holds `changes`, opened on that history (by a role that may read orders unless told). */
async function openHistory(changes: Array<Record<string, unknown>>, { navigate = () => undefined, canReadOrders = true }: { navigate?: (path: string) => void; canReadOrders?: boolean } = {}): Promise<HTMLElement> {
  scriptFetch([
    { method: 'GET', path: '/api/admin/inventory', answer: { body: { variants: [row('HJ-S', 4)], hasMore: false, lowStock: 5 } } },
    { method: 'GET', path: '/api/admin/inventory/v-HJ-S/history', answer: { body: { changes } } },
  ]);
  render(<InventoryScreen navigate={navigate} canReadOrders={canReadOrders} canEdit />);
  await settle();
  fireEvent.click(within(rowOf('HJ-S')).getByRole('button', { name: ADMIN.historyOf('HJ-S') }));
  await settle();
  return screen.getByRole('region', { name: ADMIN.historyOf('HJ-S') });
}

const puts = (calls: FetchCall[]) => calls.filter((call) => call.method === 'PUT').map((call) => ({ url: call.url, body: call.body }));

withAdminSession();

describe('the inventory table', () => {
  it('labels every cell with its column heading, and keeps the table semantics explicit', async () => {
    scriptInventory([row('HJ-S', 1), row('HJ-M', 0, true)]);
    render(<InventoryScreen navigate={() => undefined} canReadOrders canEdit />);
    await settle();
    const table = screen.getByRole('table');
    expect(table.classList.contains('admin-table--cards')).toBe(true);
    // explicit roles: a table shown as blocks on a phone stays a table to screen readers
    expect(table.getAttribute('role')).toBe('table');
    const headings = within(table).getAllByRole('columnheader').map((heading) => heading.textContent);
    expect(headings).toEqual([ADMIN.inventoryProduct, ADMIN.variant, ADMIN.sku, ADMIN.stock, ADMIN.history]);
    for (const sku of ['HJ-S', 'HJ-M']) {
      const cells = within(rowOf(sku)).getAllByRole('cell');
      expect(rowOf(sku).getAttribute('role')).toBe('row');
      expect(cells).toHaveLength(headings.length);
      // the History cell holds a button that says it; every other cell is labelled for the card
      expect(cells.map((cell) => cell.getAttribute('data-label'))).toEqual([...headings.slice(0, 4), null]);
    }
  });
});

describe('a variant\'s stock history', () => {
  it('opens right under its row, with a heading, a Close button and aria-expanded, and gives the focus back on Close', async () => {
    scriptInventory([row('HJ-S', 1), row('HJ-M', 3), row('HJ-L', 4)]);
    render(<InventoryScreen navigate={() => undefined} canReadOrders canEdit />);
    await settle();
    const button = within(rowOf('HJ-M')).getByRole('button', { name: ADMIN.historyOf('HJ-M') });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    await settle();
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const region = document.getElementById(button.getAttribute('aria-controls')!)!;
    // the row right after the variant's own holds it, before the next variant's row
    expect(rowOf('HJ-M').nextElementSibling!.contains(region)).toBe(true);
    expect(rowOf('HJ-M').nextElementSibling!.nextElementSibling).toBe(rowOf('HJ-L'));
    expect(within(region).getByRole('heading', { level: 2 }).textContent).toBe(ADMIN.historyOf('HJ-M'));
    expect(region.getAttribute('aria-labelledby')).toBe(within(region).getByRole('heading').id);
    expect(within(region).getByText('+2')).toBeTruthy();
    const close = within(region).getByRole('button', { name: ADMIN.closeHistoryOf('HJ-M') });
    expect(close.textContent).toBe(ADMIN.closeHistory);
    fireEvent.click(close);
    expect(document.getElementById(region.id)).toBeNull();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('closes with Escape or a second press of its button; one variant\'s history at a time', async () => {
    const calls = scriptInventory([row('HJ-S', 1), row('HJ-M', 3)]);
    render(<InventoryScreen navigate={() => undefined} canReadOrders canEdit />);
    await settle();
    const small = within(rowOf('HJ-S')).getByRole('button', { name: ADMIN.historyOf('HJ-S') });
    const medium = within(rowOf('HJ-M')).getByRole('button', { name: ADMIN.historyOf('HJ-M') });
    fireEvent.click(small);
    await settle();
    fireEvent.click(medium);
    await settle();
    expect(small.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([ADMIN.historyOf('HJ-M')]);
    expect(calls.filter((call) => call.url.endsWith('/history')).map((call) => call.url)).toEqual(['/api/admin/inventory/v-HJ-S/history', '/api/admin/inventory/v-HJ-M/history']);
    fireEvent.keyDown(screen.getByRole('button', { name: ADMIN.closeHistoryOf('HJ-M') }), { key: 'Escape' });
    expect(screen.queryByRole('heading', { level: 2 })).toBeNull();
    expect(document.activeElement).toBe(medium);
    fireEvent.click(medium);
    await settle();
    expect(medium.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(medium);
    expect(medium.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('heading', { level: 2 })).toBeNull();
  });
});

describe('Escape on an open history', () => {
  it('closes it from its History button, which keeps the focus once pressed, but not from a count\'s field, whose leaving saves', async () => {
    const calls = scriptInventory([row('HJ-S', 1), row('HJ-M', 3)]);
    render(<InventoryScreen navigate={() => undefined} canReadOrders canEdit />);
    await settle();
    const medium = within(rowOf('HJ-M')).getByRole('button', { name: ADMIN.historyOf('HJ-M') });
    medium.focus();
    fireEvent.click(medium);
    await settle();
    // the focus is on History, outside the panel, as a click leaves it
    fireEvent.keyDown(medium, { key: 'Escape' });
    expect(screen.queryByRole('region', { name: ADMIN.historyOf('HJ-M') })).toBeNull();
    expect(medium.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(medium);
    fireEvent.click(medium);
    await settle();
    const count = screen.getByLabelText(`${ADMIN.stock} HJ-S`) as HTMLInputElement;
    count.focus();
    fireEvent.change(count, { target: { value: '7' } });
    fireEvent.keyDown(count, { key: 'Escape' });
    expect(screen.getByRole('region', { name: ADMIN.historyOf('HJ-M') })).toBeTruthy();
    expect(document.activeElement).toBe(count);
    expect(puts(calls)).toEqual([]);
  });
});

describe('an order in the history', () => {
  it('is named by the number the Orders screen shows and finds, as a link to the order', async () => {
    const orderId = '695606d2fe27a5b056e7acae';
    const history = await openHistory([
      { delta: 3, quantityAfter: 4, reason: 'cancel', actor: 'owner@example.com', orderId, orderNumber: '1003', createdOn: Date.UTC(2025, 4, 2) },
      { delta: -3, quantityAfter: null, reason: 'order', actor: 'customer', orderId, orderNumber: '1003', createdOn: Date.UTC(2025, 4, 1) },
    ]);
    const why = within(history).getAllByRole('row').slice(1).map((line) => within(line).getAllByRole('cell').find((cell) => cell.getAttribute('data-label') === ADMIN.why)!);
    expect(why.map((cell) => cell.textContent)).toEqual([`${ADMIN.reasons.cancel} #1003`, `${ADMIN.reasons.order} #1003`]);
    for (const cell of why) expect(within(cell).getByRole('link', { name: '#1003' }).getAttribute('href')).toBe(ADMIN_PATHS.order(orderId));
  });

  it("says a sale was the shopper's, naming their order with its link, rather than 'customer'", async () => {
    const orderId = '695606d2fe27a5b056e7acae';
    const history = await openHistory([
      { delta: 3, quantityAfter: 4, reason: 'cancel', actor: 'owner@example.com', orderId, orderNumber: '1003', createdOn: Date.UTC(2025, 4, 2) },
      { delta: -3, quantityAfter: null, reason: 'order', actor: 'customer', orderId, orderNumber: '1003', createdOn: Date.UTC(2025, 4, 1) },
    ]);
    const who = within(history).getAllByRole('row').slice(1).map((line) => within(line).getAllByRole('cell').find((cell) => cell.getAttribute('data-label') === ADMIN.who)!);
    expect(who.map((cell) => cell.textContent)).toEqual(['owner@example.com', 'Shopper of order #1003']);
    expect(within(who[1]!).getByRole('link', { name: '#1003' }).getAttribute('href')).toBe(ADMIN_PATHS.order(orderId));
  });

  it('opens the order inside the admin, as its other links do, rather than loading a new page', async () => {
    const orderId = '695606d2fe27a5b056e7acae';
    const navigate = vi.fn();
    const history = await openHistory([
      { delta: -3, quantityAfter: 1, reason: 'order', actor: 'customer', orderId, orderNumber: '1003', createdOn: Date.UTC(2025, 4, 1) },
    ], { navigate });
    const links = within(history).getAllByRole('link', { name: '#1003' });
    expect(links).toHaveLength(2);
    for (const link of links) {
      navigate.mockClear();
      // fireEvent returns false once the default (the browser loading the address) was prevented
      expect(fireEvent.click(link)).toBe(false);
      expect(navigate).toHaveBeenCalledWith(ADMIN_PATHS.order(orderId));
    }
  });

  it('names the order by its number without a link for a role that may not read orders (an editor)', async () => {
    const orderId = '695606d2fe27a5b056e7acae';
    const history = await openHistory([
      { delta: 3, quantityAfter: 4, reason: 'cancel', actor: 'owner@example.com', orderId, orderNumber: '1003', createdOn: Date.UTC(2025, 4, 2) },
      { delta: -3, quantityAfter: 1, reason: 'order', actor: 'customer', orderId, orderNumber: '1003', createdOn: Date.UTC(2025, 4, 1) },
    ], { canReadOrders: false });
    expect(within(history).queryAllByRole('link')).toEqual([]);
    const cells = (label: string) => within(history).getAllByRole('row').slice(1).map((line) => within(line).getAllByRole('cell').find((cell) => cell.getAttribute('data-label') === label)!.textContent);
    expect(cells(ADMIN.why)).toEqual([`${ADMIN.reasons.cancel} #1003`, `${ADMIN.reasons.order} #1003`]);
    expect(cells(ADMIN.who)).toEqual(['owner@example.com', 'Shopper of order #1003']);
  });
});

describe('switches between Unlimited and a count in the history', () => {
  it('says who switched a variant to Unlimited or back to a count, and when, beside the changes of its count', async () => {
    const change = (fields: Record<string, unknown>) => ({ reason: 'owner-edit', orderId: null, ...fields });
    const history = await openHistory([
      change({ delta: 0, quantityAfter: 4, actor: 'manager@example.com', unlimitedAfter: false, createdOn: Date.UTC(2025, 4, 3) }),
      change({ delta: 0, quantityAfter: 4, actor: 'owner@example.com', unlimitedAfter: true, createdOn: Date.UTC(2025, 4, 2) }),
      // a row from before switches were written has no unlimitedAfter at all
      change({ delta: 4, quantityAfter: 4, reason: 'restock', actor: 'owner@example.com', createdOn: Date.UTC(2025, 4, 1) }),
    ]);
    const lines = within(history).getAllByRole('row').slice(1).map((line) => within(line).getAllByRole('cell'));
    const column = (label: string) => lines.map((cells) => cells.find((cell) => cell.getAttribute('data-label') === label)!.textContent);
    expect(column(ADMIN.change)).toEqual([ADMIN.switchedToCount, ADMIN.switchedToUnlimited, '+4']);
    expect(column(ADMIN.stock)).toEqual(['4', ADMIN.unlimitedStock, '4']);
    expect(column(ADMIN.why)).toEqual([ADMIN.reasons['owner-edit'], ADMIN.reasons['owner-edit'], ADMIN.reasons.restock]);
    expect(column(ADMIN.who)).toEqual(['manager@example.com', 'owner@example.com', 'owner@example.com']);
    expect(column(ADMIN.when)).toEqual([Date.UTC(2025, 4, 3), Date.UTC(2025, 4, 2), Date.UTC(2025, 4, 1)].map((on) => new Date(on).toLocaleString()));
    expect(ADMIN.switchedToUnlimited).toBe('Switched to Unlimited');
    expect(ADMIN.switchedToCount).toBe('Switched back to a count');
  });
});

describe('saving stock row by row', () => {
  it('says "saved" in the row that was saved, and only until another row is saved or refused', async () => {
    const calls = scriptInventory([row('HJ-S', 1), row('HJ-M', 3)]);
    render(<InventoryScreen navigate={() => undefined} canReadOrders canEdit />);
    await settle();
    const small = screen.getByLabelText(`${ADMIN.stock} HJ-S`);
    fireEvent.change(small, { target: { value: '4' } });
    fireEvent.blur(small);
    await settle();
    expect(within(rowOf('HJ-S')).getByRole('status').textContent).toBe(ADMIN.stockSaved);
    // never a notice for the whole screen, which another row's refusal would contradict
    expect(screen.getAllByRole('status').filter((status) => status.textContent !== '')).toHaveLength(1);

    const medium = screen.getByLabelText(`${ADMIN.stock} HJ-M`);
    fireEvent.change(medium, { target: { value: '-1' } });
    fireEvent.keyDown(medium, { key: 'Enter' });
    await settle();
    expect(within(rowOf('HJ-M')).getByRole('alert').textContent).toBe('Enter 0 or more.');
    expect(medium.getAttribute('aria-invalid')).toBe('true');
    expect(medium.getAttribute('aria-describedby')).toBe(within(rowOf('HJ-M')).getByRole('alert').id);
    expect(screen.queryByText(ADMIN.stockSaved)).toBeNull();
    expect(puts(calls).map((put) => put.body)).toEqual([
      { qtyInStock: 4, unlimited: false, qtyInStockWhenLoaded: 1, reason: 'owner-edit' },
      { qtyInStock: -1, unlimited: false, qtyInStockWhenLoaded: 3, reason: 'owner-edit' },
    ]);

    // fixed: the refusal goes and the row says it was saved
    fireEvent.change(medium, { target: { value: '2' } });
    fireEvent.blur(medium);
    await settle();
    expect(within(rowOf('HJ-M')).queryByRole('alert')).toBeNull();
    expect(medium.getAttribute('aria-invalid')).toBeNull();
    expect(within(rowOf('HJ-M')).getByRole('status').textContent).toBe(ADMIN.stockSaved);
    expect(within(rowOf('HJ-S')).getByRole('status').textContent).toBe('');
  });

  it('stops saying "saved" once the count is typed over again', async () => {
    scriptInventory([row('HJ-S', 1)]);
    render(<InventoryScreen navigate={() => undefined} canReadOrders canEdit />);
    await settle();
    const input = screen.getByLabelText(`${ADMIN.stock} HJ-S`);
    fireEvent.change(input, { target: { value: '4' } });
    fireEvent.blur(input);
    await settle();
    expect(within(rowOf('HJ-S')).getByRole('status').textContent).toBe(ADMIN.stockSaved);
    fireEvent.change(input, { target: { value: '5' } });
    expect(within(rowOf('HJ-S')).getByRole('status').textContent).toBe('');
  });
});

describe('a count changed by an order while it was shown', () => {
  it('keeps the typed count with the refusal, and saves it over the current one when Enter is pressed again', async () => {
    const refusal = fillMessage(ADMIN.server.stockChangedInventory, { product: 'Harbour Jacket', sku: 'HJ-S', count: 2 });
    let refused = false;
    const calls = scriptFetch([
      { method: 'GET', path: '/api/admin/inventory', answer: { body: { variants: [row('HJ-S', 3)], hasMore: false, lowStock: 5 } } },
      {
        method: 'PUT', path: '/api/admin/inventory/v-HJ-S',
        answer: (call) => {
          const body = call.body as { qtyInStock: number; qtyInStockWhenLoaded: number };
          // the store sold one since the screen loaded 3
          if (body.qtyInStockWhenLoaded !== 2) {
            refused = true;
            return { status: 409, body: { message: refusal, currentStock: [{ variantId: 'v-HJ-S', qtyInStock: 2 }] } };
          }
          return { body: { qtyInStock: body.qtyInStock, unlimited: false, message: ADMIN.stockSaved } };
        },
      },
    ]);
    render(<InventoryScreen navigate={() => undefined} canReadOrders canEdit />);
    await settle();
    const input = screen.getByLabelText(`${ADMIN.stock} HJ-S`) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '10' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await settle();
    expect(refused).toBe(true);
    expect(within(rowOf('HJ-S')).getByRole('alert').textContent).toBe(refusal);
    expect(refusal).toContain('Harbour Jacket (HJ-S) changed to 2');
    expect(input.value).toBe('10');

    fireEvent.keyDown(input, { key: 'Enter' });
    await settle();
    expect(within(rowOf('HJ-S')).queryByRole('alert')).toBeNull();
    expect(within(rowOf('HJ-S')).getByRole('status').textContent).toBe(ADMIN.stockSaved);
    expect(puts(calls).map((put) => put.body)).toEqual([
      { qtyInStock: 10, unlimited: false, qtyInStockWhenLoaded: 3, reason: 'owner-edit' },
      { qtyInStock: 10, unlimited: false, qtyInStockWhenLoaded: 2, reason: 'owner-edit' },
    ]);
  });
});

describe('unlimited or a count, in place', () => {
  it('switches a variant to Unlimited keeping its count, and back to a count', async () => {
    const calls = scriptInventory([row('HJ-S', 3), row('HJ-M', 0, true)]);
    render(<InventoryScreen navigate={() => undefined} canReadOrders canEdit />);
    await settle();
    const small = screen.getByRole('checkbox', { name: ADMIN.unlimitedOf('HJ-S') }) as HTMLInputElement;
    const medium = screen.getByRole('checkbox', { name: ADMIN.unlimitedOf('HJ-M') }) as HTMLInputElement;
    expect(small.checked).toBe(false);
    expect(medium.checked).toBe(true);
    // an unlimited variant's count is kept, and cannot be typed over while it is unlimited
    expect((screen.getByLabelText(`${ADMIN.stock} HJ-M`) as HTMLInputElement).disabled).toBe(true);

    fireEvent.click(small);
    await settle();
    expect(small.checked).toBe(true);
    expect((screen.getByLabelText(`${ADMIN.stock} HJ-S`) as HTMLInputElement).disabled).toBe(true);
    expect(within(rowOf('HJ-S')).getByRole('status').textContent).toBe(ADMIN.stockSaved);

    fireEvent.click(medium);
    await settle();
    expect(medium.checked).toBe(false);
    const count = screen.getByLabelText(`${ADMIN.stock} HJ-M`) as HTMLInputElement;
    expect(count.disabled).toBe(false);
    fireEvent.change(count, { target: { value: '6' } });
    fireEvent.blur(count);
    await settle();
    expect(puts(calls)).toEqual([
      { url: '/api/admin/inventory/v-HJ-S', body: { qtyInStock: 3, unlimited: true, qtyInStockWhenLoaded: 3, reason: 'owner-edit' } },
      { url: '/api/admin/inventory/v-HJ-M', body: { qtyInStock: 0, unlimited: false, qtyInStockWhenLoaded: 0, reason: 'owner-edit' } },
      { url: '/api/admin/inventory/v-HJ-M', body: { qtyInStock: 6, unlimited: false, qtyInStockWhenLoaded: 0, reason: 'owner-edit' } },
    ]);
  });

  it('sends a count typed just before the switch with it, one save after the other', async () => {
    const order: string[] = [];
    const rows = [row('HJ-S', 3)];
    let release: () => void = () => {};
    scriptFetch([
      { method: 'GET', path: '/api/admin/inventory', answer: () => ({ body: { variants: rows.map((one) => ({ ...one })), hasMore: false, lowStock: 5 } }) },
    ]);
    const fetchOf = globalThis.fetch as unknown as (input: string, init?: RequestInit) => Promise<Response>;
    vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
      if (init.method !== 'PUT') return fetchOf(input, init);
      const body = JSON.parse(String(init.body)) as { qtyInStock: number; unlimited: boolean };
      order.push(`start ${body.qtyInStock} ${body.unlimited}`);
      // the first save answers only once released: the switch must wait for it
      if (order.length === 1) await new Promise<void>((resolve) => { release = resolve; });
      order.push(`end ${body.qtyInStock} ${body.unlimited}`);
      return { ok: true, status: 200, headers: new Headers(), text: async () => JSON.stringify({ message: ADMIN.stockSaved }) } as unknown as Response;
    });
    render(<InventoryScreen navigate={() => undefined} canReadOrders canEdit />);
    await settle();
    const input = screen.getByLabelText(`${ADMIN.stock} HJ-S`);
    fireEvent.change(input, { target: { value: '8' } });
    // a click on the switch takes the focus from the count first
    fireEvent.blur(input);
    fireEvent.click(screen.getByRole('checkbox', { name: ADMIN.unlimitedOf('HJ-S') }));
    await settle();
    expect(order).toEqual(['start 8 false']);
    release();
    await settle();
    expect(order).toEqual(['start 8 false', 'end 8 false', 'start 8 true', 'end 8 true']);
  });

  it('shows a viewer the stock without the switch', async () => {
    scriptInventory([row('HJ-S', 3), row('HJ-M', 0, true)]);
    render(<InventoryScreen navigate={() => undefined} canReadOrders canEdit={false} />);
    await settle();
    expect(screen.queryByRole('checkbox', { name: ADMIN.unlimitedOf('HJ-S') })).toBeNull();
    expect((screen.getByLabelText(`${ADMIN.stock} HJ-S`) as HTMLInputElement).readOnly).toBe(true);
    expect(within(rowOf('HJ-M')).getByText(ADMIN.unlimitedStock)).toBeTruthy();
  });
});

describe('the reason menu', () => {
  it('says what it applies to: it is recorded in the history with each count changed below', async () => {
    const calls = scriptInventory([row('HJ-S', 1)]);
    render(<InventoryScreen navigate={() => undefined} canReadOrders canEdit />);
    await settle();
    const reason = screen.getByRole('combobox', { name: ADMIN.stockReason });
    expect(ADMIN.stockReason).toBe('Reason for stock changes');
    expect(document.getElementById(reason.getAttribute('aria-describedby')!)!.textContent).toBe('Recorded in the history with each count you change below.');
    fireEvent.change(reason, { target: { value: 'restock' } });
    const input = screen.getByLabelText(`${ADMIN.stock} HJ-S`);
    fireEvent.change(input, { target: { value: '3' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await settle();
    expect(puts(calls)[0]!.body).toEqual(expect.objectContaining({ qtyInStock: 3, reason: 'restock' }));
  });
});

describe('the inventory list', () => {
  it('keeps its search, the running-low filter and the page in the address, so a reload or Back shows the same rows', async () => {
    window.history.replaceState(null, '', '/config/inventory?q=jacket&stock=low');
    const calls = scriptInventory([row('HJ-S', 1)]);
    render(<InventoryScreen navigate={() => undefined} canReadOrders canEdit />);
    await settle();
    const listed = () => new URL(calls.filter((call) => call.method === 'GET').at(-1)!.url, 'http://shop.test').searchParams;
    expect(listed().get('q')).toBe('jacket');
    expect(listed().get('stock')).toBe('low');
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('jacket');
    expect((screen.getByRole('checkbox', { name: ADMIN.runningLow(5) }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: ADMIN.runningLow(5) }));
    await settle();
    expect(window.location.search).toBe('?q=jacket');
    expect(listed().get('stock')).toBeNull();
    // Back: the filter again
    window.history.back();
    await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    await settle();
    expect(window.location.search).toBe('?q=jacket&stock=low');
    expect(listed().get('stock')).toBe('low');
    window.history.replaceState(null, '', '/');
  });

  it('takes an emptied search box as no search when the running-low switch changes, and a page keeps the search shown', async () => {
    const calls = scriptInventory([row('HJ-S', 3)]);
    window.history.replaceState(null, '', '/config/inventory?q=jacket');
    render(<InventoryScreen navigate={() => undefined} canReadOrders canEdit />);
    await settle();
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('checkbox', { name: ADMIN.runningLow(5) }));
    await settle();
    expect(window.location.search).toBe('?stock=low');
    const lastList = calls.filter((call) => call.url.split('?')[0] === '/api/admin/inventory').at(-1)!;
    expect(new URL(lastList.url, 'http://shop.test').searchParams.get('q')).toBeNull();
    window.history.replaceState(null, '', '/');
  });
});
