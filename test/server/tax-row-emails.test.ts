/**
 * The tax's row in the order emails, the shopper's confirmation and the owner's new-order notice,
 * HTML and text, byte for byte with the totals around it: added on top (a row above the total) or
 * included in the prices (said under it), in the platform's words or by the shop's name for its
 * tax (escaped in the HTML, as written in the text), with its rate or without.
 */
import { describe, expect, it } from 'vitest';
import { newOrderEmail } from '../../server/email/new-order-email.ts';
import { orderConfirmationEmail, type OrderEmailInput } from '../../server/email/order-confirmation-email.ts';

const input: OrderEmailInput = {
  orderId: 'o1', orderNumber: 1042, siteTitle: 'Shop', currency: 'USD', locale: 'en-US', testMode: false,
  customerName: 'Jane Doe', customerEmail: 'jane@example.com', recipientEmail: '', addressLines: ['1 Road', 'Town'],
  lines: [{ productName: 'Linen Shirt', variantLabel: '', quantity: 1, unitPriceCents: 6800, billingInterval: '' }],
  subtotalCents: 6800, shippingName: 'Standard', shippingCents: 600, taxCents: 544, totalCents: 7944,
  baseUrl: 'https://shop.example.com', confirmationPath: '/order-confirmed/o1',
};
const included = { taxCents: 1233, taxIncluded: true, totalCents: 7400 };

/** The totals of an email: its second table in the HTML, the lines from the subtotal to the next blank line in the text. */
function totalsOf(email: { html: string; text: string }): { html: string; text: string } {
  return {
    html: /\n {2}<table style="width: 100%; margin-top: 12px;">\n[\s\S]*?\n {2}<\/table>\n/.exec(email.html)![0],
    text: /\nSubtotal:[\s\S]*?\n\n/.exec(email.text)![0],
  };
}

/**
 * The totals as the templates write them, the tax's row above the total or under it; a line whose
 * instructions write nothing (no discount, the tax's other place, no gift card) keeps its indentation.
 */
function expected(total: string, taxRow: { words: string; html: string; amount: string; under: boolean }): { html: string; text: string } {
  const row = `    <tr><td>${taxRow.html}</td><td align="right">${taxRow.amount}</td></tr>`;
  const html = [
    '', '  <table style="width: 100%; margin-top: 12px;">',
    '    <tr><td>Subtotal</td><td align="right">$68.00</td></tr>',
    '    ',
    '    <tr><td>Shipping (Standard)</td><td align="right">$6.00</td></tr>',
    taxRow.under ? '    ' : row,
    `    <tr><td><strong>Total</strong></td><td align="right"><strong>${total}</strong></td></tr>`,
    taxRow.under ? row : '    ',
    '    ',
    '  </table>', '',
  ];
  const textRow = `${taxRow.words}: ${taxRow.amount}`;
  const text = ['', 'Subtotal: $68.00', 'Shipping (Standard): $6.00', ...(taxRow.under ? [`Total: ${total}`, textRow] : [textRow, `Total: ${total}`]), '', ''];
  return { html: html.join('\n'), text: text.join('\n') };
}

describe("the tax's row in the order emails", () => {
  const cases: Array<[string, Partial<OrderEmailInput>, ReturnType<typeof expected>]> = [
    ["added, in the platform's words, no rate (an order from before rates were kept)", {},
      expected('$79.44', { words: 'Tax', html: 'Tax', amount: '$5.44', under: false })],
    ["added, by the shop's name, with its rate", { taxIncluded: false, taxName: 'G<b>ST', taxRateTenths: 8875 },
      expected('$79.44', { words: 'G<b>ST (8.875%)', html: 'G&lt;b&gt;ST (8.875%)', amount: '$5.44', under: false })],
    ["included, in the platform's words, with its rate", { ...included, taxName: '', taxRateTenths: 20000 },
      expected('$74.00', { words: 'Includes tax (20%)', html: 'Includes tax (20%)', amount: '$12.33', under: true })],
    ["included, by the shop's name, no rate", { ...included, taxName: 'V&AT', taxRateTenths: null },
      expected('$74.00', { words: 'Includes V&AT', html: 'Includes V&amp;AT', amount: '$12.33', under: true })],
  ];
  it.each(cases)('%s', (_name, changes, totals) => {
    expect(totalsOf(orderConfirmationEmail({ ...input, ...changes }))).toEqual(totals);
    expect(totalsOf(newOrderEmail({ ...input, ...changes }, 'owner@example.com'))).toEqual(totals);
  });
});
