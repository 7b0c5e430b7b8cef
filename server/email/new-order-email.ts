/**
 * The owner's notice of a new order, sent to the address the settings name (storeSettings
 * orderNotificationEmail), with a link to the order in the admin, each line's extra-field answers
 * under it (as the shopper's confirmation lists them, so the owner sees a personalisation to make
 * without opening the admin), and the variants the order brought down to the owner's running-low figure.
 */
import { ADMIN_PATHS } from '../../client/lib/admin-paths.ts';
import type { NewOutboxEmail } from '../db/email-outbox-repository.ts';
import { fillMessage, serverMessages } from '../messages.ts';
import { loadEmailTemplates, orderParts, renderEmail, storeLink, type OrderEmailInput } from './order-email-parts.ts';

export function newOrderEmail(input: OrderEmailInput, ownerEmail: string): NewOutboxEmail {
  const templates = loadEmailTemplates('new-order');
  const parts = orderParts(input);
  const subject = fillMessage(serverMessages.newOrderEmailSubject, { orderNumber: parts.orderNumber, total: parts.total, customerName: input.customerName });
  const context = {
    ...parts,
    subject,
    adminUrl: storeLink(input.baseUrl, ADMIN_PATHS.order(input.orderId)),
    // an empty list makes the section print nothing
    runningLow: input.runningLow ?? [],
    inventoryUrl: storeLink(input.baseUrl, ADMIN_PATHS.inventory),
  };
  const { html, text } = renderEmail(templates, context, 'new order email');
  return { kind: 'new-order', subjectId: input.orderId, recipient: ownerEmail, subject, text, html };
}
