// @vitest-environment jsdom
/**
 * The product list of a grown shop: its search, filters, sort and page are kept in the address
 * (Back, Forward, a reload and a shared link show the same list), it says how many products there
 * are and on which page of how many the owner is, and a product opened from it leads back to it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { AdminApp } from '../../client/admin/AdminApp.tsx';
import { scriptFetch, settle, type FetchCall } from './helpers.ts';
import { withAdminSession } from './admin-session.ts';

withAdminSession();
afterEach(() => window.history.replaceState(null, '', '/'));

const OWNER = { email: 'owner@example.com', xsrfToken: 'session-token', permissions: ['admin.use', 'catalogue.read', 'catalogue.edit'] };
const ROW = { id: 'p1', title: 'Walnut Bowl', productType: 1, visible: true, variantCount: 1, stock: 4, lowestPriceCents: 3000, imageUrl: null };
const PRODUCT = {
  id: 'p1', title: 'Walnut Bowl', description: '', excerpt: '', productType: 'physical', urlSlug: 'walnut-bowl', visible: true, categories: [], tags: [],
  variantOptions: [], additionalFieldsFormId: null, images: [],
  variants: [{ id: 'v1', sku: 'WB-1', priceCents: 3000, salePriceCents: 0, onSale: false, qtyInStock: 4, unlimited: false, weightGrams: 0, attributes: {} }],
};

function scriptProducts(total: number): FetchCall[] {
  return scriptFetch([
    { method: 'GET', path: /\/api\/admin\/(messages\/forms|settings)/, answer: { body: { forms: [], settings: { currency: 'USD' } } } },
    { method: 'GET', path: '/api/admin/product-categories', answer: { body: { categories: ['Kitchen', 'Wood'] } } },
    { method: 'GET', path: '/api/admin/products/p1', answer: { body: { product: PRODUCT } } },
    { method: 'GET', path: '/api/admin/products', answer: { body: { products: [ROW], hasMore: true, total, lowStock: 5 } } },
  ]);
}

function openAdmin(address: string): void {
  vi.stubGlobal('scrollTo', vi.fn());
  window.history.replaceState(null, '', address);
  render(<AdminApp account={OWNER} siteTitle="Linen & Loam" path={new URL(address, 'http://shop.test').pathname} />);
}

/** The last call to the list, as its query. */
const lastListQuery = (calls: FetchCall[]): Record<string, string> => {
  const list = calls.filter((call) => call.url.split('?')[0] === '/api/admin/products');
  return Object.fromEntries(new URL(list.at(-1)!.url, 'http://shop.test').searchParams);
};
const shown = (): string => window.location.pathname + window.location.search;
const back = async (): Promise<void> => {
  const moved = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
  window.history.back();
  await moved;
  await settle();
};

describe('the product list', () => {
  it('names a product with a plan a subscription, as the editor does, whatever its type code', async () => {
    scriptFetch([
      { method: 'GET', path: /\/api\/admin\/(messages\/forms|settings)/, answer: { body: { forms: [], settings: { currency: 'USD' } } } },
      { method: 'GET', path: '/api/admin/products', answer: { body: { products: [{ ...ROW, subscription: true }], hasMore: false, total: 1, lowStock: 5 } } },
    ]);
    openAdmin('/config/products');
    await settle();
    expect(document.querySelector(`tr[data-product-id="p1"] td[data-label="${ADMIN.productType}"]`)?.textContent).toBe(ADMIN.productTypes.subscription);
  });
});

describe('the product list in the address', () => {
  it('opens the list a shared link names: its search, filters, sort and page', async () => {
    const calls = scriptProducts(42);
    openAdmin('/config/products?q=walnut&type=physical&visible=hidden&category=Wood&stock=low&sort=price-high&page=3');
    await settle();
    expect(lastListQuery(calls)).toEqual({
      q: 'walnut', type: 'physical', visible: 'hidden', category: 'Wood', stock: 'low', sort: 'price-high', limit: '50', offset: '100',
    });
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('walnut');
    expect((screen.getByLabelText(ADMIN.productType) as HTMLSelectElement).value).toBe('physical');
    expect((screen.getByLabelText(ADMIN.visibility) as HTMLSelectElement).value).toBe('hidden');
    expect((screen.getByLabelText(ADMIN.category) as HTMLSelectElement).value).toBe('Wood');
    expect((screen.getByLabelText(ADMIN.sortBy) as HTMLSelectElement).value).toBe('price-high');
    expect((screen.getByLabelText(ADMIN.runningLow(5)) as HTMLInputElement).checked).toBe(true);
  });

  it('keeps a search and the next page in the address, and Back returns to each list', async () => {
    const calls = scriptProducts(5015);
    openAdmin('/config/products');
    await settle();
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'oak' } });
    fireEvent.click(screen.getByRole('button', { name: ADMIN.search }));
    await settle();
    expect(shown()).toBe('/config/products?q=oak');
    expect(lastListQuery(calls)).toMatchObject({ q: 'oak', offset: '0' });
    fireEvent.click(screen.getByRole('button', { name: ADMIN.nextPage }));
    await settle();
    expect(shown()).toBe('/config/products?q=oak&page=2');
    expect(lastListQuery(calls)).toMatchObject({ q: 'oak', offset: '50' });
    await back();
    expect(shown()).toBe('/config/products?q=oak');
    expect(lastListQuery(calls)).toMatchObject({ q: 'oak', offset: '0' });
    await back();
    expect(shown()).toBe('/config/products');
    expect(lastListQuery(calls).q).toBeUndefined();
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('');
  });

  it('keeps each filter and the sort in the address, starting again from the first page', async () => {
    const calls = scriptProducts(120);
    openAdmin('/config/products?page=2');
    await settle();
    fireEvent.change(screen.getByLabelText(ADMIN.productType), { target: { value: 'giftCard' } });
    await settle();
    expect(shown()).toBe('/config/products?type=giftCard');
    fireEvent.change(screen.getByLabelText(ADMIN.sortBy), { target: { value: 'stock-low' } });
    fireEvent.change(screen.getByLabelText(ADMIN.category), { target: { value: 'Kitchen' } });
    fireEvent.change(screen.getByLabelText(ADMIN.visibility), { target: { value: 'visible' } });
    fireEvent.click(screen.getByLabelText(ADMIN.runningLow(5)));
    await settle();
    expect(shown()).toBe('/config/products?type=giftCard&visible=visible&category=Kitchen&stock=low&sort=stock-low');
    expect(lastListQuery(calls)).toMatchObject({ type: 'giftCard', visible: 'visible', category: 'Kitchen', stock: 'low', sort: 'stock-low', offset: '0' });
    // the shop's order is the default, and left out of the address
    fireEvent.change(screen.getByLabelText(ADMIN.sortBy), { target: { value: 'shop' } });
    await settle();
    expect(shown()).toBe('/config/products?type=giftCard&visible=visible&category=Kitchen&stock=low');
  });

  it('says how many products there are, or match, and the page among all', async () => {
    scriptProducts(5015);
    openAdmin('/config/products?page=3');
    await settle();
    expect(screen.getByText('5,015 products')).toBeTruthy();
    expect(screen.getByText('Page 3 of 101')).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'oak' } });
    fireEvent.click(screen.getByRole('button', { name: ADMIN.search }));
    await settle();
    expect(screen.getByText("5,015 products match 'oak'")).toBeTruthy();
    expect(screen.getByText('Page 1 of 101')).toBeTruthy();
  });

  it("opens a product with the list's filters and page, and Back to products leads to the same list", async () => {
    const calls = scriptProducts(300);
    openAdmin('/config/products?q=walnut&sort=newest&page=3');
    await settle();
    fireEvent.click(screen.getByRole('link', { name: 'Walnut Bowl' }));
    await settle();
    expect(shown()).toBe('/config/products/p1?q=walnut&sort=newest&page=3');
    fireEvent.click(screen.getByRole('link', { name: ADMIN.backToProducts }));
    await settle();
    expect(shown()).toBe('/config/products?q=walnut&sort=newest&page=3');
    expect(lastListQuery(calls)).toMatchObject({ q: 'walnut', sort: 'newest', offset: '100' });
  });
});
