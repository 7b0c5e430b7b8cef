/** The shopper's order confirmation, ready for the outbox. */
import type { NewOutboxEmail, OutboxEmail } from '../db/email-outbox-repository.ts';
import { fillMessage } from '../messages.ts';
import { EMAIL_WORDS } from '../../client/lib/messages.ts';
import { inStoreLanguage } from '../pages/store-language.ts';
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

/** The confirmation in the store's language (its locale's), subject and body. */
export function orderConfirmationEmail(input: OrderEmailInput): NewOutboxEmail {
  return inStoreLanguage(input.locale, () => {
    const templates = loadEmailTemplates('order-confirmation');
    const parts = orderParts(input);
    const subject = fillMessage(EMAIL_WORDS.orderSubject, { orderNumber: parts.orderNumber, siteTitle: input.siteTitle });
    const words = { ...EMAIL_WORDS };
    const { html, text } = renderEmail(templates, { ...parts, subject, words, confirmationUrl: storeLink(input.baseUrl, input.confirmationPath) }, 'order email');
    return { kind: ORDER_CONFIRMATION_KIND, subjectId: input.orderId, recipient: input.customerEmail, subject, text, html };
  });
}
