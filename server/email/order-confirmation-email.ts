import { readFileSync } from 'node:fs';
import { compile, type Template } from '../../engine/index.ts';
import { formatMoneyWith } from '../../client/lib/money.ts';
import { CHECKOUT } from '../../client/lib/messages.ts';
import { moneyFormatFor } from '../commerce/money-format.ts';
import type { NewOutboxEmail } from '../db/email-outbox-repository.ts';
import { fillMessage, serverMessages } from '../messages.ts';

/** What the confirmation email says: the order as the shopper saw it at checkout. */
export interface OrderEmailInput {
  orderId: string;
  orderNumber: number;
  siteTitle: string;
  currency: string;
  locale: string;
  testMode: boolean;
  customerName: string;
  customerEmail: string;
  recipientEmail: string;
  addressLines: string[];
  lines: Array<{ productName: string; variantLabel: string; quantity: number; unitPriceCents: number; billingInterval: string }>;
  subtotalCents: number;
  shippingName: string | null;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
  /** Absolute link to the confirmation page, when the store knows its address. */
  confirmationUrl: string | null;
}

function load(name: string): Template {
  const source = readFileSync(new URL(`./templates/${name}`, import.meta.url), 'utf8');
  const template = compile(source, { name });
  // the templates ship with the code: an error here is a programming mistake
  if (template.errors.length > 0) throw new Error(`${name}: ${template.errors[0]!.message}`);
  return template;
}

let templates: { html: Template; text: Template } | null = null;

/** The confirmation email, rendered from its .tmpl templates by the engine, ready for the outbox. */
export function orderConfirmationEmail(input: OrderEmailInput): NewOutboxEmail {
  templates ??= { html: load('order-confirmation.html.tmpl'), text: load('order-confirmation.txt.tmpl') };
  const format = moneyFormatFor(input.currency, input.locale);
  const money = (cents: number): string => formatMoneyWith(cents, format);
  const subject = fillMessage(serverMessages.orderEmailSubject, { orderNumber: CHECKOUT.orderNumber(input.orderNumber), siteTitle: input.siteTitle });
  const context = {
    subject,
    siteTitle: input.siteTitle,
    orderNumber: CHECKOUT.orderNumber(input.orderNumber),
    customerName: input.customerName,
    testMode: input.testMode,
    recipientEmail: input.recipientEmail,
    lines: input.lines.map((line) => ({
      productName: line.productName,
      variantLabel: line.variantLabel,
      quantity: line.quantity,
      billingInterval: line.billingInterval,
      lineTotal: money(line.unitPriceCents * line.quantity),
    })),
    subtotal: money(input.subtotalCents),
    shippingName: input.shippingName,
    shipping: input.shippingCents === 0 ? CHECKOUT.free : money(input.shippingCents),
    tax: money(input.taxCents),
    total: money(input.totalCents),
    shippingAddress: input.addressLines.length > 0 ? { addressLines: input.addressLines } : null,
    confirmationUrl: input.confirmationUrl,
  };
  const html = templates.html.render(context);
  const text = templates.text.render(context);
  const errors = [...html.errors, ...text.errors];
  if (errors.length > 0) throw new Error(`order email: ${errors[0]!.message}`);
  return {
    kind: 'order-confirmation',
    subjectId: input.orderId,
    recipient: input.customerEmail,
    subject,
    text: text.html.trim() + '\n',
    html: html.html,
  };
}
