// @vitest-environment jsdom
/**
 * The product list as an owner reads it on a phone: a table whose rows become cards there (as
 * Orders', Inventory's and Staff's do), each product's title its row's header and its card's
 * heading, every other cell labelled with its column, the move buttons in a cell of their own;
 * a product whose variants sell at different prices written "from" the lowest, as the shop
 * writes it; "4 variants" kept together; and the list following the search box as it shows,
 * so an emptied box is no search once another filter changes.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { ProductsScreen } from '../../client/admin/screens/ProductsScreen.tsx';
import { scriptFetch, settle, type FetchCall } from './helpers.ts';
import { withAdminSession } from './admin-session.ts';

withAdminSession();
afterEach(() => window.history.replaceState(null, '', '/'));

const settings = { method: 'GET', path: /\/api\/admin\/(messages\/forms|settings|product-categories)/, answer: { body: { forms: [], settings: { currency: 'USD' }, categories: [] } } };
const APRON = { id: 'p1', title: 'Hand-dyed Linen Apron', productType: 1, visible: false, variantCount: 4, stock: 14, lowestPriceCents: 3800, highestPriceCents: 4200, imageUrl: null };
const MUG = { id: 'p2', title: 'Stoneware Mug', productType: 1, visible: true, variantCount: 1, stock: 0, lowestPriceCents: 2400, highestPriceCents: 2400, imageUrl: null };
// an older server, which answers the lowest price alone
const TOTE = { id: 'p3', title: 'Canvas Market Tote', productType: 2, visible: true, variantCount: 2, stock: null, lowestPriceCents: 1800, imageUrl: null };

function shop(products: unknown[] = [APRON, MUG, TOTE]): FetchCall[] {
  return scriptFetch([
    settings,
    { method: 'GET', path: /^\/api\/admin\/products\?/, answer: { body: { products, hasMore: false, total: products.length, lowStock: 5 } } },
  ]);
}

async function openList(address: string, canEdit = true): Promise<void> {
  vi.stubGlobal('scrollTo', vi.fn());
  window.history.replaceState(null, '', address);
  render(<ProductsScreen navigate={() => undefined} canEdit={canEdit} />);
  await settle();
}

const row = (id: string): HTMLElement => document.querySelector<HTMLElement>(`tr[data-product-id="${id}"]`)!;
const shown = (): string => window.location.pathname + window.location.search;
const lastListQuery = (calls: FetchCall[]): Record<string, string> => {
  const list = calls.filter((call) => call.url.split('?')[0] === '/api/admin/products');
  return Object.fromEntries(new URL(list.at(-1)!.url, 'http://shop.test').searchParams);
};

describe('the product list as cards on a phone', () => {
  it('keeps the table semantics explicit, the title the row\'s header, every other cell labelled with its column', async () => {
    shop();
    await openList('/config/products');
    const table = screen.getByRole('table');
    expect(table.classList.contains('admin-table--cards')).toBe(true);
    expect(table.getAttribute('role')).toBe('table');
    const headers = within(table).getAllByRole('columnheader');
    // first the page's box of the bulk actions, then the columns
    expect(within(headers[0]!).getByRole('checkbox', { name: ADMIN.productBulk.selectPage })).toBeTruthy();
    expect(headers.slice(1).map((heading) => heading.textContent)).toEqual([ADMIN.title, ADMIN.productType, ADMIN.status, ADMIN.stock, ADMIN.price, ADMIN.shopOrderColumn]);
    for (const id of ['p1', 'p2', 'p3']) expect(row(id).getAttribute('role')).toBe('row');
    // the title: the row's header (a card's heading), holding the product's link and its variants
    const title = within(row('p1')).getByRole('rowheader');
    expect(within(title).getByRole('link', { name: 'Hand-dyed Linen Apron' })).toBeTruthy();
    expect(title.textContent).toContain(ADMIN.variantCount(4));
    // the other cells say their column on a card; the move buttons name themselves
    const [select, ...cells] = within(row('p1')).getAllByRole('cell');
    // the row's box, named with the product, before the title
    expect(within(select!).getByRole('checkbox', { name: ADMIN.productBulk.selectProduct(APRON.title) })).toBeTruthy();
    expect(select!.getAttribute('data-label')).toBeNull();
    expect(cells.map((cell) => cell.getAttribute('data-label'))).toEqual([ADMIN.productType, ADMIN.status, ADMIN.stock, ADMIN.price, null]);
    expect(cells.map((cell) => cell.textContent).slice(0, 3)).toEqual([ADMIN.productTypes.physical, ADMIN.hidden, '14']);
    expect(within(cells[4]!).getAllByRole('button').map((button) => button.getAttribute('aria-label')))
      .toEqual(['top', 'up', 'down', 'bottom'].map((to) => ADMIN.moveProduct[to as 'top'](APRON.title)));
  });

  it('has no move column for a role that may not edit', async () => {
    shop();
    await openList('/config/products', false);
    expect(within(screen.getByRole('table')).getAllByRole('columnheader')).toHaveLength(5);
    expect(within(row('p2')).getAllByRole('cell').map((cell) => cell.getAttribute('data-label')))
      .toEqual([ADMIN.productType, ADMIN.status, ADMIN.stock, ADMIN.price]);
  });

  it('writes a price "from" the lowest where the variants sell at different prices, as the shop does', async () => {
    shop();
    await openList('/config/products');
    const price = (id: string) => row(id).querySelector(`td[data-label="${ADMIN.price}"]`)!.textContent;
    expect(price('p1')).toBe(ADMIN.priceFrom('$38.00'));
    expect(ADMIN.priceFrom('$38.00')).toBe('from $38.00');
    expect(price('p2')).toBe('$24.00');
    // an older server's answer, without the highest price: the lowest as before
    expect(price('p3')).toBe('$18.00');
  });

  it('keeps "4 variants" together, apart from the title', async () => {
    shop();
    await openList('/config/products');
    const count = within(row('p1')).getByRole('rowheader').querySelector('.admin-variant-count')!;
    expect(count.textContent).toBe('4\u00a0variants');
    expect(ADMIN.variantCount(1)).toBe('1\u00a0variant');
    // the space between the title and the count is outside the count, where a line may break
    expect(count.previousSibling?.textContent).toBe(' ');
  });
});

describe('the product list follows the search box as it shows', () => {
  it('takes an emptied box as no search once another filter changes', async () => {
    const calls = shop([APRON]);
    await openList('/config/products?q=apron');
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText(ADMIN.visibility), { target: { value: 'hidden' } });
    await settle();
    expect(shown()).toBe('/config/products?visible=hidden');
    expect(lastListQuery(calls).q).toBeUndefined();
    expect(screen.getByText(ADMIN.productsMatchFilters(1))).toBeTruthy();
  });

  it('takes words typed and not yet searched with the sort or a filter, as the box shows them', async () => {
    const calls = shop([APRON]);
    await openList('/config/products?q=apron');
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: ' linen ' } });
    fireEvent.change(screen.getByLabelText(ADMIN.sortBy), { target: { value: 'title' } });
    await settle();
    expect(shown()).toBe('/config/products?q=linen&sort=title');
    expect(lastListQuery(calls)).toMatchObject({ q: 'linen', sort: 'title' });
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('linen');
  });

  it('searches with Enter or the button, as Orders does: emptying the box alone leaves the list as it is', async () => {
    const calls = shop([APRON]);
    await openList('/config/products?q=apron');
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: '' } });
    await settle();
    expect(shown()).toBe('/config/products?q=apron');
    fireEvent.click(screen.getByRole('button', { name: ADMIN.search }));
    await settle();
    expect(shown()).toBe('/config/products');
    expect(lastListQuery(calls).q).toBeUndefined();
  });
});
