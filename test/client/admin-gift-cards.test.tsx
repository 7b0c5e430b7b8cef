// @vitest-environment jsdom
/**
 * The Gift cards screen: the list (found by the search, each card linked), a card with what is
 * left, the orders that spent it linked to their screens, its emails; the email sent again once
 * however fast the owner taps, the card stopped and started again after a question, its whole
 * code shown once asked for. A member of
 * staff who may only read orders is offered none of it. And the order screen's cancel question
 * says when the card it gives money back to is stopped, and what a card it sold has paid already.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { AdminApp } from '../../client/admin/AdminApp.tsx';
import { GiftCardDetail } from '../../client/admin/screens/GiftCardDetail.tsx';
import { GiftCardsScreen } from '../../client/admin/screens/GiftCardsScreen.tsx';
import { OrderDetail } from '../../client/admin/screens/OrderDetail.tsx';
import { scriptFetch, settle } from './helpers.ts';
import { withAdminSession } from './admin-session.ts';

withAdminSession();
// the list keeps its search in the address
afterEach(() => window.history.replaceState(null, '', '/'));

function card(overrides: Record<string, unknown> = {}) {
  return {
    id: 'g1', last4: 'K2M4', currency: 'USD', initialCents: 5000, balanceCents: 1250, recipientEmail: 'sam@example.com', createdOn: 0, stoppedOn: null,
    order: { id: 'o1', orderNumber: 1042, status: 'paid', email: 'jane@example.com' },
    ...overrides,
  };
}

function detail(overrides: Record<string, unknown> = {}) {
  return {
    ...card(overrides),
    spending: [
      { orderId: 'o3', orderNumber: 1050, amountCents: 1250, createdOn: 2000, returnedOn: null },
      { orderId: 'o2', orderNumber: 1044, amountCents: 2500, createdOn: 1000, returnedOn: null },
    ],
    emails: [{ id: 'e1', recipient: 'sam@example.com', status: 'sent', error: null, createdOn: 0, sentOn: 0 }],
  };
}

/** A table's rows, cell by cell. */
function rows(table: HTMLElement): string[][] {
  return within(table).getAllByRole('row').map((row) => Array.from(row.children, (cell) => cell.textContent ?? ''));
}

describe('the gift cards list', () => {
  it('lists the cards with what is left and their order, searches, and opens a card', async () => {
    const calls = scriptFetch([{ method: 'GET', path: '/api/admin/gift-cards', answer: { body: { giftCards: [card(), card({ id: 'g2', last4: 'WXYZ', balanceCents: 0, stoppedOn: 5 })], hasMore: false } } }]);
    const navigate = vi.fn();
    render(<GiftCardsScreen navigate={navigate} />);
    await settle();
    const table = screen.getByRole('table', { name: ADMIN.screens['gift-cards'] });
    expect(rows(table).slice(1).map((cells) => [cells[0], cells[2], cells[3], cells[4], cells[5], cells[6]])).toEqual([
      [ADMIN.giftCardEnding('K2M4'), '$50.00', '$12.50', 'sam@example.com', '#1042', ADMIN.giftCardLive],
      [ADMIN.giftCardEnding('WXYZ'), '$50.00', '$0.00', 'sam@example.com', '#1042', ADMIN.giftCardStopped],
    ]);
    expect(within(table).getAllByRole('link', { name: '#1042' })[0]!.getAttribute('href')).toBe('/config/orders/o1');

    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'k2m4' } });
    fireEvent.submit(screen.getByRole('search'));
    await settle();
    expect(new URL(calls.at(-1)!.url, 'http://shop.test').searchParams.get('q')).toBe('k2m4');

    fireEvent.click(within(table).getByRole('link', { name: ADMIN.giftCardEnding('K2M4') }));
    expect(navigate).toHaveBeenCalledWith('/config/gift-cards/g1?q=k2m4');
  });

  it('says when no card is sold, and when none matches the search', async () => {
    scriptFetch([{ method: 'GET', path: '/api/admin/gift-cards', answer: { body: { giftCards: [], hasMore: false } } }]);
    render(<GiftCardsScreen navigate={() => undefined} />);
    await settle();
    expect(screen.getByText(ADMIN.noGiftCards)).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: '#999' } });
    fireEvent.submit(screen.getByRole('search'));
    await settle();
    expect(screen.getByText(ADMIN.noMatchingGiftCards)).toBeTruthy();
  });

  it('is in the admin menu for a role that reads orders', async () => {
    scriptFetch([{ method: 'GET', path: '/api/admin/gift-cards', answer: { body: { giftCards: [card()], hasMore: false } } }]);
    vi.stubGlobal('scrollTo', vi.fn());
    window.history.replaceState(null, '', '/config/gift-cards');
    render(<AdminApp account={{ email: 'books@example.com', xsrfToken: 't', permissions: ['admin.use', 'orders.read'] }} siteTitle="Linen & Loam" path="/config/gift-cards" />);
    await settle();
    const menu = screen.getByRole('navigation', { name: ADMIN.navLabel });
    expect(within(menu).getByRole('link', { name: ADMIN.screens['gift-cards'] }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('heading', { level: 1, name: ADMIN.screens['gift-cards'] })).toBeTruthy();
  });
});

describe('a gift card', () => {
  it('shows what is left, what it started with, its order and the orders that spent it, linked', async () => {
    scriptFetch([{ method: 'GET', path: '/api/admin/gift-cards/g1', answer: { body: { giftCard: detail(), canSendEmail: true } } }]);
    const navigate = vi.fn();
    render(<GiftCardDetail giftCardId="g1" navigate={navigate} canManage />);
    await settle();
    expect(screen.getByRole('heading', { level: 1, name: ADMIN.giftCardTitle('K2M4') })).toBeTruthy();
    const facts = Array.from(document.querySelectorAll('.admin-facts dt'), (term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(facts.slice(0, 5)).toEqual([
      [ADMIN.giftCardBalance, '$12.50'], [ADMIN.giftCardAmount, '$50.00'], [ADMIN.giftCardRecipient, 'sam@example.com'],
      [ADMIN.giftCardBoughtWith, '#1042'], [ADMIN.giftCardBuyer, 'jane@example.com'],
    ]);
    const spent = screen.getByRole('table', { name: ADMIN.giftCardSpending });
    expect(rows(spent).slice(1).map((cells) => [cells[0], cells[2]])).toEqual([['#1050', '$12.50'], ['#1044', '$25.00']]);
    fireEvent.click(within(spent).getByRole('link', { name: '#1044' }));
    expect(navigate).toHaveBeenCalledWith('/config/orders/o2');
    expect(screen.getByText(ADMIN.emailStatuses.sent!)).toBeTruthy();
  });

  it("says of an email the mail server could not take for now that the store tries it again, in the outbox's own sentence", async () => {
    const waiting = 'Waiting to be sent again: the mail server could not take it for now (connect ECONNREFUSED). The store tries again by itself, less and less often, until it goes out or is given up as too late.';
    scriptFetch([{ method: 'GET', path: '/api/admin/gift-cards/g1', answer: { body: { giftCard: { ...detail(), emails: [{ id: 'e1', recipient: 'sam@example.com', status: 'pending', error: waiting, createdOn: 0, sentOn: null }] }, canSendEmail: true } } }]);
    render(<GiftCardDetail giftCardId="g1" navigate={() => undefined} canManage />);
    await settle();
    expect(screen.getByText(waiting)).toBeTruthy();
    expect(screen.queryByText(ADMIN.emailStatuses.pending!)).toBeNull();
  });

  it('says what a refund of part of an order put back of its payment, and once all of it came back, that it did', async () => {
    const spending = [
      { orderId: 'o3', orderNumber: 1050, amountCents: 1250, createdOn: 2000, returnedOn: null, returnedCents: 500 },
      { orderId: 'o2', orderNumber: 1044, amountCents: 2500, createdOn: 1000, returnedOn: 1500, returnedCents: 2500 },
    ];
    scriptFetch([{ method: 'GET', path: '/api/admin/gift-cards/g1', answer: { body: { giftCard: { ...detail(), spending }, canSendEmail: true } } }]);
    render(<GiftCardDetail giftCardId="g1" navigate={vi.fn()} canManage />);
    await settle();
    const spent = screen.getByRole('table', { name: ADMIN.giftCardSpending });
    expect(rows(spent).slice(1).map((cells) => cells[2])).toEqual([
      `$12.50 · ${ADMIN.giftCardPartlyPutBack('$5.00')}`,
      `$25.00 · ${ADMIN.giftCardPutBack}`,
    ]);
  });

  it('sends the email again after asking, once however fast the owner taps twice', async () => {
    let answer: () => void = () => undefined;
    const sent = new Promise<void>((resolve) => { answer = resolve; });
    const calls = scriptFetch([
      { method: 'GET', path: '/api/admin/gift-cards/g1', answer: { body: { giftCard: detail(), canSendEmail: true } } },
      { method: 'POST', path: '/api/admin/gift-cards/g1/email', answer: { after: sent, body: { giftCard: { ...detail(), emails: [...detail().emails, { id: 'e2', recipient: 'sam@example.com', status: 'sent', error: null, createdOn: 1, sentOn: 1 }] }, canSendEmail: true } } },
    ]);
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    render(<GiftCardDetail giftCardId="g1" navigate={() => undefined} canManage />);
    await settle();
    const button = screen.getByRole('button', { name: ADMIN.sendGiftCardEmail });
    fireEvent.click(button);
    fireEvent.click(button);
    await settle();
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(confirm).toHaveBeenCalledWith(ADMIN.confirmSendGiftCardEmail('sam@example.com'));
    expect((screen.getByRole('button', { name: ADMIN.sendingGiftCardEmail }) as HTMLButtonElement).disabled).toBe(true);
    answer();
    await settle();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    expect(screen.getByText(ADMIN.giftCardEmailSent('sam@example.com'))).toBeTruthy();
  });

  it('offers a card never emailed (issued on the upgrade from before gift cards were kept as cards) its first email, not an email again', async () => {
    const never = { ...detail(), emails: [] };
    const calls = scriptFetch([
      { method: 'GET', path: '/api/admin/gift-cards/g1', answer: { body: { giftCard: never, canSendEmail: true } } },
      { method: 'POST', path: '/api/admin/gift-cards/g1/email', answer: { body: { giftCard: { ...never, emails: [{ id: 'e1', recipient: 'sam@example.com', status: 'sent', error: null, createdOn: 1, sentOn: 1 }] }, canSendEmail: true } } },
    ]);
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    render(<GiftCardDetail giftCardId="g1" navigate={() => undefined} canManage />);
    await settle();
    expect(screen.getByText(ADMIN.giftCardNoEmails)).toBeTruthy();
    expect(screen.queryByRole('button', { name: ADMIN.sendGiftCardEmail })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: ADMIN.sendGiftCardEmailFirst }));
    await settle();
    expect(confirm).toHaveBeenCalledWith(ADMIN.confirmSendGiftCardEmailFirst('sam@example.com'));
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    expect(screen.getByText(ADMIN.giftCardEmailSent('sam@example.com'))).toBeTruthy();
    // once sent, another is an email again
    expect(screen.getByRole('button', { name: ADMIN.sendGiftCardEmail })).toBeTruthy();
  });

  it("shows the server's refusal of the email (one on its way already)", async () => {
    scriptFetch([
      { method: 'GET', path: '/api/admin/gift-cards/g1', answer: { body: { giftCard: detail(), canSendEmail: true } } },
      { method: 'POST', path: '/api/admin/gift-cards/g1/email', answer: { status: 409, body: { message: ADMIN.server.giftCardEmailJustSent } } },
    ]);
    vi.stubGlobal('confirm', vi.fn(() => true));
    render(<GiftCardDetail giftCardId="g1" navigate={() => undefined} canManage />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: ADMIN.sendGiftCardEmail }));
    await settle();
    expect(screen.getByText(ADMIN.server.giftCardEmailJustSent)).toBeTruthy();
  });

  it('stops the card after saying what is voided, then offers to start it again, warning when its order was cancelled', async () => {
    const calls = scriptFetch([
      { method: 'GET', path: '/api/admin/gift-cards/g1', answer: { body: { giftCard: detail({ order: { id: 'o1', orderNumber: 1042, status: 'cancelled', email: null } }), canSendEmail: true } } },
      { method: 'POST', path: '/api/admin/gift-cards/g1/stop', answer: { body: { giftCard: detail({ stoppedOn: 10, order: { id: 'o1', orderNumber: 1042, status: 'cancelled', email: null } }), canSendEmail: true } } },
    ]);
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    render(<GiftCardDetail giftCardId="g1" navigate={() => undefined} canManage />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: ADMIN.stopGiftCard }));
    await settle();
    expect(confirm).toHaveBeenCalledWith(ADMIN.confirmStopGiftCard('K2M4', '$12.50'));
    expect(calls.at(-1)).toMatchObject({ method: 'POST', url: '/api/admin/gift-cards/g1/stop', body: {} });
    expect(screen.getByText(ADMIN.giftCardStoppedDone)).toBeTruthy();
    // a stopped card's email is not offered: it would carry a code that does not work
    expect((screen.getByRole('button', { name: ADMIN.sendGiftCardEmail }) as HTMLButtonElement).disabled).toBe(true);
    confirm.mockReturnValue(false);
    fireEvent.click(screen.getByRole('button', { name: ADMIN.startGiftCard }));
    expect(confirm).toHaveBeenLastCalledWith(`${ADMIN.confirmStartGiftCard('K2M4', '$12.50')} ${ADMIN.giftCardOrderNotLive('cancelled')}`);
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('shows the whole code only once asked for it, after saying who may have it, where the email cannot go', async () => {
    const calls = scriptFetch([
      { method: 'GET', path: '/api/admin/gift-cards/g1', answer: { body: { giftCard: detail(), canSendEmail: false } } },
      { method: 'POST', path: '/api/admin/gift-cards/g1/code', answer: { body: { code: 'ABCD-EFGH-JKLM-K2M4' } } },
    ]);
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    render(<GiftCardDetail giftCardId="g1" navigate={() => undefined} canManage />);
    await settle();
    expect(screen.getByText(ADMIN.giftCardEmailNoMail)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: ADMIN.showGiftCardCode }));
    expect(confirm).toHaveBeenCalledWith(ADMIN.confirmShowGiftCardCode('K2M4'));
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    expect(screen.queryByText('ABCD-EFGH-JKLM-K2M4')).toBeNull();
    confirm.mockReturnValue(true);
    fireEvent.click(screen.getByRole('button', { name: ADMIN.showGiftCardCode }));
    await settle();
    expect(calls.at(-1)).toMatchObject({ method: 'POST', url: '/api/admin/gift-cards/g1/code', body: {} });
    expect(screen.getByText('ABCD-EFGH-JKLM-K2M4')).toBeTruthy();
    expect(screen.queryByRole('button', { name: ADMIN.showGiftCardCode })).toBeNull();
    // the button tapped is gone: the focus is on the code, not dropped on the page
    expect(document.activeElement).toBe(screen.getByText('ABCD-EFGH-JKLM-K2M4'));
  });

  it('offers nothing to change to a member of staff who may only read orders', async () => {
    scriptFetch([{ method: 'GET', path: '/api/admin/gift-cards/g1', answer: { body: { giftCard: detail(), canSendEmail: true } } }]);
    render(<GiftCardDetail giftCardId="g1" navigate={() => undefined} canManage={false} />);
    await settle();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByRole('table', { name: ADMIN.giftCardSpending })).toBeTruthy();
  });
});

describe("the order screen's cancel question", () => {
  function order(overrides: Record<string, unknown>) {
    return {
      id: 'o1', orderNumber: '1042', createdOn: 0, email: 'jane@example.com', name: 'Jane Doe', grandTotalCents: 5000, currency: 'USD',
      status: 'paid', testMode: false, itemCount: 1, subtotalCents: 5000, taxCents: 0, shippingCents: 0, discountCents: 0,
      shippingAddress: null, shippingOption: null, paymentReference: 'test_1', lines: [], history: [], emails: [],
      ...overrides,
    };
  }

  async function askCancel(overrides: Record<string, unknown>): Promise<string> {
    scriptFetch([{ method: 'GET', path: '/api/admin/orders/o1', answer: { body: { order: order(overrides), canSendEmail: true } } }]);
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    render(<OrderDetail orderId="o1" navigate={() => undefined} canManage />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: ADMIN.cancelOrder }));
    return (confirm.mock.calls[0] as unknown as [string])[0];
  }

  it('says when the card it gives money back to is stopped', async () => {
    const asked = await askCancel({ giftCardPayment: { id: 'g1', last4: 'WXYZ', amountCents: 1250, cancelled: true } });
    expect(asked).toContain(ADMIN.giftCardPaymentBackStopped('$12.50', 'WXYZ'));
    // the card is a link away, where it is started again
    expect(screen.getByRole('link', { name: ADMIN.giftCardPayment('WXYZ') }).getAttribute('href')).toBe('/config/gift-cards/g1');
  });

  it("says what a card it sold has paid already, and what stopping it voids", async () => {
    const sold = (last4: string, balanceCents: number) => ({ id: last4, last4, initialCents: 5000, balanceCents, recipientEmail: 'sam@example.com', cancelled: false });
    const asked = await askCancel({ giftCardsIssued: [sold('6789', 1250), sold('K2M4', 0), sold('ABCD', 5000)] });
    expect(asked).toContain(ADMIN.giftCardsSoldCancelled(['6789', 'K2M4', 'ABCD']));
    expect(asked).toContain(ADMIN.giftCardSoldSpent('6789', '$37.50', '$12.50'));
    expect(asked).toContain(ADMIN.giftCardSoldSpent('K2M4', '$50.00', ''));
    expect(asked).not.toContain('ABCD has');
    // the order's table links each card it sold to its own screen
    expect(screen.getByRole('link', { name: ADMIN.giftCardEnding('6789') }).getAttribute('href')).toBe('/config/gift-cards/6789');
  });
});
