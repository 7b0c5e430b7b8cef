/** The shopper's order confirmation, ready for the outbox. */
import type { NewOutboxEmail } from '../db/email-outbox-repository.ts';
import { fillMessage, serverMessages } from '../messages.ts';
import { loadEmailTemplates, orderParts, renderEmail, storeLink, type OrderEmailInput } from './order-email-parts.ts';

export type { OrderEmailInput } from './order-email-parts.ts';

export function orderConfirmationEmail(input: OrderEmailInput): NewOutboxEmail {
  const templates = loadEmailTemplates('order-confirmation');
  const parts = orderParts(input);
  const subject = fillMessage(serverMessages.orderEmailSubject, { orderNumber: parts.orderNumber, siteTitle: input.siteTitle });
  const { html, text } = renderEmail(templates, { ...parts, subject, confirmationUrl: storeLink(input.baseUrl, input.confirmationPath) }, 'order email');
  return { kind: 'order-confirmation', subjectId: input.orderId, recipient: input.customerEmail, subject, text, html };
}
