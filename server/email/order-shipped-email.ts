/**
 * The shopper's notice that their order is on its way, put in the outbox when the owner marks
 * the order fulfilled: the lines in words, where it ships and a link to the order's page.
 */
import { CHECKOUT } from '../../client/lib/messages.ts';
import { PAGE_PATHS } from '../../client/lib/api-paths.ts';
import { addressLines } from '../commerce/checkout-order.ts';
import { readCheckoutSettings } from '../commerce/checkout-quote.ts';
import { CheckoutOrderRepository } from '../db/checkout-order-repository.ts';
import type { NewOutboxEmail } from '../db/email-outbox-repository.ts';
import { OrderRepository } from '../db/order-repository.ts';
import type { StoreSession } from '../db/store.ts';
import { fillMessage, serverMessages } from '../messages.ts';
import { loadEmailTemplates, renderEmail, storeLink, type EmailTemplates } from './order-email-parts.ts';

let templates: EmailTemplates | null = null;

/** The notice for order `orderId`, read from the store; null for an order placed before the checkout kept its customer. */
export async function orderShippedEmail(session: StoreSession, orderId: string): Promise<NewOutboxEmail | null> {
  const orders = new CheckoutOrderRepository(session);
  const [order, customer, lines, settings] = await Promise.all([
    new OrderRepository(session).findById(orderId), orders.customerOf(orderId), orders.linesOf(orderId), readCheckoutSettings(session),
  ]);
  if (!order || !customer || customer.email === '') return null;
  templates ??= loadEmailTemplates('order-shipped');
  const orderNumber = CHECKOUT.orderNumber(customer.orderNumber);
  const subject = fillMessage(serverMessages.orderShippedEmailSubject, { orderNumber, siteTitle: settings.siteTitle });
  const context = {
    subject,
    siteTitle: settings.siteTitle,
    orderNumber,
    customerName: customer.name,
    lines: lines.map((line) => ({ productName: line.productName, variantLabel: line.variantLabel, quantity: line.quantity })),
    shippingAddress: customer.shippingAddress ? { addressLines: addressLines(customer.shippingAddress, settings.locale) } : null,
    orderUrl: storeLink(settings.baseUrl, PAGE_PATHS.orderConfirmed(order.id, order.viewToken)),
  };
  const { html, text } = renderEmail(templates, context, 'order shipped email');
  return { kind: 'order-shipped', subjectId: orderId, recipient: customer.email, subject, text, html };
}
