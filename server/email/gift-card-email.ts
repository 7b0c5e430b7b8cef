/**
 * The email that gives a gift card to its recipient: who sent it, how much it is worth in the
 * store's money format, its code in four groups and a link to the shop. Written to the outbox in
 * the order's transaction, as the order's own emails are, under the order (the owner can send a
 * failed one again from there, and a new one from the card's screen); the buyer's own emails never
 * carry the code, nor does the admin.
 */
import { GIFT_CARD_CODE_ALPHABET, formattedGiftCardCode } from '../../client/lib/gift-card-code.ts';
import { readCheckoutSettings } from '../commerce/checkout-quote.ts';
import { CheckoutOrderRepository } from '../db/checkout-order-repository.ts';
import type { NewOutboxEmail } from '../db/email-outbox-repository.ts';
import type { GiftCardRecord } from '../db/gift-card-repository.ts';
import type { StoreSession } from '../db/store.ts';
import { fillMessage } from '../messages.ts';
import { SHOPPER_EMAILS } from '../../client/lib/messages.ts';
import { inStoreLanguage } from '../pages/store-language.ts';
import { emailSentence } from './email-sentences.ts';
import { statusEmailWords } from './order-status-email.ts';
import { loadEmailTemplates, renderEmail, storeLink, type OrderEmailInput } from './order-email-parts.ts';
import { moneyTextIn } from '../commerce/money-format.ts';

export const GIFT_CARD_EMAIL_KIND = 'gift-card';

/** A code as the email writes it, its first twelve characters apart from its last four. */
const WRITTEN_CODE = new RegExp(`\\b(?:[${GIFT_CARD_CODE_ALPHABET}]{4}-){3}([${GIFT_CARD_CODE_ALPHABET}]{4})\\b`, 'g');

/** The email's text as the admin shows it: each code by its last four only, as everywhere else in the admin. */
export function withCodesHidden(text: string): string {
  return text.replace(WRITTEN_CODE, '••••-••••-••••-$1');
}

/** What of its order the email tells: the checkout's order, or one read again from the store. */
type GiftCardEmailOrder = Pick<OrderEmailInput, 'orderId' | 'siteTitle' | 'locale' | 'customerName' | 'baseUrl'>;

/** The email in the store's language (its locale's), subject and body. */
export function giftCardEmail(order: GiftCardEmailOrder, card: GiftCardRecord): NewOutboxEmail {
  return inStoreLanguage(order.locale, () => giftCardEmailNow(order, card));
}

function giftCardEmailNow(order: GiftCardEmailOrder, card: GiftCardRecord): NewOutboxEmail {
  const templates = loadEmailTemplates(GIFT_CARD_EMAIL_KIND);
  const amount = moneyTextIn(card.currency, order.locale)(card.initialCents);
  const subject = fillMessage(SHOPPER_EMAILS.giftCardSubject, { customerName: order.customerName, amount, siteTitle: order.siteTitle });
  const said = { customerName: order.customerName, siteTitle: order.siteTitle, amount };
  const context = {
    subject,
    words: {
      ...statusEmailWords(),
      heading: emailSentence(SHOPPER_EMAILS.giftCardHeading, said),
      intro: emailSentence(SHOPPER_EMAILS.giftCardIntro, said, ['amount']),
    },
    siteTitle: order.siteTitle,
    customerName: order.customerName,
    amount,
    code: formattedGiftCardCode(card.code),
    shopUrl: storeLink(order.baseUrl, '/'),
  };
  const { html, text } = renderEmail(templates, context, 'gift card email');
  return { kind: GIFT_CARD_EMAIL_KIND, subjectId: order.orderId, recipient: card.recipientEmail, subject, text, html };
}

/**
 * The same email again, for the owner to send when the recipient lost theirs: the buyer's name
 * from the order, the store's title, locale and address as they are now.
 */
export async function giftCardEmailAgain(session: StoreSession, card: GiftCardRecord): Promise<NewOutboxEmail> {
  const [customer, settings] = await Promise.all([new CheckoutOrderRepository(session).customerOf(card.orderId), readCheckoutSettings(session)]);
  return giftCardEmail({
    orderId: card.orderId, siteTitle: settings.siteTitle, locale: settings.locale, customerName: customer?.name ?? '', baseUrl: settings.baseUrl,
  }, card);
}
