/** The shopper's order confirmation, ready for the outbox. */
import type { NewOutboxEmail, OutboxEmail } from '../db/email-outbox-repository.ts';
import { fillMessage, serverMessages } from '../messages.ts';
import { loadEmailTemplates, orderParts, renderEmail, storeLink, type OrderEmailInput } from './order-email-parts.ts';

export type { OrderEmailInput } from './order-email-parts.ts';

export const ORDER_CONFIRMATION_KIND = 'order-confirmation';

/**
 * Whether the shopper's confirmation of an order did not go out and will not by itself: refused
 * by the mail server or given up (failed), with no copy of it sent or still on its way. Its
 * confirmation page then promises no email.
 */
export function confirmationNotSent(emails: ReadonlyArray<Pick<OutboxEmail, 'kind' | 'status'>>): boolean {
  const confirmations = emails.filter((email) => email.kind === ORDER_CONFIRMATION_KIND);
  return confirmations.length > 0 && confirmations.every((email) => email.status === 'failed');
}

export function orderConfirmationEmail(input: OrderEmailInput): NewOutboxEmail {
  const templates = loadEmailTemplates('order-confirmation');
  const parts = orderParts(input);
  const subject = fillMessage(serverMessages.orderEmailSubject, { orderNumber: parts.orderNumber, siteTitle: input.siteTitle });
  const { html, text } = renderEmail(templates, { ...parts, subject, confirmationUrl: storeLink(input.baseUrl, input.confirmationPath) }, 'order email');
  return { kind: ORDER_CONFIRMATION_KIND, subjectId: input.orderId, recipient: input.customerEmail, subject, text, html };
}
