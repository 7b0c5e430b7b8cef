// @vitest-environment jsdom
/**
 * The product list's bulk actions: a box on each row named with its product and one for the page,
 * the count chosen always said, the offer to choose every product the search and filters keep once
 * a whole page is ticked (not past the most one call takes), the action sent with the products
 * ticked or with the list's filters and the count the screen showed, a confirmation naming how many
 * products a delete takes and what goes with them, and after it the line in the notice area, the
 * selection cleared and the same list loaded again. A role that may only read sees no boxes.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { ProductsScreen } from '../../client/admin/screens/ProductsScreen.tsx';
import { scriptFetch, settle, type FetchCall } from './helpers.ts';
import { withAdminSession } from './admin-session.ts';

withAdminSession();

const TEXT = ADMIN.productBulk;
const others = { method: 'GET', path: /\/api\/admin\/(messages\/forms|settings|product-categories)/, answer: { body: { forms: [], settings: { currency: 'USD' }, categories: ['Kitchen', 'Wood'] } } };
const summary = (index: number) => ({ id: `p${index}`, title: `Product ${index}`, productType: 1, visible: true, variantCount: 1, stock: 3, lowestPriceCents: 1000, imageUrl: null });

let shopSize: number;
beforeEach(() => {
  shopSize = 53;
  window.history.replaceState(null, '', '/config/products');
});
afterEach(() => {
  window.history.replaceState(null, '', '/');
});

/** A shop of `shopSize` products, 50 a page, and the bulk call answering `bulkAnswer`. */
function shop(bulkAnswer: { status?: number; body: unknown } = { body: { changed: 2, message: '2 products hidden.' } }): FetchCall[] {
  return scriptFetch([
    others,
    {
      method: 'GET', path: /^\/api\/admin\/products\?/, answer: (call) => {
        const query = new URL(call.url, 'http://shop.test').searchParams;
        const offset = Number(query.get('offset')), limit = Number(query.get('limit'));
        const all = Array.from({ length: shopSize }, (_, index) => summary(index + 1));
        return { body: { products: all.slice(offset, offset + limit), hasMore: shopSize > offset + limit, total: shopSize, lowStock: 5 } };
      },
    },
    { method: 'POST', path: '/api/admin/products/bulk', answer: bulkAnswer },
  ]);
}

async function openList(address = '/config/products', canEdit = true): Promise<void> {
  window.history.replaceState(null, '', address);
  render(<ProductsScreen navigate={() => {}} canEdit={canEdit} />);
  await settle();
}

const rowBox = (title: string) => screen.getByRole('checkbox', { name: TEXT.selectProduct(title) }) as HTMLInputElement;
const pageBox = () => within(screen.getByRole('table')).getByRole('checkbox', { name: TEXT.selectPage }) as HTMLInputElement;
const bar = () => screen.getByRole('group', { name: TEXT.region });
const bulkCalls = (calls: FetchCall[]) => calls.filter((call) => call.method === 'POST' && call.url === '/api/admin/products/bulk');
const listCalls = (calls: FetchCall[]) => calls.filter((call) => call.method === 'GET' && call.url.startsWith('/api/admin/products?'));

async function choose(action: string): Promise<void> {
  fireEvent.change(within(bar()).getByLabelText(TEXT.action), { target: { value: action } });
  await settle();
}

describe('choosing products', () => {
  it('ticks rows by their named boxes, says how many are chosen, and a half-ticked page says so', async () => {
    shop();
    await openList();
    expect(within(bar()).getByText(TEXT.selectedCount(0))).toBeTruthy();
    // nothing to act on yet: no action offered
    expect(within(bar()).queryByLabelText(TEXT.action)).toBeNull();
    fireEvent.click(rowBox('Product 1'));
    fireEvent.click(rowBox('Product 3'));
    await settle();
    expect(within(bar()).getByText(TEXT.selectedCount(2))).toBeTruthy();
    expect(within(bar()).getByText(TEXT.selectedCount(2)).getAttribute('aria-live')).toBe('polite');
    expect(pageBox().checked).toBe(false);
    expect(pageBox().indeterminate).toBe(true);
    expect(within(bar()).getByRole('button', { name: TEXT.apply(2) })).toBeTruthy();
    fireEvent.click(rowBox('Product 1'));
    await settle();
    expect(within(bar()).getByText(TEXT.selectedCount(1))).toBeTruthy();
  });

  it('offers every product that matches once the page is ticked, and sends the list\'s filters with the count it showed', async () => {
    const calls = shop({ body: { changed: 53, message: '53 products featured.' } });
    await openList('/config/products?q=product&visible=visible&sort=title');
    fireEvent.click(pageBox());
    await settle();
    expect(within(bar()).getByText(TEXT.selectedCount(50))).toBeTruthy();
    fireEvent.click(within(bar()).getByRole('button', { name: TEXT.selectAllMatching(53, true) }));
    await settle();
    expect(within(bar()).getByText(TEXT.allMatchingSelected(53, true))).toBeTruthy();
    expect(TEXT.selectAllMatching(342, true)).toBe('Select all 342 products that match');
    // unticking one keeps the rest of the page
    fireEvent.click(rowBox('Product 7'));
    await settle();
    expect(within(bar()).getByText(TEXT.selectedCount(49))).toBeTruthy();
    fireEvent.click(pageBox());
    await settle();
    fireEvent.click(within(bar()).getByRole('button', { name: TEXT.selectAllMatching(53, true) }));
    await choose('feature');
    fireEvent.click(within(bar()).getByRole('button', { name: TEXT.apply(53) }));
    await settle();
    expect(bulkCalls(calls).map((call) => call.body)).toEqual([{
      action: 'feature', filter: { q: 'product', type: '', visible: 'visible', category: '', stock: '' }, expectedCount: 53,
    }]);
  });

  it('offers no "all that match" past the most one action takes, saying so', async () => {
    shopSize = 12_000;
    shop();
    await openList();
    fireEvent.click(pageBox());
    await settle();
    expect(within(bar()).queryByRole('button', { name: /^Select all/ })).toBeNull();
    expect(within(bar()).getByText(TEXT.tooManyToSelect(12_000, 10_000))).toBeTruthy();
  });

  it('starts afresh on another search or filter, but keeps the products ticked across pages', async () => {
    shop();
    await openList();
    fireEvent.click(rowBox('Product 2'));
    fireEvent.click(screen.getByRole('button', { name: ADMIN.nextPage }));
    await settle();
    fireEvent.click(rowBox('Product 52'));
    await settle();
    expect(within(bar()).getByText(TEXT.selectedCount(2))).toBeTruthy();
    fireEvent.change(screen.getByLabelText(ADMIN.visibility), { target: { value: 'hidden' } });
    await settle();
    expect(within(bar()).getByText(TEXT.selectedCount(0))).toBeTruthy();
  });

  it('shows a role that may only read no boxes and no actions', async () => {
    shop();
    await openList('/config/products', false);
    expect(screen.queryAllByRole('checkbox', { name: /^Select / })).toEqual([]);
    expect(screen.queryByRole('group', { name: TEXT.region })).toBeNull();
  });
});

describe('acting on the products chosen', () => {
  it('sends the ids ticked, says what was done in the notice area, clears the selection and loads the same list again', async () => {
    const calls = shop();
    await openList('/config/products?q=product&category=Wood&page=2');
    const before = listCalls(calls).length;
    fireEvent.click(rowBox('Product 51'));
    fireEvent.click(rowBox('Product 53'));
    await choose('hide');
    fireEvent.click(within(bar()).getByRole('button', { name: TEXT.apply(2) }));
    await settle();
    expect(bulkCalls(calls).map((call) => call.body)).toEqual([{ action: 'hide', productIds: ['p51', 'p53'] }]);
    expect(screen.getByText('2 products hidden.').closest('.admin-notice')?.getAttribute('role')).toBe('status');
    // the controls pressed went with the selection: the list's heading, above the notice, has the focus
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: ADMIN.screens.products }));
    expect(within(bar()).getByText(TEXT.selectedCount(0))).toBeTruthy();
    expect(rowBox('Product 51').checked).toBe(false);
    const reloaded = listCalls(calls).slice(before);
    expect(reloaded.length).toBeGreaterThan(0);
    expect(Object.fromEntries(new URL(reloaded.at(-1)!.url, 'http://shop.test').searchParams)).toMatchObject({ q: 'product', category: 'Wood', offset: '50' });
    expect(window.location.search).toBe('?q=product&category=Wood&page=2');
  });

  it('asks for a category for the category actions, offering the shop\'s, and sends the name typed', async () => {
    const calls = shop({ body: { changed: 1, message: '1 product added to Winter Sale.' } });
    await openList();
    fireEvent.click(rowBox('Product 4'));
    fireEvent.click(within(bar()).getByRole('button', { name: TEXT.apply(1) }));
    await settle();
    // no action chosen yet: said under the menu, nothing sent
    expect(within(bar()).getByText(TEXT.chooseActionFirst)).toBeTruthy();
    await choose('add-category');
    const name = within(bar()).getByLabelText(ADMIN.category) as HTMLInputElement;
    const offered = [...document.getElementById(name.getAttribute('list')!)!.querySelectorAll('option')].map((option) => option.value);
    expect(offered).toEqual(['Kitchen', 'Wood']);
    fireEvent.click(within(bar()).getByRole('button', { name: TEXT.apply(1) }));
    await settle();
    expect(within(bar()).getByText(ADMIN.server.productBulkCategory)).toBeTruthy();
    expect(document.activeElement).toBe(name);
    expect(bulkCalls(calls)).toEqual([]);
    fireEvent.change(name, { target: { value: ' Winter Sale ' } });
    fireEvent.click(within(bar()).getByRole('button', { name: TEXT.apply(1) }));
    await settle();
    expect(bulkCalls(calls).map((call) => call.body)).toEqual([{ action: 'add-category', category: 'Winter Sale', productIds: ['p4'] }]);
  });

  it('asks before a delete, naming how many products go and what goes with them; Cancel sends nothing', async () => {
    const calls = shop({ body: { changed: 2, message: '2 products deleted.' } });
    await openList();
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    fireEvent.click(rowBox('Product 1'));
    fireEvent.click(rowBox('Product 2'));
    await choose('delete');
    fireEvent.click(within(bar()).getByRole('button', { name: TEXT.apply(2) }));
    await settle();
    expect(confirm).toHaveBeenCalledWith(TEXT.confirmDelete(2));
    expect(TEXT.confirmDelete(2)).toContain('Delete 2 products?');
    expect(TEXT.confirmDelete(2)).toContain('images, download files, cart lines and restock requests');
    expect(bulkCalls(calls)).toEqual([]);
    expect(within(bar()).getByText(TEXT.selectedCount(2))).toBeTruthy();
    confirm.mockReturnValue(true);
    fireEvent.click(within(bar()).getByRole('button', { name: TEXT.apply(2) }));
    await settle();
    expect(bulkCalls(calls).map((call) => call.body)).toEqual([{ action: 'delete', productIds: ['p1', 'p2'] }]);
    expect(screen.getByText('2 products deleted.')).toBeTruthy();
  });

  it('keeps the selection when the action is refused, saying why in the notice area', async () => {
    const refusal = ADMIN.server.productBulkListChanged.replace('{count}', '54').replace('{expected}', '53');
    shop({ status: 409, body: { message: refusal } });
    await openList('/config/products?q=product');
    fireEvent.click(pageBox());
    await settle();
    fireEvent.click(within(bar()).getByRole('button', { name: TEXT.selectAllMatching(53, true) }));
    await choose('hide');
    fireEvent.click(within(bar()).getByRole('button', { name: TEXT.apply(53) }));
    await settle();
    expect(screen.getByRole('alert').textContent).toBe(refusal);
    expect(within(bar()).getByText(TEXT.allMatchingSelected(53, true))).toBeTruthy();
  });
});
