// @vitest-environment jsdom
/**
 * The order screen's "Refund part of this order": the amount follows the units chosen (at most what
 * is left) until the owner types one, says how much can still be refunded, sends the lines chosen
 * with "Put back in stock" as ticked, asks first, and shows the server's refusals under their
 * fields (a line's under that line's quantity, though the server numbers only the lines sent).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { OrderDetail } from '../../client/admin/screens/OrderDetail.tsx';
import { giftCardConsequences } from '../../client/admin/screens/OrderGiftCards.tsx';
import { scriptFetch, settle } from './helpers.ts';
import { withAdminSession } from './admin-session.ts';

withAdminSession();

const line = (itemId: string, variantLabel: string, quantity: number, unitPriceCents: number, extra: Record<string, unknown> = {}) => ({
  itemId, productId: 'p1', variantId: `v-${itemId}`, sku: `SKU-${itemId}`, productName: 'Linen Shirt', variantLabel, billingInterval: '',
  quantity, unitPriceCents, takesStock: true, refundedQuantity: 0, restockedQuantity: 0, ...extra,
});

function order(overrides: Record<string, unknown> = {}) {
  return {
    id: 'o1', orderNumber: '1042', createdOn: 0, email: 'jane@example.com', name: 'Jane Doe', grandTotalCents: 20000, currency: 'USD',
    status: 'paid', testMode: false, itemCount: 3, subtotalCents: 20000, taxCents: 0, shippingCents: 0, discountCents: 0,
    shippingAddress: null, shippingOption: 'Standard', paymentReference: 'live_1', refundedCents: 3000,
    lines: [line('i1', 'Size: L', 2, 6800), line('i2', 'Size: M', 1, 6400, { refundedQuantity: 1 }), line('i3', 'Gift card', 1, 5000, { takesStock: false })],
    history: [{ status: 'paid', on: 0, by: null }], emails: [],
    cardRefund: { paidCents: 20000, givenBackCents: 3000, startedOn: null, refundedOn: null },
    refunds: [{
      id: 'o1-refund-1', createdOn: 0, actor: 'owner@example.com', amountCents: 3000, cardCents: 3000, giftCardCents: 0, giftCardLast4: null,
      reason: 'Late parcel', lines: [{ itemId: 'i2', productName: 'Linen Shirt', variantLabel: 'Size: M', quantity: 1, restocked: false }],
    }],
    ...overrides,
  };
}

async function open(overrides: Record<string, unknown> = {}, refusal?: { status: number; body: Record<string, unknown> }, canSendEmail = true) {
  const calls = scriptFetch([
    { method: 'GET', path: '/api/admin/orders/o1', answer: { body: { order: order(overrides), canSendEmail } } },
    { method: 'POST', path: '/api/admin/orders/o1/refunds', answer: refusal ?? { body: { order: order(overrides) } } },
  ]);
  const confirm = vi.fn(() => true);
  vi.stubGlobal('confirm', confirm);
  render(<OrderDetail orderId="o1" navigate={() => undefined} canManage />);
  await settle();
  const form = screen.getByRole('form', { name: ADMIN.partialRefund });
  return { calls, confirm, form, posts: () => calls.filter((call) => call.method === 'POST') };
}

const quantityOf = (form: HTMLElement, item: string) => within(form).getByLabelText(ADMIN.refundQuantity(item)) as HTMLInputElement;
const amountOf = (form: HTMLElement) => within(form).getByLabelText(ADMIN.refundAmount) as HTMLInputElement;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('refunding part of an order', () => {
  it('says under the notice box, on a store without a mail server, that the notice is kept rather than emailed', async () => {
    const { form } = await open({}, undefined, false);
    const box = within(form).getByLabelText(ADMIN.refundEmailCustomer);
    expect(box.getAttribute('aria-describedby')).toBeTruthy();
    expect(within(form).getByText(ADMIN.partialRefundNoticeNoMail)).toBeTruthy();
    cleanup();
    const withMail = await open();
    expect(within(withMail.form).queryByText(ADMIN.partialRefundNoticeNoMail)).toBeNull();
  });

  it('prefills the amount with the chosen units\' price, follows the quantities, and says how much is left', async () => {
    const { form } = await open();
    // the line refunded whole already is not offered
    expect(within(form).queryByLabelText(ADMIN.refundQuantity('Linen Shirt (Size: M)'))).toBeNull();
    expect(amountOf(form).value).toBe('');
    expect(within(form).getByText(new RegExp(ADMIN.refundAmountLimit('$170.00').replace(/[.$]/g, '\\$&')))).toBeTruthy();
    fireEvent.change(quantityOf(form, 'Linen Shirt (Size: L)'), { target: { value: '1' } });
    expect(amountOf(form).value).toBe('68.00');
    expect(within(form).getByRole('button', { name: ADMIN.refundPart('$68.00') })).toBeTruthy();
    fireEvent.change(quantityOf(form, 'Linen Shirt (Size: L)'), { target: { value: '2' } });
    fireEvent.change(quantityOf(form, 'Linen Shirt (Gift card)'), { target: { value: '1' } });
    // $186.00 of units, more than the $170.00 left: what is left
    expect(amountOf(form).value).toBe('170.00');
    // the owner's own amount stands until a quantity changes again
    fireEvent.change(amountOf(form), { target: { value: '12,50' } });
    expect(within(form).getByRole('button', { name: ADMIN.refundPart('$12.50') })).toBeTruthy();
    fireEvent.change(quantityOf(form, 'Linen Shirt (Gift card)'), { target: { value: '0' } });
    expect(amountOf(form).value).toBe('136.00');
  });

  it('suggests what the customer paid for the units: their price with their tax, less their share of the discount, and everything left for every unit', async () => {
    // 3 tees at $39.50, 10% off ($11.85), 20% tax on the rest ($21.33), $5.00 shipping: $132.98
    const tees = { lines: [line('t1', 'Size: M', 3, 3950, { discountShareCents: 1185, taxShareCents: 2133 })], refunds: [], refundedCents: 0,
      subtotalCents: 11850, discountCents: 1185, taxCents: 2133, shippingCents: 500, grandTotalCents: 13298 };
    const { form } = await open(tees);
    const tee = quantityOf(form, 'Linen Shirt (Size: M)');
    fireEvent.change(tee, { target: { value: '1' } });
    // $39.50 − $3.95 + $7.11, not the unit price
    expect(amountOf(form).value).toBe('42.66');
    const hint = () => document.getElementById(amountOf(form).getAttribute('aria-describedby')!.split(' ')[0]!)!.textContent!;
    expect(hint()).toContain(ADMIN.refundSuggestedParts('$39.50', '$3.95', '$7.11'));
    expect(hint()).toContain(ADMIN.refundAmountHint);
    expect(ADMIN.refundAmountHint).toContain('price of the chosen items with their tax, less their share of the discount; shipping not included');
    fireEvent.change(tee, { target: { value: '2' } });
    expect(amountOf(form).value).toBe('85.32');
    // every unit: everything left, the shipping too
    fireEvent.change(tee, { target: { value: '3' } });
    expect(amountOf(form).value).toBe('132.98');
    expect(hint()).toContain(ADMIN.refundSuggestedEverything);
    cleanup();
    // without a discount: 1 of 3 tees at $39.50 with 20% tax is $47.40
    const taxed = await open({ ...tees, lines: [line('t1', 'Size: M', 3, 3950, { discountShareCents: 0, taxShareCents: 2370 })], discountCents: 0, taxCents: 2370, grandTotalCents: 14720 });
    fireEvent.change(quantityOf(taxed.form, 'Linen Shirt (Size: M)'), { target: { value: '1' } });
    expect(amountOf(taxed.form).value).toBe('47.40');
  });

  it('shows the totals refunded and net, the partial refund beside the status, and each refund with its lines and reason', async () => {
    await open();
    expect(screen.getByText(ADMIN.refundedTotal).nextElementSibling!.textContent).toBe('-$30.00');
    expect(screen.getByText(ADMIN.netTotal).nextElementSibling!.textContent).toBe('$170.00');
    expect(document.querySelector('[data-status]')!.textContent).toContain(ADMIN.partlyRefunded('$30.00'));
    expect(screen.getByText(`${ADMIN.refundLine(1, 'Linen Shirt (Size: M)')} · ${ADMIN.refundNotRestocked}`)).toBeTruthy();
    expect(screen.getByText(ADMIN.refundReasonSaid('Late parcel'))).toBeTruthy();
    expect(screen.getByText(ADMIN.refundToCardPart('$30.00'))).toBeTruthy();
  });

  it('sends the chosen lines with their restock ticks after asking, and no restock for an item that takes no stock', async () => {
    const { form, confirm, posts } = await open();
    fireEvent.change(quantityOf(form, 'Linen Shirt (Size: L)'), { target: { value: '1' } });
    fireEvent.change(quantityOf(form, 'Linen Shirt (Gift card)'), { target: { value: '1' } });
    // only the line that takes stock has the box, ticked for an order not sent yet
    const boxes = within(form).getAllByLabelText(ADMIN.putBackInStock) as HTMLInputElement[];
    expect(boxes.map((box) => box.checked)).toEqual([true]);
    fireEvent.change(within(form).getByLabelText(ADMIN.refundReason), { target: { value: 'Returned' } });
    fireEvent.click(within(form).getByRole('button', { name: ADMIN.refundPart('$118.00') }));
    await settle();
    expect(confirm).toHaveBeenCalledWith(ADMIN.confirmPartialRefund('$118.00', 2, false));
    expect(posts().map((call) => call.body)).toEqual([{
      lines: [{ itemId: 'i1', quantity: 1, restock: true }, { itemId: 'i3', quantity: 1, restock: false }],
      amountCents: 11800, reason: 'Returned', notifyCustomer: true,
    }]);
    expect(screen.getByText(ADMIN.partlyRefundedDone('$118.00'))).toBeTruthy();
  });

  it('checks the amount before asking: empty, not an amount, zero or more than is left is marked with the server\'s message, focused, and nothing asked or sent', async () => {
    const { form, confirm, posts } = await open();
    const cases: Array<[string, string]> = [
      ['500', ADMIN.server.refundAmountLeft.replace('{amount}', '$170.00')],
      ['', ADMIN.server.notAnAmount.replace('{example}', '12.50')],
      ['twelve', ADMIN.server.notAnAmount.replace('{example}', '12.50')],
      ['0', ADMIN.server.atLeast.replace('{min}', '1')],
    ];
    for (const [typed, message] of cases) {
      fireEvent.change(amountOf(form), { target: { value: typed } });
      fireEvent.click(within(form).getByRole('button', { name: /^Refund/ }));
      await settle();
      expect(amountOf(form).getAttribute('aria-invalid'), typed).toBe('true');
      expect(within(form).getByText(message)).toBeTruthy();
      expect(within(form).getByText(ADMIN.fixErrors)).toBeTruthy();
      expect(document.activeElement).toBe(amountOf(form));
      (document.activeElement as HTMLElement).blur();
    }
    expect(confirm).not.toHaveBeenCalled();
    expect(posts()).toEqual([]);
    // the whole of what is left goes through to the question
    fireEvent.change(amountOf(form), { target: { value: '170' } });
    fireEvent.click(within(form).getByRole('button', { name: /^Refund/ }));
    await settle();
    expect(confirm).toHaveBeenCalledTimes(1);
  });

  it('leaves "Put back in stock" unticked for a fulfilled order', async () => {
    const { form } = await open({ status: 'fulfilled' });
    expect((within(form).getByLabelText(ADMIN.putBackInStock) as HTMLInputElement).checked).toBe(false);
  });

  it("shows the server's field errors under their fields, a line's under its own quantity", async () => {
    const { form } = await open({}, {
      status: 400,
      body: { message: ADMIN.server.invalidInput, fieldErrors: { 'lines.0.quantity': 'Only 1 of this item can still be refunded.', amountCents: 'At most $170.00 can still be refunded.' } },
    });
    // only the gift card line is sent: the server's lines.0 is that line
    fireEvent.change(quantityOf(form, 'Linen Shirt (Gift card)'), { target: { value: '2' } });
    fireEvent.click(within(form).getByRole('button', { name: /^Refund/ }));
    await settle();
    expect(quantityOf(form, 'Linen Shirt (Gift card)').getAttribute('aria-invalid')).toBe('true');
    expect(quantityOf(form, 'Linen Shirt (Size: L)').getAttribute('aria-invalid')).toBeNull();
    expect(within(form).getByText('Only 1 of this item can still be refunded.')).toBeTruthy();
    expect(amountOf(form).getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByText(ADMIN.fixErrors)).toBeTruthy();
  });

  it('is not offered to a cancelled order, nor to a role that may not manage orders', async () => {
    scriptFetch([{ method: 'GET', path: '/api/admin/orders/o1', answer: { body: { order: order({ status: 'cancelled' }), canSendEmail: true } } }]);
    render(<OrderDetail orderId="o1" navigate={() => undefined} canManage />);
    await settle();
    expect(screen.queryByText(ADMIN.partialRefund)).toBeNull();
    cleanup();
    scriptFetch([{ method: 'GET', path: '/api/admin/orders/o1', answer: { body: { order: order(), canSendEmail: true } } }]);
    render(<OrderDetail orderId="o1" navigate={() => undefined} canManage={false} />);
    await settle();
    expect(screen.queryByText(ADMIN.partialRefund)).toBeNull();
  });
});

describe('the whole refund after refunds of part of an order', () => {
  it('says only the rest of the gift card payment goes back, and nothing once all of it went back', () => {
    const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
    expect(giftCardConsequences('paid', { last4: 'WXYZ', amountCents: 2500, returnedCents: 1000 }, [], money)).toBe(ADMIN.giftCardPaymentBack('$15.00', 'WXYZ'));
    expect(giftCardConsequences('paid', { last4: 'WXYZ', amountCents: 2500, returnedCents: 2500 }, [], money)).toBe('');
  });

  it('asks to give the card only what refunds of part of it left', async () => {
    scriptFetch([{ method: 'GET', path: '/api/admin/orders/o1', answer: { body: { order: order(), canSendEmail: true } } }]);
    const confirm = vi.fn((_question: string) => false);
    vi.stubGlobal('confirm', confirm);
    render(<OrderDetail orderId="o1" navigate={() => undefined} canManage />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: ADMIN.refundLive }));
    expect(confirm.mock.calls[0]![0]).toContain(ADMIN.refundToCard('$170.00', ADMIN.refundCard(null)));
  });

  it('lists the whole refund after the refunds of part of the order, with what it gave back, when and by whom', async () => {
    const refunded = order({
      status: 'refunded', testMode: true,
      history: [{ status: 'paid', on: 0, by: null }, { status: 'refunded', on: 1_700_000_000_000, by: 'owner@example.com' }],
    });
    scriptFetch([{ method: 'GET', path: '/api/admin/orders/o1', answer: { body: { order: refunded, canSendEmail: true } } }]);
    render(<OrderDetail orderId="o1" navigate={() => undefined} canManage />);
    await settle();
    const list = screen.getByRole('heading', { name: ADMIN.refunds }).nextElementSibling as HTMLElement;
    const entries = within(list).getAllByRole('listitem').filter((item) => item.parentElement === list);
    expect(entries).toHaveLength(2);
    expect(entries[1]!.textContent).toContain('$170.00');
    expect(entries[1]!.textContent).toContain(ADMIN.refundBy('owner@example.com'));
    expect(entries[1]!.textContent).toContain(ADMIN.refundOfTheRest);
  });
});
