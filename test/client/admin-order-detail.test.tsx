// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { CART } from '../../client/lib/messages.ts';
import { OrderDetail } from '../../client/admin/screens/OrderDetail.tsx';
import { OrdersScreen } from '../../client/admin/screens/OrdersScreen.tsx';
import { scriptFetch, settle } from './helpers.ts';
import { withAdminSession } from './admin-session.ts';

withAdminSession();

const line = (sku: string, variantLabel: string, quantity: number, billingInterval = '') => ({
  productId: 'p1', variantId: `v-${sku}`, sku, productName: 'Linen Shirt', variantLabel, billingInterval, quantity, unitPriceCents: 6800,
});

function order(overrides: Record<string, unknown> = {}) {
  return {
    id: 'o1', orderNumber: '1042', createdOn: 0, email: 'jane@example.com', name: 'Jane Doe', grandTotalCents: 20400, currency: 'USD',
    status: 'paid', testMode: false, itemCount: 3, subtotalCents: 20400, taxCents: 0, shippingCents: 0, discountCents: 0,
    shippingAddress: { line1: '350 Fifth Avenue', line2: '', city: 'New York', region: 'NY', postalCode: '10118', countryCode: 'US' },
    shippingOption: 'Standard', paymentReference: 'test_1',
    lines: [line('SQ0923438', 'Size: L, Color: White', 2), line('SQ0923439', 'Size: M, Color: Natural', 1)],
    history: [{ status: 'paid', on: 0, by: null }],
    emails: [{ id: 'e1', kind: 'order-confirmation', recipient: 'jane@example.com', subject: 'Your order #1042', text: 'Thank you', status: 'kept', error: null, createdOn: 0, sentOn: null }],
    ...overrides,
  };
}

/** The Items table's rows, cell by cell. */
function itemRows(): string[][] {
  const table = screen.getByRole('table', { name: ADMIN.lines });
  return within(table).getAllByRole('row').map((row) => within(row).queryAllByRole(row.querySelector('th') ? 'columnheader' : 'cell').map((cell) => cell.textContent ?? ''));
}

describe('the order detail', () => {
  it('shows the shipping address line by line as the server laid it out, or its parts joined from a server that sends no lines', async () => {
    const german = { line1: 'Torstraße 1', line2: '', city: 'Berlin', region: '', postalCode: '10119', countryCode: 'DE' };
    scriptFetch([{ method: 'GET', path: '/api/admin/orders/o1', answer: { body: { order: order({ shippingAddress: german, shippingAddressLines: ['Torstraße 1', '10119 Berlin', 'Germany'] }), canSendEmail: true } } }]);
    const { unmount } = render(<OrderDetail orderId="o1" navigate={() => undefined} canManage />);
    await settle();
    const shown = screen.getByText(ADMIN.shippingAddress).nextElementSibling!;
    expect([...shown.querySelectorAll('.admin-address-line')].map((line) => line.textContent)).toEqual(['Torstraße 1', '10119 Berlin', 'Germany']);
    unmount();
    scriptFetch([{ method: 'GET', path: '/api/admin/orders/o1', answer: { body: { order: order({ shippingAddress: german }), canSendEmail: true } } }]);
    render(<OrderDetail orderId="o1" navigate={() => undefined} canManage />);
    await settle();
    expect(screen.getByText(ADMIN.shippingAddress).nextElementSibling!.textContent).toBe('Torstraße 1, Berlin, 10119, DE');
  });

  it('says Free for shipping that cost nothing on an order that ships, and the amount on one that does not ship', async () => {
    scriptFetch([{ method: 'GET', path: '/api/admin/orders/o1', answer: { body: { order: order({ shippingCents: 0 }), canSendEmail: true } } }]);
    const { unmount } = render(<OrderDetail orderId="o1" navigate={() => undefined} canManage />);
    await settle();
    expect(screen.getByText(ADMIN.shipping, { selector: '.admin-totals dt' }).nextElementSibling!.textContent).toBe(ADMIN.shippingFree);
    unmount();
    scriptFetch([{ method: 'GET', path: '/api/admin/orders/o1', answer: { body: { order: order({ shippingCents: 0, shippingAddress: null, shippingOption: null }), canSendEmail: true } } }]);
    render(<OrderDetail orderId="o1" navigate={() => undefined} canManage />);
    await settle();
    expect(screen.getByText(ADMIN.shipping, { selector: '.admin-totals dt' }).nextElementSibling!.textContent).toBe('$0.00');
  });

  it('names the variant of each line in words beside its made-up SKU', async () => {
    scriptFetch([{ method: 'GET', path: '/api/admin/orders/o1', answer: { body: { order: order(), canSendEmail: true } } }]);
    render(<OrderDetail orderId="o1" navigate={() => undefined} canManage />);
    await settle();
    expect(itemRows()).toEqual([
      [ADMIN.inventoryProduct, ADMIN.variant, ADMIN.sku, ADMIN.quantity, ADMIN.unitPrice],
      ['Linen Shirt', 'Size: L, Color: White', 'SQ0923438', '2', '$68.00'],
      ['Linen Shirt', 'Size: M, Color: Natural', 'SQ0923439', '1', '$68.00'],
    ]);
  });

  it("shows each line's own extra-field answers under its name, two lines of one SKU apart, as text, on the desktop table and the phone's card alike", async () => {
    const monogrammed = (itemId: string, answers: Array<{ label: string; value: string }>) => ({ ...line('SQ0923439', 'Size: M', 1), itemId, answers });
    const lines = [
      monogrammed('i1', [{ label: 'Monogram', value: 'JD' }, { label: 'Thread colour', value: 'Rust' }]),
      monogrammed('i2', [{ label: 'Monogram', value: '<b>Z&Q</b>' }]),
      { ...line('SQ0923438', 'Size: L', 1), itemId: 'i3', answers: [] },
    ];
    scriptFetch([{ method: 'GET', path: '/api/admin/orders/o1', answer: { body: { order: order({ lines }), canSendEmail: true } } }]);
    render(<OrderDetail orderId="o1" navigate={() => undefined} canManage />);
    await settle();
    const table = screen.getByRole('table', { name: ADMIN.lines });
    const rows = within(table).getAllByRole('row').slice(1);
    // the answers sit in the product's cell, the one value a phone's card shows beside its label
    const answersOf = (row: HTMLElement) => [...row.querySelectorAll(`td[data-label="${ADMIN.inventoryProduct}"] > span > span > .order-line-answer`)].map((one) => one.textContent);
    expect(rows.map(answersOf)).toEqual([['Monogram: JD', 'Thread colour: Rust'], ['Monogram: <b>Z&Q</b>'], []]);
    expect(table.querySelector('b')).toBeNull();
    expect(ADMIN.lineAnswer('Monogram', 'JD')).toBe('Monogram: JD');
  });

  it('names the card it charged by its last four digits beside the payment reference, and no card when none was kept', async () => {
    const paymentFact = () => within(screen.getByText(ADMIN.paymentReference).nextElementSibling as HTMLElement).getByText(/./).textContent;
    for (const [paymentCardLast4, shown] of [['4242', 'test_1 · Card ending 4242'], [null, 'test_1'], [undefined, 'test_1']] as const) {
      scriptFetch([{ method: 'GET', path: '/api/admin/orders/o1', answer: { body: { order: order({ paymentCardLast4 }), canSendEmail: true } } }]);
      render(<OrderDetail orderId="o1" navigate={() => undefined} canManage />);
      await settle();
      expect(paymentFact()).toBe(shown);
      cleanup();
    }
    expect(ADMIN.paymentCardEnding('4242')).toBe('Card ending 4242');
  });

  it("shows a subscription's billing interval with its variant, and nothing for a product without options", async () => {
    scriptFetch([{
      method: 'GET', path: '/api/admin/orders/o1',
      answer: { body: { order: order({ lines: [line('SQ1', '', 1), line('SQ2', 'Size: 250 g', 1, 'Billed every month')] }), canSendEmail: true } },
    }]);
    render(<OrderDetail orderId="o1" navigate={() => undefined} canManage />);
    await settle();
    expect(itemRows().slice(1).map((cells) => cells[1])).toEqual(['', 'Size: 250 g · Billed every month']);
  });

  it("says beside a line's quantity how many units refunds of part of the order took back, each cell named by its column for the phone's cards", async () => {
    const refundedLines = [{ ...line('SQ-TOTE', '', 3), productName: 'Canvas Market Tote', itemId: 'i1', refundedQuantity: 1 }, { ...line('SQ2', 'Size: M', 1), itemId: 'i2', refundedQuantity: 0 }];
    scriptFetch([{ method: 'GET', path: '/api/admin/orders/o1', answer: { body: { order: order({ lines: refundedLines }), canSendEmail: true } } }]);
    render(<OrderDetail orderId="o1" navigate={() => undefined} canManage />);
    await settle();
    expect(itemRows().slice(1).map((cells) => cells[3])).toEqual([`3 · ${ADMIN.lineRefunded(1)}`, '1']);
    expect(ADMIN.lineRefunded(1)).toBe('1 refunded');
    const table = screen.getByRole('table', { name: ADMIN.lines });
    expect(table.classList.contains('admin-table--cards')).toBe(true);
    expect(within(table).getAllByRole('cell').slice(0, 5).map((cell) => cell.getAttribute('data-label')))
      .toEqual([ADMIN.inventoryProduct, ADMIN.variant, ADMIN.sku, ADMIN.quantity, ADMIN.unitPrice]);
  });

  it("lists in its History each correction of the tracking, what it became and whether the shopper was told, and links the order's packing slip", async () => {
    const history = [
      { status: 'paid', on: 0, by: null },
      { status: 'fulfilled', on: 1, by: 'owner@example.com' },
      { status: 'tracking-changed', on: 2, by: 'sam@example.com', tracking: { carrier: 'UPS', number: '1Z999AA10123456784', url: null }, noticeSent: true },
      { status: 'tracking-changed', on: 3, by: 'sam@example.com', tracking: null, noticeSent: false },
    ];
    scriptFetch([{ method: 'GET', path: '/api/admin/orders/o1', answer: { body: { order: order({ status: 'fulfilled', history }), canSendEmail: true } } }]);
    render(<OrderDetail orderId="o1" navigate={() => undefined} canManage />);
    await settle();
    const steps = within(screen.getByRole('heading', { name: ADMIN.history }).nextElementSibling as HTMLElement).getAllByRole('listitem').map((item) => item.textContent);
    expect(steps[2]).toMatch(new RegExp(`^${ADMIN.trackingChangedTo('UPS 1Z999AA10123456784')}, ${ADMIN.trackingNoticeSentAgain} · .* · sam@example.com$`));
    expect(steps[3]).toMatch(new RegExp(`^${ADMIN.trackingCleared} · `));
    expect(screen.getByRole('link', { name: ADMIN.packingSlip }).getAttribute('href')).toBe('/config/packing-slips?order=o1');
  });

  it("links the order's invoice for whoever may read it, a refunded order's too, its id in the address escaped", async () => {
    scriptFetch([{ method: 'GET', path: '/api/admin/orders/o1', answer: { body: { order: order({ status: 'refunded' }), canSendEmail: true } } }]);
    const { unmount } = render(<OrderDetail orderId="o1" navigate={() => undefined} canManage={false} />);
    await settle();
    expect(screen.getByRole('link', { name: ADMIN.printInvoice }).getAttribute('href')).toBe('/config/orders/o1/invoice');
    expect(screen.queryByRole('link', { name: ADMIN.packingSlip })).toBeNull();
    unmount();
    scriptFetch([{ method: 'GET', path: '/api/admin/orders/o%2F1', answer: { body: { order: order({ id: 'o/1' }), canSendEmail: true } } }]);
    render(<OrderDetail orderId="o/1" navigate={() => undefined} canManage />);
    await settle();
    expect(screen.getByRole('link', { name: ADMIN.printInvoice }).getAttribute('href')).toBe('/config/orders/o%2F1/invoice');
  });

  it("says under each digital line whether its file was delivered and how many downloads are left", async () => {
    const guide = (itemId: string) => ({ ...line(itemId, '', 1), itemId, productName: 'Field Guide' });
    scriptFetch([{
      method: 'GET', path: '/api/admin/orders/o1',
      answer: { body: { order: order({
        lines: [{ ...line('SQ1', '', 1), itemId: 'i0' }, guide('i1'), guide('i2'), guide('i3')],
        downloads: [
          { itemId: 'i1', delivered: true, downloadsLeft: 3, downloadsAllowed: 10, expiresOn: Date.now() + 86_400_000 },
          { itemId: 'i2', delivered: true, downloadsLeft: 4, downloadsAllowed: 5, expiresOn: Date.now() - 1 },
          { itemId: 'i3', delivered: false, downloadsLeft: 0, downloadsAllowed: 0, expiresOn: null },
        ],
      }), canSendEmail: true } },
    }]);
    render(<OrderDetail orderId="o1" navigate={() => undefined} canManage />);
    await settle();
    expect(itemRows().slice(1).map((cells) => cells[0])).toEqual([
      'Linen Shirt',
      `Field Guide${ADMIN.orderDownloadDelivered(3, 10, false)}`,
      `Field Guide${ADMIN.orderDownloadExpired(4, 5, false)}`,
      `Field Guide${ADMIN.orderDownloadNone}`,
    ]);
    // the confirmation email that carries the link was kept (no mail server), so nothing says it was sent
    expect(ADMIN.orderDownloadDelivered(3, 10, false)).toBe('Download link: 3 of 10 downloads left');
  });

  it("says a cancelled order's download link stopped, not how many downloads it has left", async () => {
    scriptFetch([{
      method: 'GET', path: '/api/admin/orders/o1',
      answer: { body: { order: order({
        status: 'cancelled',
        lines: [{ ...line('SQ1', '', 1), itemId: 'i1', productName: 'Field Guide' }],
        downloads: [{ itemId: 'i1', delivered: true, downloadsLeft: 5, downloadsAllowed: 5, expiresOn: Date.now() + 86_400_000, orderClosed: 'cancelled' }],
      }), canSendEmail: true } },
    }]);
    render(<OrderDetail orderId="o1" navigate={() => undefined} canManage />);
    await settle();
    expect(itemRows()[1]![0]).toBe(`Field Guide${ADMIN.orderDownloadOrderClosed('cancelled')}`);
    expect(ADMIN.orderDownloadOrderClosed('cancelled')).toBe('Download link stopped: the order was cancelled');
  });

  it('says the download link was sent once the confirmation email that carries it went out', async () => {
    const sent = { id: 'e1', kind: 'order-confirmation', recipient: 'jane@example.com', subject: 'Your order #1042', text: 'Thank you', status: 'sent', error: null, createdOn: 0, sentOn: 1 };
    scriptFetch([{
      method: 'GET', path: '/api/admin/orders/o1',
      answer: { body: { order: order({
        lines: [{ ...line('SQ1', '', 1), itemId: 'i1', productName: 'Field Guide' }],
        downloads: [{ itemId: 'i1', delivered: true, downloadsLeft: 4, downloadsAllowed: 5, expiresOn: Date.now() + 86_400_000 }],
        emails: [sent],
      }), canSendEmail: true } },
    }]);
    render(<OrderDetail orderId="o1" navigate={() => undefined} canManage />);
    await settle();
    expect(itemRows()[1]![0]).toBe(`Field Guide${ADMIN.orderDownloadDelivered(4, 5, true)}`);
    expect(ADMIN.orderDownloadDelivered(4, 5, true)).toBe('Download link sent: 4 of 5 downloads left');
  });

  it('offers to send an email again where the store has a mail server', async () => {
    scriptFetch([{ method: 'GET', path: '/api/admin/orders/o1', answer: { body: { order: order(), canSendEmail: true } } }]);
    render(<OrderDetail orderId="o1" navigate={() => undefined} canManage />);
    await settle();
    expect(screen.getByRole('button', { name: ADMIN.sendAgain })).toBeTruthy();
    expect(screen.queryByText(ADMIN.emailsNeedMailServer)).toBeNull();
  });

  it('says so when the email is already being sent (another click, or another staff member)', async () => {
    scriptFetch([
      { method: 'GET', path: '/api/admin/orders/o1', answer: { body: { order: order(), canSendEmail: true } } },
      { method: 'POST', path: '/api/admin/orders/o1/emails/e1/send', answer: { status: 409, body: { message: ADMIN.server.emailBeingSent } } },
    ]);
    render(<OrderDetail orderId="o1" navigate={() => undefined} canManage />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: ADMIN.sendAgain }));
    await settle();
    expect(screen.getByText(ADMIN.server.emailBeingSent)).toBeTruthy();
  });

  it('sends a copy of an email that went out, saying so, and offers no Send again for it', async () => {
    const sent = { id: 'e1', kind: 'order-confirmation', recipient: 'jane@example.com', subject: 'Your order #1042', text: 'Thank you', status: 'sent', error: null, createdOn: 0, sentOn: 1 };
    const copy = { ...sent, id: 'e2', createdOn: 5, sentOn: 6 };
    const calls = scriptFetch([
      { method: 'GET', path: '/api/admin/orders/o1', answer: { body: { order: order({ emails: [sent] }), canSendEmail: true } } },
      { method: 'POST', path: '/api/admin/orders/o1/emails/e1/resend', answer: { body: { emails: [sent, copy], copyId: 'e2' } } },
    ]);
    render(<OrderDetail orderId="o1" navigate={() => undefined} canManage />);
    await settle();
    expect(screen.queryByRole('button', { name: ADMIN.sendAgain })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: ADMIN.sendCopy }));
    await settle();
    expect(calls.some((call) => call.method === 'POST' && call.url.endsWith('/emails/e1/resend'))).toBe(true);
    expect(screen.getByText(ADMIN.emailSentAgain)).toBeTruthy();
  });

  it("says Send a copy's answer in the email's own row, where the focus goes (the disabled button dropped it), not at the foot of the screen", async () => {
    const sent = { id: 'e1', kind: 'order-confirmation', recipient: 'jane@example.com', subject: 'Your order #1042', text: 'Thank you', status: 'sent', error: null, createdOn: 0, sentOn: 1 };
    const other = { ...sent, id: 'e0', kind: 'shipping-notice' };
    const tooSoon = 'This email was sent less than a minute ago, or sent 5 times today already. Reload the order in a moment to see how it went.';
    let answer: { status?: number; body: unknown } = { body: { emails: [other, sent, { ...sent, id: 'e2' }], copyId: 'e2' } };
    scriptFetch([
      { method: 'GET', path: '/api/admin/orders/o1', answer: { body: { order: order({ emails: [other, sent] }), canSendEmail: true } } },
      // answered as a browser meets it: the focus dropped to the body as the button was disabled during the call
      { method: 'POST', path: '/api/admin/orders/o1/emails/e1/resend', answer: () => { (document.activeElement as HTMLElement | null)?.blur(); return answer; } },
    ]);
    render(<OrderDetail orderId="o1" navigate={() => undefined} canManage />);
    await settle();
    const rowOf = (id: string) => document.querySelector<HTMLElement>(`li[data-email-id="${id}"]`)!;
    for (const [scripted, text, role] of [[answer, ADMIN.emailSentAgain, 'status'], [{ status: 409, body: { message: tooSoon } }, tooSoon, 'alert']] as const) {
      answer = scripted;
      const button = within(rowOf('e1')).getByRole('button', { name: ADMIN.sendCopy });
      button.focus();
      fireEvent.click(button);
      await settle();
      const said = within(rowOf('e1')).getByRole(role);
      expect(said.textContent).toBe(text);
      expect(document.activeElement).toBe(said);
      // said once, in that row only
      expect(within(rowOf('e0')).queryByText(text)).toBeNull();
      expect(screen.getAllByText(text)).toHaveLength(1);
    }
  });

  it('says instead why an email cannot be sent where the store has no mail server', async () => {
    scriptFetch([{ method: 'GET', path: '/api/admin/orders/o1', answer: { body: { order: order(), canSendEmail: false } } }]);
    render(<OrderDetail orderId="o1" navigate={() => undefined} canManage />);
    await settle();
    expect(screen.queryByRole('button', { name: ADMIN.sendAgain })).toBeNull();
    expect(screen.getByText(ADMIN.emailsNeedMailServer)).toBeTruthy();
    // the email itself is still there to read, with how it went
    expect(screen.getByText(ADMIN.emailStatuses.kept!)).toBeTruthy();
    expect(screen.getByText(ADMIN.showEmail)).toBeTruthy();
  });
});

describe("an order's gift cards", () => {
  /** The totals, term by term. */
  function totals(): string[][] {
    const list = document.querySelector('.admin-totals')!;
    return Array.from(list.querySelectorAll('dt')).map((term) => [term.textContent ?? '', term.nextElementSibling?.textContent ?? '']);
  }

  it('shows what a gift card paid among the amounts, and the cards the order sold with what is left on them (neither when none, or from an older server)', async () => {
    scriptFetch([{
      method: 'GET', path: '/api/admin/orders/o1',
      answer: { body: { order: order({
        giftCardPayment: { last4: 'WXYZ', amountCents: 2500 },
        giftCardsIssued: [
          { last4: '6789', initialCents: 5000, balanceCents: 1250, recipientEmail: 'sam@example.com', cancelled: false },
          { last4: 'K2M4', initialCents: 2500, balanceCents: 2500, recipientEmail: 'lee@example.com', cancelled: true },
        ],
        emails: [{ id: 'e2', kind: 'gift-card', recipient: 'sam@example.com', subject: 'A gift card', text: 'ABCD', status: 'kept', error: null, createdOn: 0, sentOn: null }],
      }), canSendEmail: true } },
    }]);
    render(<OrderDetail orderId="o1" navigate={() => undefined} canManage />);
    await settle();
    expect(totals().slice(-2)).toEqual([[ADMIN.total, '$204.00'], [ADMIN.giftCardPayment('WXYZ'), '-$25.00']]);
    const table = screen.getByRole('table', { name: ADMIN.giftCardsIssued });
    expect(within(table).getAllByRole('row').map((row) => Array.from(row.children, (cell) => cell.textContent))).toEqual([
      [ADMIN.giftCard, ADMIN.giftCardAmount, ADMIN.giftCardBalance, ADMIN.giftCardRecipient, ADMIN.status],
      [ADMIN.giftCardEnding('6789'), '$50.00', '$12.50', 'sam@example.com', ADMIN.giftCardLive],
      [ADMIN.giftCardEnding('K2M4'), '$25.00', '$25.00', 'lee@example.com', ADMIN.giftCardCancelled],
    ]);
    // the recipient's email is named as the others are
    expect(document.querySelector('.admin-emails strong')?.textContent).toBe(ADMIN.emailKinds['gift-card']);
    // an order without gift cards shows neither
    cleanup();
    scriptFetch([{ method: 'GET', path: '/api/admin/orders/o1', answer: { body: { order: order({ giftCardPayment: null, giftCardsIssued: [] }), canSendEmail: true } } }]);
    render(<OrderDetail orderId="o1" navigate={() => undefined} canManage />);
    await settle();
    expect(totals().map(([term]) => term)).toEqual([ADMIN.subtotal, ADMIN.shipping, CART.tax, ADMIN.total]);
    expect(screen.queryByText(ADMIN.giftCardsIssued)).toBeNull();
    cleanup();
    // order() has neither field, as an older server's answer
    scriptFetch([{ method: 'GET', path: '/api/admin/orders/o1', answer: { body: { order: order(), canSendEmail: true } } }]);
    render(<OrderDetail orderId="o1" navigate={() => undefined} canManage />);
    await settle();
    expect(totals()).toHaveLength(4);
    expect(screen.queryByText(ADMIN.giftCardsIssued)).toBeNull();
  });
});

describe("an order's discount code", () => {
  function totals(): string[][] {
    const list = document.querySelector('.admin-totals')!;
    return Array.from(list.querySelectorAll('dt')).map((term) => [term.textContent ?? '', term.nextElementSibling?.textContent ?? '']);
  }

  async function shown(overrides: Record<string, unknown>): Promise<string[][]> {
    cleanup();
    scriptFetch([{ method: 'GET', path: '/api/admin/orders/o1', answer: { body: { order: order(overrides), canSendEmail: true } } }]);
    render(<OrderDetail orderId="o1" navigate={() => undefined} canManage />);
    await settle();
    return totals();
  }

  it('shows the code and what it took off as a deduction under the subtotal, and whether its use was given back', async () => {
    const discounted = { subtotalCents: 20400, discountCents: 5100, grandTotalCents: 15300 };
    expect(await shown({ ...discounted, discount: { code: 'SUMMER-25', amountCents: 5100, returned: false } })).toEqual([
      [ADMIN.subtotal, '$204.00'], [ADMIN.orderDiscount('SUMMER-25'), '-$51.00'], [ADMIN.shipping, ADMIN.shippingFree], [CART.tax, '$0.00'], [ADMIN.total, '$153.00'],
    ]);
    expect((await shown({ ...discounted, status: 'cancelled', discount: { code: 'SUMMER-25', amountCents: 5100, returned: true } }))[1])
      .toEqual([ADMIN.orderDiscount('SUMMER-25'), `-$51.00 (${ADMIN.orderDiscountGivenBack})`]);
    // an order without a code has no discount line; one with an amount off but no code (older orders) says Discount
    expect((await shown({ discount: null })).map(([term]) => term)).not.toContain(ADMIN.discount);
    expect((await shown({ ...discounted }))[1]).toEqual([ADMIN.discount, '-$51.00']);
  });
});

describe('an order email the store gave up', () => {
  const givenUp = 'Not sent: still waiting two days after it was written, so it was given up rather than sent late. Send it again if it is still of use.';
  const email = (overrides: Record<string, unknown>) => ({
    id: 'e1', kind: 'order-confirmation', recipient: 'jane@example.com', subject: 'Your order #1042', text: 'Thank you', status: 'failed', createdOn: 0, sentOn: null, ...overrides,
  });

  it('says why it was not sent, without blaming the mail server, and offers to send it again', async () => {
    scriptFetch([{
      method: 'GET', path: '/api/admin/orders/o1',
      answer: { body: { order: order({ emails: [email({ error: givenUp, givenUp: true }), email({ id: 'e2', kind: 'new-order', error: '550 mailbox unavailable', givenUp: false })] }), canSendEmail: true } },
    }]);
    render(<OrderDetail orderId="o1" navigate={() => undefined} canManage />);
    await settle();
    expect(screen.getByText(givenUp)).toBeTruthy();
    expect(screen.getByText(`${ADMIN.emailStatuses.failed} (550 mailbox unavailable)`)).toBeTruthy();
    expect(screen.getAllByRole('button', { name: ADMIN.sendAgain })).toHaveLength(2);
  });

  it('says an email the mail server could not take for now waits to be tried again, and offers to send it now', async () => {
    const waiting = 'Waiting to be sent again: the mail server could not take it for now (connect ECONNREFUSED 127.0.0.1:25). The store tries again by itself, less and less often, until it goes out or is given up as too late.';
    scriptFetch([{
      method: 'GET', path: '/api/admin/orders/o1',
      answer: { body: { order: order({ emails: [email({ status: 'pending', error: waiting, givenUp: false }), email({ id: 'e2', kind: 'new-order', status: 'pending', error: null, givenUp: false })] }), canSendEmail: true } },
    }]);
    render(<OrderDetail orderId="o1" navigate={() => undefined} canManage />);
    await settle();
    expect(screen.getByText(waiting)).toBeTruthy();
    expect(screen.getByText(ADMIN.emailStatuses.pending!)).toBeTruthy();
    expect(screen.getAllByRole('button', { name: ADMIN.sendAgain })).toHaveLength(2);
  });

  it('is flagged beside its order in the list', async () => {
    const row = (id: string, emailsNotSent: number) => ({
      id, orderNumber: id, createdOn: 0, email: null, name: `Shopper ${id}`, grandTotalCents: 100, currency: 'USD', status: 'paid', testMode: false, itemCount: 1, emailsNotSent,
    });
    scriptFetch([{ method: 'GET', path: '/api/admin/orders', answer: { body: { orders: [row('1001', 1), row('1002', 0), row('1003', 2)], hasMore: false } } }]);
    render(<OrdersScreen navigate={() => undefined} />);
    await settle();
    const statuses = screen.getAllByRole('row').slice(1).map((tableRow) => tableRow.lastElementChild!.textContent);
    expect(statuses).toEqual([
      `${ADMIN.orderStatuses.paid} · ${ADMIN.orderEmailsNotSent(1)}`,
      ADMIN.orderStatuses.paid,
      `${ADMIN.orderStatuses.paid} · ${ADMIN.orderEmailsNotSent(2)}`,
    ]);
    expect(ADMIN.orderEmailsNotSent(1)).toBe('1 email not sent');
  });
});

describe('Mark fulfilled', () => {
  /** The order's page, the fulfil call answering `fulfilAnswer`, and Mark fulfilled pressed: its question open. */
  async function openOrder(overrides: Record<string, unknown>, canSendEmail: boolean, fulfilAnswer: { status?: number; body: unknown } = { body: { order: order({ ...overrides, status: 'fulfilled' }) } }) {
    const calls = scriptFetch([
      { method: 'GET', path: '/api/admin/orders/o1', answer: { body: { order: order(overrides), canSendEmail } } },
      { method: 'POST', path: '/api/admin/orders/o1/fulfil', answer: fulfilAnswer },
    ]);
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    render(<OrderDetail orderId="o1" navigate={() => undefined} canManage />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: ADMIN.markFulfilled }));
    await settle();
    const form = screen.getByRole('form', { name: ADMIN.markFulfilled });
    return { calls, confirm, form, fulfils: () => calls.filter((call) => call.method === 'POST') };
  }

  it('asks first, saying the shopper is emailed, with the optional tracking fields, and then that the shipping notice is on its way to them', async () => {
    const { form, fulfils, confirm } = await openOrder({}, true);
    expect(confirm).not.toHaveBeenCalled();
    expect(within(form).getByText(ADMIN.confirmFulfil('jane@example.com'))).toBeTruthy();
    expect(fulfils()).toHaveLength(0);
    // the fields a phone types in without fuss: labelled, nothing remembered or corrected
    const carrier = within(form).getByLabelText(ADMIN.carrier) as HTMLSelectElement;
    expect(Array.from(carrier.options, (option) => option.value)).toEqual(['', 'USPS', 'UPS', 'FedEx', 'DHL', 'Royal Mail', 'Canada Post', 'Australia Post', 'DPD', 'PostNL', 'La Poste / Colissimo', 'Other']);
    const number = within(form).getByLabelText(ADMIN.trackingNumber) as HTMLInputElement;
    expect([number.getAttribute('inputmode'), number.getAttribute('autocomplete'), number.maxLength]).toEqual(['text', 'off', 64]);
    const link = within(form).getByLabelText(ADMIN.trackingUrl) as HTMLInputElement;
    expect([link.type, link.getAttribute('inputmode'), link.getAttribute('autocomplete')]).toEqual(['url', 'url', 'off']);
    fireEvent.change(carrier, { target: { value: 'Royal Mail' } });
    fireEvent.change(number, { target: { value: 'AB 1234 5678 9GB' } });
    fireEvent.click(within(form).getByRole('button', { name: ADMIN.markFulfilled }));
    await settle();
    expect(fulfils().map((call) => call.body)).toEqual([{ carrier: 'Royal Mail', trackingNumber: 'AB 1234 5678 9GB' }]);
    expect(screen.getByRole('status').textContent).toBe('Marked fulfilled; the shipping notice is on its way to jane@example.com.');
    expect(screen.queryByRole('form', { name: ADMIN.markFulfilled })).toBeNull();
    // the button pressed went with its form: the focus goes to what happened, not back to the top of the page
    expect(document.activeElement).toBe(screen.getByRole('status'));
  });

  it('fulfils with nothing more when the fields are left empty, and does nothing when the owner says not now', async () => {
    const first = await openOrder({}, true);
    fireEvent.click(within(first.form).getByRole('button', { name: ADMIN.markFulfilled }));
    await settle();
    expect(first.fulfils().map((call) => call.body)).toEqual([{}]);
    cleanup();
    const second = await openOrder({}, true);
    fireEvent.click(within(second.form).getByRole('button', { name: ADMIN.notNow }));
    await settle();
    expect(second.fulfils()).toHaveLength(0);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('form', { name: ADMIN.markFulfilled })).toBeNull();
  });

  it('closes with Escape, the focus back on Mark fulfilled, unless something was typed in it', async () => {
    const first = await openOrder({}, true);
    // the form's first field has the focus (autoFocus)
    fireEvent.keyDown(within(first.form).getByLabelText(ADMIN.carrier), { key: 'Escape' });
    await settle();
    expect(screen.queryByRole('form', { name: ADMIN.markFulfilled })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: ADMIN.markFulfilled }));
    expect(first.fulfils()).toHaveLength(0);
    // opened again, from anywhere on the page, with a number typed: Escape would lose it, so the form stays
    fireEvent.click(screen.getByRole('button', { name: ADMIN.markFulfilled }));
    await settle();
    const form = screen.getByRole('form', { name: ADMIN.markFulfilled });
    const number = within(form).getByLabelText(ADMIN.trackingNumber) as HTMLInputElement;
    number.focus();
    fireEvent.change(number, { target: { value: '1Z999' } });
    fireEvent.keyDown(number, { key: 'Escape' });
    await settle();
    expect(screen.getByRole('form', { name: ADMIN.markFulfilled })).toBeTruthy();
    expect(document.activeElement).toBe(number);
    // Not now closes it all the same, the focus back on Mark fulfilled too
    fireEvent.click(within(form).getByRole('button', { name: ADMIN.notNow }));
    await settle();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: ADMIN.markFulfilled }));
  });

  it('keeps the question open with the refused field marked', async () => {
    const { form, fulfils } = await openOrder({}, true, { status: 400, body: { message: ADMIN.server.invalidInput, fieldErrors: { trackingUrl: ADMIN.server.trackingUrlInvalid } } });
    fireEvent.change(within(form).getByLabelText(ADMIN.trackingUrl), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(within(form).getByRole('button', { name: ADMIN.markFulfilled }));
    await settle();
    expect(fulfils().map((call) => call.body)).toEqual([{ trackingUrl: 'javascript:alert(1)' }]);
    const link = within(screen.getByRole('form', { name: ADMIN.markFulfilled })).getByLabelText(ADMIN.trackingUrl);
    expect(link.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(ADMIN.server.trackingUrlInvalid)).toBeTruthy();
  });

  it('says on a store without a mail server that no shipping notice can be emailed', async () => {
    const { form, fulfils } = await openOrder({}, false);
    expect(within(form).getByText(ADMIN.confirmFulfilNoMail('jane@example.com'))).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: ADMIN.markFulfilled }));
    await settle();
    expect(fulfils()).toHaveLength(1);
    expect(screen.getByRole('status').textContent).toBe(ADMIN.fulfilledNoMail);
  });

  it('says of an order without an email address that the shopper is not told', async () => {
    const { form } = await openOrder({ email: null }, true);
    expect(within(form).getByText(ADMIN.confirmFulfilNoEmail)).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: ADMIN.markFulfilled }));
    await settle();
    expect(screen.getByRole('status').textContent).toBe(ADMIN.fulfilledNoEmail);
  });
});

describe("a fulfilled order's tracking", () => {
  const tracking = { carrier: 'FedEx', number: '449044304137821', url: 'https://www.fedex.com/fedextrack/?trknbr=449044304137821' };

  it('is shown with its link, and corrected without a second notice unless asked', async () => {
    const calls = scriptFetch([
      { method: 'GET', path: '/api/admin/orders/o1', answer: { body: { order: order({ status: 'fulfilled', tracking }), canSendEmail: true } } },
      { method: 'PUT', path: '/api/admin/orders/o1/tracking', answer: { body: { order: order({ status: 'fulfilled', tracking }) } } },
    ]);
    render(<OrderDetail orderId="o1" navigate={() => undefined} canManage />);
    await settle();
    const facts = document.querySelector('.admin-tracking')!;
    expect(Array.from(facts.querySelectorAll('dd'), (value) => value.textContent)).toEqual(['FedEx', '449044304137821', ADMIN.trackParcel]);
    expect(screen.getByRole('link', { name: ADMIN.trackParcel }).getAttribute('href')).toBe(tracking.url);
    fireEvent.click(screen.getByRole('button', { name: ADMIN.editTracking }));
    const form = screen.getByRole('form', { name: ADMIN.saveTracking });
    expect((within(form).getByLabelText(ADMIN.trackingNumber) as HTMLInputElement).value).toBe('449044304137821');
    // the link made from the carrier and number starts empty, so a corrected number gets a new one, not the old number's
    expect((within(form).getByLabelText(ADMIN.trackingUrl) as HTMLInputElement).value).toBe('');
    fireEvent.change(within(form).getByLabelText(ADMIN.trackingNumber), { target: { value: '449044304137822' } });
    fireEvent.click(within(form).getByRole('button', { name: ADMIN.saveTracking }));
    await settle();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { carrier: 'FedEx', trackingNumber: '449044304137822', trackingUrl: '', sendNotice: false },
    ]);
    expect(screen.getByRole('status').textContent).toBe(ADMIN.trackingSaved);
    // said in the tracking section, before the history: not at the foot of a long screen, out of a phone's sight
    const history = screen.getByRole('heading', { name: ADMIN.history });
    expect(screen.getByRole('status').compareDocumentPosition(history) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // asked, the notice goes again
    fireEvent.click(screen.getByRole('button', { name: ADMIN.editTracking }));
    fireEvent.click(screen.getByLabelText(ADMIN.sendNoticeAgain));
    fireEvent.click(screen.getByRole('button', { name: ADMIN.saveTracking }));
    await settle();
    expect(calls.filter((call) => call.method === 'PUT').at(-1)!.body).toEqual(expect.objectContaining({ sendNotice: true }));
    expect(screen.getByRole('status').textContent).toBe(ADMIN.trackingSavedNoticeSent('jane@example.com'));
  });

  it("keeps the owner's own link in the form", async () => {
    const own = { carrier: 'Other', number: 'A1', url: 'https://track.example.com/A1' };
    scriptFetch([{ method: 'GET', path: '/api/admin/orders/o1', answer: { body: { order: order({ status: 'fulfilled', tracking: own }), canSendEmail: true } } }]);
    render(<OrderDetail orderId="o1" navigate={() => undefined} canManage />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: ADMIN.editTracking }));
    expect((screen.getByLabelText(ADMIN.trackingUrl) as HTMLInputElement).value).toBe(own.url);
  });

  it('says, on a store without a mail server, that the notice asked for could not be emailed', async () => {
    scriptFetch([
      { method: 'GET', path: '/api/admin/orders/o1', answer: { body: { order: order({ status: 'fulfilled', tracking }), canSendEmail: false } } },
      { method: 'PUT', path: '/api/admin/orders/o1/tracking', answer: { body: { order: order({ status: 'fulfilled', tracking }) } } },
    ]);
    render(<OrderDetail orderId="o1" navigate={() => undefined} canManage />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: ADMIN.editTracking }));
    fireEvent.click(screen.getByLabelText(ADMIN.sendNoticeAgain));
    fireEvent.click(screen.getByRole('button', { name: ADMIN.saveTracking }));
    await settle();
    expect(screen.getByRole('status').textContent).toBe(ADMIN.trackingSavedNoMail);
  });

  it('is not offered to change by a role that cannot manage orders, nor on a paid order', async () => {
    scriptFetch([{ method: 'GET', path: '/api/admin/orders/o1', answer: { body: { order: order({ status: 'fulfilled', tracking }), canSendEmail: true } } }]);
    render(<OrderDetail orderId="o1" navigate={() => undefined} canManage={false} />);
    await settle();
    expect(screen.getByRole('link', { name: ADMIN.trackParcel })).toBeTruthy();
    expect(screen.queryByRole('button', { name: ADMIN.editTracking })).toBeNull();
    cleanup();
    scriptFetch([{ method: 'GET', path: '/api/admin/orders/o1', answer: { body: { order: order(), canSendEmail: true } } }]);
    render(<OrderDetail orderId="o1" navigate={() => undefined} canManage />);
    await settle();
    expect(screen.queryByText(ADMIN.tracking)).toBeNull();
  });
});

describe('Cancel order', () => {
  /** The order's page, the cancel call answering as the server does, and the confirm dialog accepting. */
  async function cancelOrder(overrides: Record<string, unknown>, canSendEmail: boolean) {
    scriptFetch([
      { method: 'GET', path: '/api/admin/orders/o1', answer: { body: { order: order(overrides), canSendEmail } } },
      { method: 'POST', path: '/api/admin/orders/o1/cancel', answer: { body: { order: order({ ...overrides, status: 'cancelled' }) } } },
    ]);
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    render(<OrderDetail orderId="o1" navigate={() => undefined} canManage />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: ADMIN.cancelOrder }));
    await settle();
    return confirm;
  }

  it('asks first, saying the shopper is emailed a cancellation notice, and then that it is on its way', async () => {
    const confirm = await cancelOrder({}, true);
    expect(confirm).toHaveBeenCalledWith(`${ADMIN.confirmCancel} ${ADMIN.cancelNotice('jane@example.com')}`);
    expect(screen.getByRole('status').textContent).toBe('Cancelled and its items returned to stock; the cancellation notice is on its way to jane@example.com.');
    // the button pressed is disabled once the order is cancelled: the focus goes to what happened
    expect(document.activeElement).toBe(screen.getByRole('status'));
  });

  it("says first what becomes of the order's gift cards: the one that paid gets its part back, those it sold stop working", async () => {
    const card = (last4: string) => ({ last4, initialCents: 2500, balanceCents: 2500, recipientEmail: 'sam@example.com', cancelled: false });
    const confirm = await cancelOrder({ giftCardPayment: { last4: 'WXYZ', amountCents: 1250 }, giftCardsIssued: [card('6789'), card('K2M4')] }, true);
    expect(confirm).toHaveBeenCalledWith(
      'Cancel this order and return its items to stock? $12.50 goes back on the gift card ending WXYZ. The gift cards it sold, ending 6789 and K2M4, can no longer be used. '
      + ADMIN.cancelNotice('jane@example.com'),
    );
    expect(ADMIN.giftCardsSoldCancelled(['6789'])).toBe('The gift card it sold, ending 6789, can no longer be used.');
  });

  it('says on a store without a mail server, or for an order without an email, that the shopper is not emailed', async () => {
    const confirm = await cancelOrder({}, false);
    expect(confirm).toHaveBeenCalledWith(`${ADMIN.confirmCancel} ${ADMIN.cancelNoticeNoMail('jane@example.com')}`);
    expect(screen.getByRole('status').textContent).toBe(ADMIN.cancelledNoMail);
    cleanup();
    const withoutEmail = await cancelOrder({ email: null }, true);
    expect(withoutEmail).toHaveBeenCalledWith(`${ADMIN.confirmCancel} ${ADMIN.noticeNoEmail}`);
    expect(screen.getByRole('status').textContent).toBe(ADMIN.cancelledNoEmail);
  });

  it('of a test-mode order says plainly that no money moved, and the cancelled order offers no Refund, saying why', async () => {
    const test = { testMode: true, cardRefund: { paidCents: 0, startedOn: null, refundedOn: null } };
    let moved = false;
    scriptFetch([
      { method: 'GET', path: '/api/admin/orders/o1', answer: () => ({ body: { order: order(moved ? { ...test, status: 'cancelled' } : test), canSendEmail: true } }) },
      { method: 'POST', path: '/api/admin/orders/o1/cancel', answer: () => { moved = true; return { body: { order: order({ ...test, status: 'cancelled' }) } }; } },
    ]);
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    render(<OrderDetail orderId="o1" navigate={() => undefined} canManage />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: ADMIN.cancelOrder }));
    await settle();
    expect(confirm).toHaveBeenCalledWith(`${ADMIN.confirmCancel} ${ADMIN.cancelNoMoneyMoved} ${ADMIN.cancelNotice('jane@example.com')}`);
    expect(ADMIN.cancelNoMoneyMoved).toMatch(/no money moved/);
    expect(screen.getByRole('status').textContent).toBe(`${ADMIN.cancelled('jane@example.com')} ${ADMIN.refundNoMoneyMoved}`);
    // cancelled: nothing is left to refund, in whole or in part, and the screen says so
    expect((screen.getByRole('button', { name: ADMIN.refund }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(ADMIN.cancelledNothingToRefundTest)).toBeTruthy();
    expect(screen.queryByText(ADMIN.partialRefund)).toBeNull();
  });

  it('of a live order cancelled before cancelling refunded the card still offers Refund, saying why', async () => {
    const cancelledBefore = order({ status: 'cancelled', paymentReference: 'ch_1', paymentCardLast4: '4242', cardRefund: { paidCents: 20400, startedOn: null, refundedOn: null } });
    scriptFetch([{ method: 'GET', path: '/api/admin/orders/o1', answer: { body: { order: cancelledBefore, canSendEmail: true } } }]);
    render(<OrderDetail orderId="o1" navigate={() => undefined} canManage />);
    await settle();
    expect((screen.getByRole('button', { name: ADMIN.refundLive }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByText(ADMIN.cancelledCardStillOwed('$204.00', 'the card ending 4242'))).toBeTruthy();
  });

  it('of a live order asks first how much goes back to which card, then says it was given back, and leaves nothing to refund', async () => {
    const live = { paymentReference: 'ch_1', paymentCardLast4: '4242', cardRefund: { paidCents: 20400, startedOn: null, refundedOn: null } };
    const cancelled = order({ ...live, status: 'cancelled', cardRefund: { paidCents: 20400, startedOn: null, refundedOn: 5 } });
    let moved = false;
    scriptFetch([
      { method: 'GET', path: '/api/admin/orders/o1', answer: () => ({ body: { order: moved ? cancelled : order(live), canSendEmail: true } }) },
      { method: 'POST', path: '/api/admin/orders/o1/cancel', answer: () => { moved = true; return { body: { order: cancelled } }; } },
    ]);
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    render(<OrderDetail orderId="o1" navigate={() => undefined} canManage />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: ADMIN.cancelOrder }));
    await settle();
    expect(confirm).toHaveBeenCalledWith('Cancel this order and return its items to stock? $204.00 goes back to the card ending 4242 through the payment provider. A cancellation notice is emailed to jane@example.com at once.');
    expect(screen.getByRole('status').textContent).toBe('Cancelled and its items returned to stock; the cancellation notice is on its way to jane@example.com. $204.00 was given back to the card ending 4242 through the payment provider.');
    // the reloaded order: cancelled, its card given its money back
    expect((screen.getByRole('button', { name: ADMIN.refundLive }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('Refund', () => {
  /** A test-mode order's page (or a live one's, with testMode false among the overrides), the refund call answering as the server does (or `refusal`), and the confirm dialog accepting. */
  async function refundOrder(status: string, overrides: Record<string, unknown> = {}, canSendEmail = true, refusal?: { status: number; message: string }) {
    const refundAnswer = refusal
      ? { status: refusal.status, body: { message: refusal.message } }
      : { body: { order: order({ testMode: true, status: 'refunded', ...overrides }) } };
    scriptFetch([
      { method: 'GET', path: '/api/admin/orders/o1', answer: { body: { order: order({ testMode: true, status, ...overrides }), canSendEmail } } },
      { method: 'POST', path: '/api/admin/orders/o1/refund', answer: refundAnswer },
    ]);
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    render(<OrderDetail orderId="o1" navigate={() => undefined} canManage />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: overrides.testMode === false ? ADMIN.refundLive : ADMIN.refund }));
    await settle();
    return confirm;
  }

  it("asks first, saying the shopper is emailed a refund notice, then says what it did: a paid order's items back in stock, the notice on its way", async () => {
    const confirm = await refundOrder('paid');
    expect(confirm).toHaveBeenCalledWith('Refund this test-mode order, $204.00 still to give back? A refund notice is emailed to jane@example.com at once.');
    expect(screen.getByRole('status').textContent).toBe('Refunded and its items returned to stock; the refund notice is on its way to jane@example.com. This is a test-mode order, so no money moved.');
    expect(document.activeElement).toBe(screen.getByRole('status'));
  });

  it('keeps what it said in view once the reloaded order lists the new notice above it', async () => {
    const scrolled: Element[] = [];
    // jsdom draws nothing and has no scrollIntoView: record what is asked to scroll
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    try {
      await refundOrder('paid');
      expect(scrolled).toContain(screen.getByRole('status'));
    } finally {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });

  it("does not say a fulfilled order's items came back: they were sent", async () => {
    await refundOrder('fulfilled');
    expect(screen.getByRole('status').textContent).toBe('Refunded; the refund notice is on its way to jane@example.com. This is a test-mode order, so no money moved.');
  });

  it('says on a store without a mail server, or for an order without an email, that the shopper is not emailed, and why', async () => {
    const confirm = await refundOrder('paid', {}, false);
    expect(confirm).toHaveBeenCalledWith(`${ADMIN.confirmRefund('$204.00')} ${ADMIN.refundNoticeNoMail('jane@example.com')}`);
    expect(screen.getByRole('status').textContent).toBe('Refunded and its items returned to stock. No refund notice could be emailed, as this store has no mail server (SMTP_URL); it is kept under Emails. This is a test-mode order, so no money moved.');
    cleanup();
    const withoutEmail = await refundOrder('fulfilled', { email: null });
    expect(withoutEmail).toHaveBeenCalledWith('Refund this test-mode order, $204.00 still to give back? The order has no email address, so the shopper is not told.');
    expect(screen.getByRole('status').textContent).toBe('Refunded. The order has no email address, so no refund notice was made. This is a test-mode order, so no money moved.');
  });

  /** A live order the card paid $204.00 of, by the card ending 4242, its refund neither begun nor made. */
  const live = (overrides: Record<string, unknown> = {}) => ({
    testMode: false, paymentReference: 'ch_1', paymentCardLast4: '4242', cardRefund: { paidCents: 20400, startedOn: null, refundedOn: null }, ...overrides,
  });

  it("of a live order asks first how much goes back to which card, then says it was given back through the payment provider", async () => {
    const confirm = await refundOrder('paid', live());
    expect(confirm).toHaveBeenCalledWith('Refund this order? $204.00 goes back to the card ending 4242 through the payment provider. A refund notice is emailed to jane@example.com at once.');
    expect(screen.getByRole('status').textContent).toBe('Refunded and its items returned to stock; the refund notice is on its way to jane@example.com. $204.00 was given back to the card ending 4242 through the payment provider.');
    expect(screen.queryByRole('button', { name: ADMIN.refund })).toBeNull();
  });

  it("of a live order names only what the card paid, and the card by what it was when its digits were not kept", async () => {
    const confirm = await refundOrder('fulfilled', live({
      paymentCardLast4: null, cardRefund: { paidCents: 17900, startedOn: null, refundedOn: null }, giftCardPayment: { last4: 'WXYZ', amountCents: 2500 },
    }));
    expect(confirm).toHaveBeenCalledWith(`Refund this order? $179.00 goes back to the card the shopper paid with through the payment provider. ${ADMIN.giftCardPaymentBack('$25.00', 'WXYZ')} A refund notice is emailed to jane@example.com at once.`);
    expect(screen.getByRole('status').textContent).toBe('Refunded; the refund notice is on its way to jane@example.com. $179.00 was given back to the card the shopper paid with through the payment provider.');
  });

  it('of a live order a gift card paid in full says nothing of a payment card', async () => {
    const confirm = await refundOrder('paid', live({ paymentCardLast4: null, cardRefund: { paidCents: 0, startedOn: null, refundedOn: null }, giftCardPayment: { last4: 'WXYZ', amountCents: 20400 } }));
    expect(confirm).toHaveBeenCalledWith(`Refund this order? ${ADMIN.giftCardPaymentBack('$204.00', 'WXYZ')} A refund notice is emailed to jane@example.com at once.`);
    expect(screen.getByRole('status').textContent).toBe('Refunded and its items returned to stock; the refund notice is on its way to jane@example.com.');
  });

  it("shows the provider's refusal and leaves the order as it was", async () => {
    await refundOrder('paid', live(), true, { status: 409, message: ADMIN.server.refundRefused });
    expect(screen.getByText(ADMIN.server.refundRefused)).toBeTruthy();
    expect(screen.getByText(`${ADMIN.status}: ${ADMIN.orderStatuses.paid}`)).toBeTruthy();
  });

  it('says when a card refund was begun and its end never recorded, and that refunding again settles it', async () => {
    scriptFetch([{ method: 'GET', path: '/api/admin/orders/o1', answer: { body: { order: order(live({ cardRefund: { paidCents: 20400, startedOn: 1, refundedOn: null } })), canSendEmail: true } } }]);
    render(<OrderDetail orderId="o1" navigate={() => undefined} canManage />);
    await settle();
    expect(screen.getByText(ADMIN.refundUnfinishedNote)).toBeTruthy();
    cleanup();
    scriptFetch([{ method: 'GET', path: '/api/admin/orders/o1', answer: { body: { order: order(live()), canSendEmail: true } } }]);
    render(<OrderDetail orderId="o1" navigate={() => undefined} canManage />);
    await settle();
    expect(screen.queryByText(ADMIN.refundUnfinishedNote)).toBeNull();
  });
});
