// @vitest-environment jsdom
/**
 * The product list in the shop's order offers those who may edit the catalogue Top, Up, Down and
 * Bottom on each row, named with the product ("Move Harbour Jacket up"). After a move the focus is
 * on the same button of the moved row (its other way once it reached an end), a polite live region
 * says where it went, and a move that leaves the page shows the page it went to, saying so. While a
 * move is on its way every move button waits. A search or filter leaves Top and Bottom; another
 * sort, or a role that may not edit, none.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { ProductsScreen } from '../../client/admin/screens/ProductsScreen.tsx';
import { scriptFetch, settle, type FetchCall } from './helpers.ts';
import { withAdminSession } from './admin-session.ts';

withAdminSession();

const settings = { method: 'GET', path: /\/api\/admin\/(messages\/forms|settings|product-categories)/, answer: { body: { forms: [], settings: { currency: 'USD' }, categories: [] } } };

/** A shop of 53 products (two pages of 50), in order; Harbour Jacket third. */
let order: string[];
beforeEach(() => {
  order = Array.from({ length: 53 }, (_, index) => `Product ${index + 1}`);
  order[2] = 'Harbour Jacket';
  window.history.replaceState(null, '', '/config/products');
});
afterEach(() => {
  window.history.replaceState(null, '', '/');
});

const summary = (title: string) => ({ id: `id-${title}`, title, productType: 1, visible: true, variantCount: 1, stock: 3, lowestPriceCents: 1000, imageUrl: null });

/** The list and the move call, answered from `order` as the server would. */
function shop(moveAnswer?: (call: FetchCall) => Promise<unknown>): FetchCall[] {
  return scriptFetch([
    settings,
    {
      method: 'GET', path: /^\/api\/admin\/products\?/, answer: (call) => {
        const query = new URL(call.url, 'http://shop.test').searchParams;
        const offset = Number(query.get('offset')), limit = Number(query.get('limit'));
        const found = order.filter((title) => title.toLowerCase().includes((query.get('q') ?? '').toLowerCase()));
        return { body: { products: found.slice(offset, offset + limit).map(summary), hasMore: found.length > offset + limit, total: found.length, lowStock: 5 } };
      },
    },
    {
      method: 'POST', path: /^\/api\/admin\/products\/[^/]+\/move$/, answer: (call) => {
        const title = decodeURIComponent(call.url.split('/')[4]!).replace(/^id-/, '');
        const to = (call.body as { to: string }).to;
        const from = order.indexOf(title);
        const target = to === 'top' ? 0 : to === 'bottom' ? order.length - 1 : Math.max(0, Math.min(order.length - 1, from + (to === 'up' ? -1 : 1)));
        order.splice(from, 1);
        order.splice(target, 0, title);
        const body = { moved: target !== from, position: target + 1, total: order.length, message: `${title} is first in the shop already: nothing was moved.` };
        return { body, after: moveAnswer?.(call) };
      },
    },
  ]);
}

const liveRegion = () => document.querySelector<HTMLElement>('.admin-move-status')!;
const moveButton = (name: string) => screen.getByRole('button', { name });

describe("moving products in the shop's order", () => {
  it('offers named buttons on each row, the ends disabled, and no others to those who may not edit', async () => {
    shop();
    const { unmount } = render(<ProductsScreen navigate={() => {}} canEdit />);
    await settle();
    expect(screen.getByText(ADMIN.shopOrderHint)).toBeTruthy();
    const row = document.querySelector<HTMLElement>('tr[data-product-id="id-Harbour Jacket"]')!;
    expect(within(row).getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual([
      'Move Harbour Jacket to the top', 'Move Harbour Jacket up', 'Move Harbour Jacket down', 'Move Harbour Jacket to the bottom',
    ]);
    expect(within(row).getAllByRole('button').map((button) => button.textContent)).toEqual(['Top', 'Up', 'Down', 'Bottom']);
    // the shop's first product goes no higher; the last is on the next page
    expect((moveButton('Move Product 1 up') as HTMLButtonElement).disabled).toBe(true);
    expect((moveButton('Move Product 1 to the top') as HTMLButtonElement).disabled).toBe(true);
    expect((moveButton('Move Product 1 down') as HTMLButtonElement).disabled).toBe(false);
    expect((moveButton('Move Product 50 down') as HTMLButtonElement).disabled).toBe(false);
    unmount();

    render(<ProductsScreen navigate={() => {}} canEdit={false} />);
    await settle();
    expect(screen.queryByRole('button', { name: /^Move / })).toBeNull();
    expect(screen.queryByText(ADMIN.shopOrderHint)).toBeNull();
  });

  it('moves a product up, keeps the focus on its button, and says where it went; at the top the focus goes to Down', async () => {
    const calls = shop();
    render(<ProductsScreen navigate={() => {}} canEdit />);
    await settle();
    moveButton('Move Harbour Jacket up').focus();
    fireEvent.click(moveButton('Move Harbour Jacket up'));
    await settle();
    expect(calls.filter((call) => call.method === 'POST').map((call) => [call.url, call.body, call.headers['X-CSRF-Token']]))
      .toEqual([['/api/admin/products/id-Harbour%20Jacket/move', { to: 'up' }, 'the-crumb']]);
    expect(liveRegion().getAttribute('role')).toBe('status');
    expect(liveRegion().textContent).toBe('Harbour Jacket moved to 2 of 53.');
    const rows = Array.from(document.querySelectorAll<HTMLElement>('tr[data-product-id]')).slice(0, 3).map((row) => row.dataset.productId);
    expect(rows).toEqual(['id-Product 1', 'id-Harbour Jacket', 'id-Product 2']);
    expect(document.activeElement).toBe(moveButton('Move Harbour Jacket up'));

    fireEvent.click(moveButton('Move Harbour Jacket up'));
    await settle();
    expect(liveRegion().textContent).toBe('Harbour Jacket moved to 1 of 53.');
    // Up is disabled at the top: the row's other way holds the focus
    expect((moveButton('Move Harbour Jacket up') as HTMLButtonElement).disabled).toBe(true);
    expect(document.activeElement).toBe(moveButton('Move Harbour Jacket down'));

    fireEvent.click(moveButton('Move Harbour Jacket to the bottom'));
    await settle();
    // the bottom is on page 2: the list goes there, and says so
    expect(liveRegion().textContent).toBe('Harbour Jacket moved to 53 of 53, onto page 2: that page is shown now.');
    expect(window.location.search).toBe('?page=2');
    expect(document.activeElement).toBe(moveButton('Move Harbour Jacket up'));
  });

  it('takes the first product of page 2 moved up onto page 1, saying so, the focus on its button there', async () => {
    window.history.replaceState(null, '', '/config/products?page=2');
    shop();
    render(<ProductsScreen navigate={() => {}} canEdit />);
    await settle();
    expect(document.querySelector<HTMLElement>('tr[data-product-id]')!.dataset.productId).toBe('id-Product 51');
    fireEvent.click(moveButton('Move Product 51 up'));
    await settle();
    expect(liveRegion().textContent).toBe('Product 51 moved to 50 of 53, onto page 1: that page is shown now.');
    expect(window.location.search).toBe('');
    const rows = document.querySelectorAll<HTMLElement>('tr[data-product-id]');
    expect(rows[49]!.dataset.productId).toBe('id-Product 51');
    expect(document.activeElement).toBe(moveButton('Move Product 51 up'));
  });

  it('lets every move button wait while a move is on its way: a double tap moves once', async () => {
    let answer = () => {};
    const calls = shop(() => new Promise<void>((resolve) => { answer = resolve; }));
    render(<ProductsScreen navigate={() => {}} canEdit />);
    await settle();
    fireEvent.click(moveButton('Move Harbour Jacket down'));
    fireEvent.click(moveButton('Move Harbour Jacket down'));
    await settle();
    expect(screen.getAllByRole('button', { name: /^Move / }).every((button) => (button as HTMLButtonElement).disabled)).toBe(true);
    answer();
    await settle();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    expect(liveRegion().textContent).toBe('Harbour Jacket moved to 4 of 53.');
    expect((moveButton('Move Harbour Jacket down') as HTMLButtonElement).disabled).toBe(false);
    expect(document.activeElement).toBe(moveButton('Move Harbour Jacket down'));
  });

  it("takes a double tap's second tap, landing on the neighbour that took the row's place once the list moved, for the same tap", async () => {
    const calls = shop();
    render(<ProductsScreen navigate={() => {}} canEdit />);
    await settle();
    fireEvent.click(moveButton('Move Harbour Jacket down'));
    await settle();
    expect(liveRegion().textContent).toBe('Harbour Jacket moved to 4 of 53.');
    // the second tap of a double tap, on the row where Harbour Jacket was: Product 4's now
    fireEvent.click(within(document.querySelectorAll<HTMLElement>('tr[data-product-id]')[2]!).getByRole('button', { name: 'Move Product 4 down' }));
    await settle();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    expect(order.slice(0, 4)).toEqual(['Product 1', 'Product 2', 'Product 4', 'Harbour Jacket']);
    // the moved product's own button goes on moving it, as the keyboard's presses do
    fireEvent.click(moveButton('Move Harbour Jacket down'));
    await settle();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(2);
    expect(liveRegion().textContent).toBe('Harbour Jacket moved to 5 of 53.');
    // a while later, another product moves as asked
    const now = performance.now();
    vi.spyOn(performance, 'now').mockReturnValue(now + 1000);
    fireEvent.click(moveButton('Move Product 4 down'));
    await settle();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(3);
    vi.restoreAllMocks();
  });

  it('offers Top and Bottom alone with a search, saying why, and none under another sort', async () => {
    window.history.replaceState(null, '', '/config/products?q=jacket');
    shop();
    const { unmount } = render(<ProductsScreen navigate={() => {}} canEdit />);
    await settle();
    expect(screen.getByText(ADMIN.shopOrderFilteredHint)).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Move / }).map((button) => button.getAttribute('aria-label')))
      .toEqual(['Move Harbour Jacket to the top', 'Move Harbour Jacket to the bottom']);
    fireEvent.click(moveButton('Move Harbour Jacket to the top'));
    await settle();
    expect(order[0]).toBe('Harbour Jacket');
    expect(liveRegion().textContent).toBe('Harbour Jacket moved to 1 of 53.');
    expect(document.activeElement).toBe(moveButton('Move Harbour Jacket to the top'));
    unmount();

    window.history.replaceState(null, '', '/config/products?sort=title');
    render(<ProductsScreen navigate={() => {}} canEdit />);
    await settle();
    expect(screen.getByText(ADMIN.shopOrderOtherSort)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Move / })).toBeNull();
  });
});
