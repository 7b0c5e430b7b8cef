/**
 * The email that gives a gift card to its recipient: who sent it, how much it is worth in the
 * store's money format, its code in four groups and a link to the shop. Written to the outbox in
 * the order's transaction, as the order's own emails are, under the order (the owner can send it
 * again from there); the buyer's own emails never carry the code.
 */
import { formattedGiftCardCode } from '../../client/lib/gift-card-code.ts';
import type { NewOutboxEmail } from '../db/email-outbox-repository.ts';
import type { GiftCardRecord } from '../db/gift-card-repository.ts';
import { fillMessage, serverMessages } from '../messages.ts';
import { emailMoney, loadEmailTemplates, renderEmail, storeLink, type OrderEmailInput } from './order-email-parts.ts';

export const GIFT_CARD_EMAIL_KIND = 'gift-card';

export function giftCardEmail(order: OrderEmailInput, card: GiftCardRecord): NewOutboxEmail {
  const templates = loadEmailTemplates(GIFT_CARD_EMAIL_KIND);
  const amount = emailMoney(card.currency, order.locale)(card.initialCents);
  const subject = fillMessage(serverMessages.giftCardEmailSubject, { customerName: order.customerName, amount, siteTitle: order.siteTitle });
  const context = {
    subject,
    siteTitle: order.siteTitle,
    customerName: order.customerName,
    amount,
    code: formattedGiftCardCode(card.code),
    shopUrl: storeLink(order.baseUrl, '/'),
  };
  const { html, text } = renderEmail(templates, context, 'gift card email');
  return { kind: GIFT_CARD_EMAIL_KIND, subjectId: order.orderId, recipient: card.recipientEmail, subject, text, html };
}
