// @vitest-environment jsdom
/**
 * The Discounts screen: the list (what each code takes off, its minimum, its uses of its limit and
 * whether once per customer, where it stands and its days; found by the search, each code linked), a new code made from the
 * form as typed (a percentage as "12.5", an amount in the store's money, whole days, a use limit,
 * once per customer),
 * each refusal shown under its field, a code taken named under the code; a saved code stopped and
 * started again after a question, deleted only while no order used it, and the orders that used
 * it linked to their screens. A member of staff who may only read orders is offered none of it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { AdminApp } from '../../client/admin/AdminApp.tsx';
import { DiscountCodeEditor } from '../../client/admin/screens/DiscountCodeEditor.tsx';
import { DiscountsScreen } from '../../client/admin/screens/DiscountsScreen.tsx';
import { notAnAmountText } from '../../client/lib/money-input.ts';
import { scriptFetch, settle } from './helpers.ts';
import { withAdminSession } from './admin-session.ts';

withAdminSession();
// the list keeps its search in the address, the editor its code's
afterEach(() => window.history.replaceState(null, '', '/'));

const SETTINGS = { method: 'GET', path: '/api/admin/settings', answer: { body: { settings: { currency: 'USD' } } } };

function code(overrides: Record<string, unknown> = {}) {
  return {
    id: 'd1', code: 'SUMMER-25', kind: 'percent', percentBasisPoints: 2500, amountCents: 0, currency: 'USD', minimumSubtotalCents: 0,
    startsOn: null, endsOn: null, usageLimit: 100, timesUsed: 3, createdOn: 0, stoppedOn: null, firstDay: null, lastDay: null, state: 'active',
    oncePerCustomer: false, appliesTo: 'order', targets: [], targetNames: [],
    ...overrides,
  };
}

function detail(overrides: Record<string, unknown> = {}) {
  return {
    ...code(overrides),
    uses: [
      { orderId: 'o2', orderNumber: 1044, currency: 'USD', amountCents: 1250, createdOn: 2000, returnedOn: null },
      { orderId: 'o1', orderNumber: 1042, currency: 'USD', amountCents: 500, createdOn: 1000, returnedOn: 1500 },
    ],
    ...(overrides.uses !== undefined ? { uses: overrides.uses } : {}),
  };
}

/** A table's rows, cell by cell. */
function rows(table: HTMLElement): string[][] {
  return within(table).getAllByRole('row').map((row) => Array.from(row.children, (cell) => cell.textContent ?? ''));
}

/** Whether closing or reloading the tab now would have the browser ask (an unsaved edit). */
function browserWouldAsk(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });

describe('the discounts list', () => {
  it('says what each code takes off, needs, has been used and where it stands, searches, and opens a code', async () => {
    const calls = scriptFetch([{
      method: 'GET', path: '/api/admin/discount-codes', answer: {
        body: {
          discountCodes: [
            code(),
            code({
              id: 'd2', code: 'TENNER', kind: 'amount', percentBasisPoints: 0, amountCents: 1000, minimumSubtotalCents: 5000, usageLimit: null, state: 'scheduled',
              firstDay: '2026-06-01', lastDay: '2026-06-30', oncePerCustomer: true,
            }),
            code({ id: 'd3', code: 'SHIPFREE', kind: 'free-shipping', percentBasisPoints: 0, usageLimit: 3, state: 'used-up', lastDay: '2026-01-31' }),
            code({ id: 'd4', code: 'HALF_PCT', percentBasisPoints: 1250, usageLimit: null, timesUsed: 0, stoppedOn: 9, state: 'stopped', firstDay: '2026-02-01' }),
          ],
          hasMore: false,
        },
      },
    }]);
    const navigate = vi.fn();
    render(<DiscountsScreen navigate={navigate} canManage />);
    await settle();
    const table = screen.getByRole('table', { name: ADMIN.screens.discounts });
    expect(rows(table).slice(1)).toEqual([
      ['SUMMER-25', '25% off', ADMIN.discountForOrder, ADMIN.discountNoMinimum, '3 of 100 used', 'Active', ADMIN.discountDateRange(null, null)],
      ['TENNER', '$10.00 off', ADMIN.discountForOrder, '$50.00', '3 used, once per customer', 'Scheduled', '2026-06-01 to 2026-06-30'],
      ['SHIPFREE', 'Free shipping', ADMIN.discountForOrder, ADMIN.discountNoMinimum, '3 of 3 used', 'Used up', 'Until 2026-01-31'],
      ['HALF_PCT', '12.5% off', ADMIN.discountForOrder, ADMIN.discountNoMinimum, '0 used', 'Stopped', 'From 2026-02-01'],
    ]);

    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'summer' } });
    fireEvent.submit(screen.getByRole('search'));
    await settle();
    expect(new URL(calls.at(-1)!.url, 'http://shop.test').searchParams.get('q')).toBe('summer');
    fireEvent.click(within(table).getByRole('link', { name: 'SUMMER-25' }));
    expect(navigate).toHaveBeenCalledWith('/config/discounts/d1?q=summer');
    fireEvent.click(screen.getByRole('button', { name: ADMIN.newDiscountCode }));
    expect(navigate).toHaveBeenLastCalledWith('/config/discounts/new');
  });

  it('says when there is no code, and offers no new one to a role that may only read', async () => {
    scriptFetch([{ method: 'GET', path: '/api/admin/discount-codes', answer: { body: { discountCodes: [], hasMore: false } } }]);
    render(<DiscountsScreen navigate={() => undefined} canManage={false} />);
    await settle();
    expect(screen.getByText(ADMIN.noDiscountCodes)).toBeTruthy();
    expect(screen.queryByRole('button', { name: ADMIN.newDiscountCode })).toBeNull();
  });

  it('is in the admin menu, after gift cards, for a role that reads orders', async () => {
    scriptFetch([{ method: 'GET', path: '/api/admin/discount-codes', answer: { body: { discountCodes: [code()], hasMore: false } } }]);
    vi.stubGlobal('scrollTo', vi.fn());
    window.history.replaceState(null, '', '/config/discounts');
    render(<AdminApp account={{ email: 'books@example.com', xsrfToken: 't', permissions: ['admin.use', 'orders.read'] }} siteTitle="Linen & Loam" path="/config/discounts" />);
    await settle();
    const menu = screen.getByRole('navigation', { name: ADMIN.navLabel });
    const links = within(menu).getAllByRole('link').map((link) => link.textContent);
    expect(links.indexOf(ADMIN.screens.discounts)).toBe(links.indexOf(ADMIN.screens['gift-cards']) + 1);
    expect(within(menu).getByRole('link', { name: ADMIN.screens.discounts }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('heading', { level: 1, name: ADMIN.screens.discounts })).toBeTruthy();
  });
});

describe('a screen the role does not open', () => {
  it('shows the first screen it does, saying so, rather than another screen under the address without a word', async () => {
    scriptFetch([{ method: 'GET', path: '/api/admin/orders', answer: { body: { orders: [], hasMore: false, summary: { orders: 0, notCounted: 0, taken: [], takenInTestMode: [] }, period: { from: null, to: null } } } }]);
    vi.stubGlobal('scrollTo', vi.fn());
    window.history.replaceState(null, '', '/config/staff');
    render(<AdminApp account={{ email: 'books@example.com', xsrfToken: 't', permissions: ['admin.use', 'orders.read'] }} siteTitle="Linen & Loam" path="/config/staff" />);
    await settle();
    expect(screen.getByText(ADMIN.screenNotForRole(ADMIN.screens.staff, ADMIN.screens.orders))).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: ADMIN.screens.orders })).toBeTruthy();
    window.history.replaceState(null, '', '/');
  });
});

describe('a new discount code', () => {
  it('sends the form as the store keeps it and stays open on the code made', async () => {
    const calls = scriptFetch([
      SETTINGS,
      { method: 'POST', path: '/api/admin/discount-codes', answer: { status: 201, body: { discountCode: detail({ code: 'SPRING-12', percentBasisPoints: 1250, uses: [], timesUsed: 0, oncePerCustomer: true }) } } },
    ]);
    render(<DiscountCodeEditor discountCodeId={null} navigate={() => undefined} canManage />);
    await settle();
    expect(screen.getByRole('heading', { level: 1, name: ADMIN.newDiscountCode })).toBeTruthy();
    type(ADMIN.discountCode, 'spring-12');
    type(ADMIN.discountPercent, '12,5');
    type(ADMIN.discountMinimumOptional, '40');
    type(ADMIN.discountStartsOn, '2026-03-01');
    type(ADMIN.discountEndsOn, '2026-03-31');
    type(ADMIN.discountUsageLimit, '100');
    const once = screen.getByRole('checkbox', { name: ADMIN.discountOncePerCustomer }) as HTMLInputElement;
    expect(once.checked).toBe(false);
    expect(once.getAttribute('aria-describedby')).toBe(screen.getByText(ADMIN.discountOncePerCustomerHint).id);
    fireEvent.click(once);
    fireEvent.submit(document.querySelector('form')!);
    await settle();
    expect(calls.at(-1)).toMatchObject({
      method: 'POST', url: '/api/admin/discount-codes',
      body: {
        code: 'spring-12', kind: 'percent', percentBasisPoints: 1250, amountCents: null, minimumSubtotalCents: 4000, startsOn: '2026-03-01', endsOn: '2026-03-31', usageLimit: 100,
        oncePerCustomer: true,
      },
    });
    expect(window.location.pathname).toBe('/config/discounts/d1');
    expect(screen.getByText(ADMIN.discountSaved)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: ADMIN.discountCodeTitle('SPRING-12') })).toBeTruthy();
    expect(input(ADMIN.discountCode).value).toBe('SPRING-12');
    expect(input(ADMIN.discountPercent).value).toBe('12.5');
    expect((screen.getByRole('checkbox', { name: ADMIN.discountOncePerCustomer }) as HTMLInputElement).checked).toBe(true);
  });

  it('asks only for the kind\'s own field, and shows each refusal under its field, an amount it could not read in the store\'s words', async () => {
    const calls = scriptFetch([
      SETTINGS,
      {
        method: 'POST', path: '/api/admin/discount-codes', answer: {
          status: 400,
          body: { message: ADMIN.server.invalidInput, fieldErrors: { amountCents: 'Enter an amount, such as 12.50.', usageLimit: ADMIN.server.discountUsageLimit } },
        },
      },
    ]);
    render(<DiscountCodeEditor discountCodeId={null} navigate={() => undefined} canManage />);
    await settle();
    fireEvent.change(screen.getByRole('combobox', { name: ADMIN.discountTakesOff }), { target: { value: 'amount' } });
    expect(screen.queryByLabelText(ADMIN.discountPercent)).toBeNull();
    type(ADMIN.discountCode, 'TENNER');
    type(ADMIN.discountAmount, '1,2,3');
    type(ADMIN.discountUsageLimit, 'lots');
    fireEvent.submit(document.querySelector('form')!);
    await settle();
    // an unreadable limit is sent as typed, never as no limit
    expect(calls.at(-1)!.body).toMatchObject({ kind: 'amount', amountCents: null, percentBasisPoints: null, usageLimit: 'lots' });
    expect(input(ADMIN.discountAmount).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(notAnAmountText('USD'))).toBeTruthy();
    expect(screen.getByText(ADMIN.server.discountUsageLimit)).toBeTruthy();
    expect(screen.getByText(ADMIN.fixErrors)).toBeTruthy();
    expect(document.activeElement).toBe(input(ADMIN.discountAmount));
  });

  it('names a code the store has already under the code\'s field', async () => {
    const taken = 'The store has a discount code SUMMER-25 already: choose another.';
    scriptFetch([
      SETTINGS,
      { method: 'POST', path: '/api/admin/discount-codes', answer: { status: 409, body: { message: taken, fieldErrors: { code: taken } } } },
    ]);
    render(<DiscountCodeEditor discountCodeId={null} navigate={() => undefined} canManage />);
    await settle();
    type(ADMIN.discountCode, 'summer-25');
    type(ADMIN.discountPercent, '10');
    fireEvent.submit(document.querySelector('form')!);
    await settle();
    expect(screen.getByText(taken)).toBeTruthy();
    expect(document.activeElement).toBe(input(ADMIN.discountCode));
  });
});

describe('a saved discount code', () => {
  it('shows its fields as typed, where it stands and the orders that used it, linked; stops and starts again after asking', async () => {
    const calls = scriptFetch([
      SETTINGS,
      { method: 'GET', path: '/api/admin/discount-codes/d1', answer: { body: { discountCode: detail({ minimumSubtotalCents: 5000, firstDay: '2026-06-01', lastDay: '2026-06-30' }) } } },
      { method: 'POST', path: '/api/admin/discount-codes/d1/stop', answer: { body: { discountCode: detail({ stoppedOn: 10, state: 'stopped' }) } } },
    ]);
    const navigate = vi.fn();
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    render(<DiscountCodeEditor discountCodeId="d1" navigate={navigate} canManage />);
    await settle();
    expect(screen.getByRole('heading', { level: 1, name: ADMIN.discountCodeTitle('SUMMER-25') })).toBeTruthy();
    expect([ADMIN.discountPercent, ADMIN.discountMinimumOptional, ADMIN.discountStartsOn, ADMIN.discountEndsOn, ADMIN.discountUsageLimit].map((label) => input(label).value))
      .toEqual(['25', '50.00', '2026-06-01', '2026-06-30', '100']);
    expect(document.querySelector('[data-discount-state]')!.textContent).toBe(`${ADMIN.status}: Active · 3 of 100 used`);
    const uses = screen.getByRole('table', { name: ADMIN.discountUsesTitle });
    expect(rows(uses).slice(1).map((cells) => [cells[0], cells[2]])).toEqual([['#1044', '$12.50'], ['#1042', `$5.00 · ${ADMIN.discountUseGivenBack}`]]);
    fireEvent.click(within(uses).getByRole('link', { name: '#1042' }));
    expect(navigate).toHaveBeenCalledWith('/config/orders/o1');
    // used: kept with its orders, never deleted
    expect(screen.queryByRole('button', { name: ADMIN.delete })).toBeNull();
    expect(screen.getByText(ADMIN.discountUsedKeep)).toBeTruthy();

    type(ADMIN.discountUsageLimit, '200');
    fireEvent.click(screen.getByRole('button', { name: ADMIN.stopDiscountCode }));
    await settle();
    expect(confirm).toHaveBeenCalledWith(ADMIN.confirmStopDiscountCode('SUMMER-25'));
    expect(calls.at(-1)).toMatchObject({ method: 'POST', url: '/api/admin/discount-codes/d1/stop', body: {} });
    expect(screen.getByText(ADMIN.discountStoppedDone)).toBeTruthy();
    expect(document.querySelector('[data-discount-state]')!.textContent).toContain('Stopped');
    // what was typed meanwhile stays, to be saved
    expect(input(ADMIN.discountUsageLimit).value).toBe('200');
    confirm.mockReturnValue(false);
    fireEvent.click(screen.getByRole('button', { name: ADMIN.startDiscountCode }));
    expect(confirm).toHaveBeenLastCalledWith(ADMIN.confirmStartDiscountCode('SUMMER-25'));
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('keeps the focus through Save, Stop and Start: on the box Enter was pressed in, then on the button that replaced the one pressed', async () => {
    // a browser takes the focus from a control its disabled fieldset holds while the call is on its way
    const blurred = <T,>(answer: T) => () => {
      (document.activeElement as HTMLElement | null)?.blur();
      return answer;
    };
    scriptFetch([
      SETTINGS,
      { method: 'GET', path: '/api/admin/discount-codes/d1', answer: { body: { discountCode: detail() } } },
      { method: 'PUT', path: '/api/admin/discount-codes/d1', answer: blurred({ body: { discountCode: detail({ usageLimit: 200 }) } }) },
      { method: 'POST', path: '/api/admin/discount-codes/d1/stop', answer: blurred({ body: { discountCode: detail({ usageLimit: 200, stoppedOn: 10, state: 'stopped' }) } }) },
      { method: 'POST', path: '/api/admin/discount-codes/d1/start', answer: blurred({ body: { discountCode: detail({ usageLimit: 200 }) } }) },
    ]);
    vi.stubGlobal('confirm', vi.fn(() => true));
    render(<DiscountCodeEditor discountCodeId="d1" navigate={() => undefined} canManage />);
    await settle();
    type(ADMIN.discountUsageLimit, '200');
    input(ADMIN.discountUsageLimit).focus();
    fireEvent.submit(document.querySelector('form')!);
    await settle();
    expect(screen.getByText(ADMIN.discountSaved)).toBeTruthy();
    expect(document.activeElement).toBe(input(ADMIN.discountUsageLimit));
    screen.getByRole('button', { name: ADMIN.stopDiscountCode }).focus();
    fireEvent.click(screen.getByRole('button', { name: ADMIN.stopDiscountCode }));
    await settle();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: ADMIN.startDiscountCode }));
    fireEvent.click(screen.getByRole('button', { name: ADMIN.startDiscountCode }));
    await settle();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: ADMIN.stopDiscountCode }));
  });

  it('shows once per customer as saved, sends it changed, and counts its change as an unsaved edit until saved', async () => {
    const calls = scriptFetch([
      SETTINGS,
      { method: 'GET', path: '/api/admin/discount-codes/d1', answer: { body: { discountCode: detail({ oncePerCustomer: true }) } } },
      { method: 'PUT', path: '/api/admin/discount-codes/d1', answer: { body: { discountCode: detail({ oncePerCustomer: false }) } } },
    ]);
    render(<DiscountCodeEditor discountCodeId="d1" navigate={() => undefined} canManage />);
    await settle();
    const once = () => screen.getByRole('checkbox', { name: ADMIN.discountOncePerCustomer }) as HTMLInputElement;
    expect(once().checked).toBe(true);
    expect(browserWouldAsk()).toBe(false);
    fireEvent.click(once());
    expect(browserWouldAsk()).toBe(true);
    // ticked again: as saved, nothing to lose
    fireEvent.click(once());
    expect(browserWouldAsk()).toBe(false);
    fireEvent.click(once());
    fireEvent.submit(document.querySelector('form')!);
    await settle();
    expect(calls.at(-1)).toMatchObject({ method: 'PUT', url: '/api/admin/discount-codes/d1', body: { oncePerCustomer: false } });
    expect(once().checked).toBe(false);
    expect(browserWouldAsk()).toBe(false);
  });

  it('deletes a code no order used, after asking, and goes back to the list', async () => {
    const calls = scriptFetch([
      SETTINGS,
      { method: 'GET', path: '/api/admin/discount-codes/d1', answer: { body: { discountCode: detail({ timesUsed: 0, uses: [] }) } } },
      { method: 'DELETE', path: '/api/admin/discount-codes/d1', answer: { body: { deleted: true } } },
    ]);
    const navigate = vi.fn();
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    render(<DiscountCodeEditor discountCodeId="d1" navigate={navigate} canManage />);
    await settle();
    expect(screen.getByText(ADMIN.discountNoUses)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: ADMIN.delete }));
    await settle();
    expect(confirm).toHaveBeenCalledWith(ADMIN.confirmDeleteDiscountCode('SUMMER-25'));
    expect(calls.at(-1)).toMatchObject({ method: 'DELETE', url: '/api/admin/discount-codes/d1' });
    expect(navigate).toHaveBeenCalledWith('/config/discounts');
  });

  it('offers nothing to change to a member of staff who may only read orders', async () => {
    scriptFetch([SETTINGS, { method: 'GET', path: '/api/admin/discount-codes/d1', answer: { body: { discountCode: detail() } } }]);
    render(<DiscountCodeEditor discountCodeId="d1" navigate={() => undefined} canManage={false} />);
    await settle();
    expect(screen.queryByRole('button')).toBeNull();
    expect(input(ADMIN.discountCode).matches(':disabled')).toBe(true);
    expect(screen.getByRole('table', { name: ADMIN.discountUsesTitle })).toBeTruthy();
  });
});

describe('what a code applies to', () => {
  const TARGETS = '/api/admin/discount-code-targets';
  const choices = (products: Array<{ id: string; title: string }>) => ({ method: 'GET', path: TARGETS, answer: { body: { products, categories: ['Ceramics', 'Home'] } } });
  const SHOP = [{ id: 'p-mug', title: 'Stoneware Mug' }, { id: 'p-vase', title: 'Ash-Glaze Bud Vase' }];
  const appliesTo = () => screen.getByRole('combobox', { name: ADMIN.discountAppliesTo }) as HTMLSelectElement;
  const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

  it('says in the list what each code applies to, its products and categories by name', async () => {
    scriptFetch([{
      method: 'GET', path: '/api/admin/discount-codes', answer: {
        body: {
          discountCodes: [
            code({ id: 'd1', code: 'CERAMICS-20', appliesTo: 'categories', targets: ['Ceramics', 'Home'], targetNames: ['Ceramics', 'Home'] }),
            code({ id: 'd2', code: 'MUG-5', kind: 'amount', amountCents: 500, appliesTo: 'products', targets: ['p-mug'], targetNames: ['Stoneware Mug'] }),
            code({ id: 'd3', code: 'MANY', appliesTo: 'products', targets: ['a', 'b', 'c', 'd', 'e'], targetNames: ['A', 'B', 'C', 'D', 'E'] }),
            code({ id: 'd4', code: 'GONE', appliesTo: 'products', targets: ['deleted'], targetNames: [] }),
          ],
          hasMore: false,
        },
      },
    }]);
    render(<DiscountsScreen navigate={() => undefined} canManage />);
    await settle();
    const cells = within(screen.getByRole('table', { name: ADMIN.screens.discounts })).getAllByRole('cell').filter((cell) => cell.dataset.label === ADMIN.discountAppliesTo);
    expect(cells.map((cell) => cell.textContent)).toEqual(['Categories: Ceramics, Home', 'Products: Stoneware Mug', 'Products: A, B, C and 2 more', ADMIN.discountForNoProduct]);
  });

  it("offers the shop's categories or products to tick, sends the ticked ones, and shows them as saved", async () => {
    const calls = scriptFetch([
      SETTINGS, choices(SHOP),
      { method: 'POST', path: '/api/admin/discount-codes', answer: { status: 201, body: { discountCode: detail({ code: 'CERAMICS-20', uses: [], appliesTo: 'categories', targets: ['Ceramics'], targetNames: ['Ceramics'] }) } } },
    ]);
    render(<DiscountCodeEditor discountCodeId={null} navigate={() => undefined} canManage />);
    await settle();
    expect(appliesTo().value).toBe('order');
    // the whole order needs no list: nothing is read for it
    expect(calls.some((call) => call.url === TARGETS)).toBe(false);
    fireEvent.change(appliesTo(), { target: { value: 'products' } });
    await settle();
    expect(screen.getByRole('group', { name: `${ADMIN.discountProducts} · ${ADMIN.discountTicked(0)}` })).toBeTruthy();
    fireEvent.click(box('Stoneware Mug'));
    expect(screen.getByRole('group', { name: `${ADMIN.discountProducts} · ${ADMIN.discountTicked(1)}` })).toBeTruthy();
    // categories are other things than products: the ticks go
    fireEvent.change(appliesTo(), { target: { value: 'categories' } });
    await settle();
    expect(box('Ceramics').checked).toBe(false);
    fireEvent.click(box('Ceramics'));
    type(ADMIN.discountCode, 'ceramics-20');
    type(ADMIN.discountPercent, '20');
    fireEvent.submit(document.querySelector('form')!);
    await settle();
    expect(calls.at(-1)).toMatchObject({ method: 'POST', body: { kind: 'percent', appliesTo: 'categories', targets: ['Ceramics'] } });
    expect(appliesTo().value).toBe('categories');
    expect(box('Ceramics').checked).toBe(true);
    expect(box('Home').checked).toBe(false);
    // free shipping is the whole order's: no choice is offered, and none sent
    fireEvent.change(screen.getByRole('combobox', { name: ADMIN.discountTakesOff }), { target: { value: 'free-shipping' } });
    expect(screen.queryByRole('combobox', { name: ADMIN.discountAppliesTo })).toBeNull();
  });

  it('shows an empty choice refused under the list and takes the focus there', async () => {
    scriptFetch([
      SETTINGS, choices(SHOP),
      { method: 'POST', path: '/api/admin/discount-codes', answer: { status: 400, body: { message: ADMIN.server.invalidInput, fieldErrors: { targets: ADMIN.server.discountNoProducts } } } },
    ]);
    render(<DiscountCodeEditor discountCodeId={null} navigate={() => undefined} canManage />);
    await settle();
    type(ADMIN.discountCode, 'MUG-5');
    type(ADMIN.discountPercent, '5');
    fireEvent.change(appliesTo(), { target: { value: 'products' } });
    await settle();
    fireEvent.submit(document.querySelector('form')!);
    await settle();
    const problem = screen.getByText(ADMIN.server.discountNoProducts);
    const group = screen.getByRole('group', { name: `${ADMIN.discountProducts} · ${ADMIN.discountTicked(0)}` });
    expect(group.getAttribute('aria-describedby')).toBe(problem.id);
    expect(document.activeElement).toBe(problem);
  });

  it('finds a product by its title in a long list, a ticked one hidden by the search staying ticked', async () => {
    const many = Array.from({ length: 12 }, (_, index) => ({ id: `p${index}`, title: index === 7 ? 'Stoneware Mug' : `Linen Napkin ${index}` }));
    const calls = scriptFetch([SETTINGS, choices(many), { method: 'POST', path: '/api/admin/discount-codes', answer: { status: 201, body: { discountCode: detail({ uses: [] }) } } }]);
    render(<DiscountCodeEditor discountCodeId={null} navigate={() => undefined} canManage />);
    await settle();
    fireEvent.change(appliesTo(), { target: { value: 'products' } });
    await settle();
    fireEvent.click(box('Linen Napkin 0'));
    type(ADMIN.discountFindProduct, 'stoneware');
    expect(screen.getAllByRole('checkbox').map((checkbox) => (checkbox as HTMLInputElement).labels![0]!.textContent))
      .toEqual(['Stoneware Mug', ADMIN.discountOncePerCustomer]);
    fireEvent.click(box('Stoneware Mug'));
    expect(screen.getByRole('group', { name: `${ADMIN.discountProducts} · ${ADMIN.discountTicked(2)}` })).toBeTruthy();
    type(ADMIN.discountFindProduct, 'teapot');
    expect(screen.getByText(ADMIN.discountNoProductMatches)).toBeTruthy();
    type(ADMIN.discountCode, 'LINENS');
    type(ADMIN.discountPercent, '10');
    fireEvent.submit(document.querySelector('form')!);
    await settle();
    expect(calls.at(-1)!.body).toMatchObject({ appliesTo: 'products', targets: ['p0', 'p7'] });
  });
});
