/**
 * The shopper's notices of what became of their order, put in the outbox in the transaction of
 * the owner's move: sent (marked fulfilled), cancelled or refunded. Each gives the lines in words, where it
 * ships and a link to the order's page, which shows the same status (a shipping notice the parcel's
 * lines, and apart those the post does not bring: shipped-lines.ts); a shipping notice gives the
 * parcel's carrier, tracking number and tracking link when the owner gave them; one of an order
 * with a discount code or paid in part by a gift card gives its total with what the code took
 * off (a free-shipping code's as the shipping free with it) and what the card paid, as the
 * confirmation does; a cancellation also says what went back to the payment card of a live order
 * (through the payment provider, before the move), what went back on the gift card that paid for
 * it and which gift cards it bought are stopped (the move has done both by then, in the same
 * transaction); a refund says the same, with how much goes back to the
 * payment card and whether the order, not sent yet, now will not be. Of a test order, whose card
 * was never charged, both say so instead of what goes back to the card. After refunds of part of
 * the order (partial-refund-email.ts told of each), both say only what goes back now: the rest.
 */
import { CHECKOUT, EMAIL_WORDS, SHOPPER_EMAILS } from '../../client/lib/messages.ts';
import { PAGE_PATHS } from '../../client/lib/api-paths.ts';
import { addressLines } from '../commerce/checkout-order.ts';
import { readCheckoutSettings } from '../commerce/checkout-quote.ts';
import { shopperTracking } from '../commerce/shopper-tracking.ts';
import { CheckoutOrderRepository } from '../db/checkout-order-repository.ts';
import { CardRefundRepository } from '../db/card-refund-repository.ts';
import { DiscountCodeRepository } from '../db/discount-code-repository.ts';
import { GiftCardRepository } from '../db/gift-card-repository.ts';
import type { NewOutboxEmail } from '../db/email-outbox-repository.ts';
import { OrderRepository } from '../db/order-repository.ts';
import { NO_REFUNDS, OrderRefundRepository } from '../db/order-refund-repository.ts';
import type { StoreSession } from '../db/store.ts';
import { giftCardCodeLast4 } from '../../client/lib/gift-card-code.ts';
import { fillMessage } from '../messages.ts';
import { inStoreLanguage } from '../pages/store-language.ts';
import { emailSentence, type EmailSentence } from './email-sentences.ts';
import { discountParts, giftCardParts, shownCodeAndShipping } from '../commerce/order-deductions.ts';
import { loadEmailTemplates, renderEmail, shopAddressPart, storeLink } from './order-email-parts.ts';
import { moneyTextIn } from '../commerce/money-format.ts';
import { shippedLines } from './shipped-lines.ts';

/**
 * What became of the order: its outbox kind, its templates (`NAME.html.tmpl`, `NAME.txt.tmpl`), and
 * its subject, heading and first line in the store's language (read when the email is written).
 */
const CHANGES = {
  shipped: { kind: 'order-shipped', words: () => ({ subject: SHOPPER_EMAILS.shippedSubject, heading: SHOPPER_EMAILS.shippedHeading, introText: SHOPPER_EMAILS.shippedIntroText, introHtml: SHOPPER_EMAILS.shippedIntroHtml }) },
  cancelled: { kind: 'order-cancelled', words: () => ({ subject: SHOPPER_EMAILS.cancelledSubject, heading: SHOPPER_EMAILS.cancelledHeading, introText: SHOPPER_EMAILS.cancelledIntroText, introHtml: SHOPPER_EMAILS.cancelledIntroHtml }) },
  refunded: { kind: 'order-refunded', words: () => ({ subject: SHOPPER_EMAILS.refundedSubject, heading: SHOPPER_EMAILS.refundedHeading, introText: SHOPPER_EMAILS.refundedIntroText, introHtml: SHOPPER_EMAILS.refundedIntroHtml }) },
} as const;

/** What goes back to a card, said: by its last four digits when the order kept them. */
export function backToCard(amount: string, last4: string): EmailSentence {
  return emailSentence(last4 ? SHOPPER_EMAILS.toCardEnding : SHOPPER_EMAILS.toCardPaidWith, { amount, last4 });
}

/** The gift cards an order bought that are stopped, by their last four characters; null when none is. */
function giftCardsStoppedSaid(cards: readonly string[]): EmailSentence | null {
  if (cards.length === 0) return null;
  return emailSentence(cards.length > 1 ? SHOPPER_EMAILS.giftCardsStopped : SHOPPER_EMAILS.giftCardStopped, { cards: cards.join(', ') });
}

/** The words the status emails print, the order confirmation's among them. */
export function statusEmailWords(): Record<string, string> {
  return { ...EMAIL_WORDS, ...SHOPPER_EMAILS } as Record<string, string>;
}

export type OrderChange = keyof typeof CHANGES;

/**
 * The notice of `change` for order `orderId`, read from the store; null for an order without the
 * shopper's email. A refund is told from the status it left (`refundedFrom`): an order still
 * `paid` had not been sent, and now will not be.
 */
export async function orderStatusEmail(session: StoreSession, orderId: string, change: OrderChange, refundedFrom?: string): Promise<NewOutboxEmail | null> {
  const orders = new CheckoutOrderRepository(session);
  const giftCards = new GiftCardRepository(session);
  const [order, customer, lines, settings, giftCardPayment, giftCardsSold, tracking, discountUse, cardRefund, earlierRefunds, shipped] = await Promise.all([
    new OrderRepository(session).findById(orderId), orders.customerOf(orderId), orders.linesOf(orderId), readCheckoutSettings(session),
    giftCards.paymentOf(orderId), giftCards.issuedBy(orderId), change === 'shipped' ? shopperTracking(session, orderId) : null,
    change === 'shipped' ? new DiscountCodeRepository(session).useOf(orderId) : null,
    change === 'cancelled' ? new CardRefundRepository(session).of(orderId) : null,
    change === 'shipped' ? NO_REFUNDS : new OrderRefundRepository(session).totalsOf(orderId),
    // a shipping notice lists the parcel, and apart what the post does not bring (a download, a gift card, a service)
    change === 'shipped' ? shippedLines(session, orderId) : null,
  ]);
  if (!order || !customer || customer.email === '') return null;
  return inStoreLanguage(settings.locale, () => {
    const { kind, words: changeWords } = CHANGES[change];
    const said = changeWords();
    const templates = loadEmailTemplates(kind);
    const orderNumber = CHECKOUT.orderNumber(customer.orderNumber);
    const subject = fillMessage(said.subject, { orderNumber, siteTitle: settings.siteTitle });
    const intro = { customerName: customer.name, orderNumber, siteTitle: settings.siteTitle };
    const money = moneyTextIn(order.currency, settings.locale);
    // a free-shipping code's part is not a deduction here either: the confirmation showed it as the shipping free with the code
    const shown = shownCodeAndShipping(order, discountUse, money);
    const discount = discountParts(shown.discount, money);
    // money and gift cards come back on a cancellation and on a refund alike (the move has done it)
    const givesBack = change === 'cancelled' || change === 'refunded';
    // what goes back to the payment card now: what it paid (the total less a gift card's part) less what refunds of part of the order gave it
    const cardCents = order.grandTotalCents - (giftCardPayment?.amountCents ?? 0) - earlierRefunds.cardCents;
    const context = {
      subject,
      words: { ...statusEmailWords(), heading: said.heading, intro: { text: fillMessage(said.introText, intro), html: emailSentence(said.introHtml, intro, ['orderNumber']).html } },
      siteTitle: settings.siteTitle,
      orderNumber,
      customerName: customer.name,
      lines: shipped ? shipped.parcel : lines.map((line) => ({ productName: line.productName, variantLabel: line.variantLabel, quantity: line.quantity })),
      notInParcel: shipped && shipped.apart.length > 0 ? shipped.apart : null,
      // the addressee first, as on a label and the order's page
      shippingAddress: customer.shippingAddress ? { addressLines: [customer.name ?? '', ...addressLines(customer.shippingAddress, settings.locale)].filter((line) => line !== '') } : null,
      // the carrier, number and tracking page the owner gave when fulfilling (null when none)
      tracking,
      orderUrl: storeLink(settings.baseUrl, PAGE_PATHS.orderConfirmed(order.id, order.viewToken)),
      shopAddress: shopAddressPart(settings.shopAddress),
      // the shipping notice says how the order was paid as its confirmation did: the discount code's
      // part (a free-shipping code's as the shipping free with it), the total, the gift card's part and the payment card's
      payment: change === 'shipped' && (giftCardPayment !== null || discount !== null || shown.freeWithCode !== null)
        ? {
          discount,
          shipping: shown.freeWithCode === null ? null : shown.shipping,
          total: money(order.grandTotalCents),
          giftCard: giftCardParts(giftCardPayment, order.grandTotalCents, money),
        }
        : null,
      giftCardBack: givesBack && giftCardPayment?.returnedOn != null && giftCardPayment.amountCents > earlierRefunds.giftCardCents
        ? { said: emailSentence(SHOPPER_EMAILS.backOnGiftCardEnding, { amount: money(giftCardPayment.amountCents - earlierRefunds.giftCardCents), last4: giftCardPayment.last4 }) }
        : null,
      giftCardsStopped: givesBack ? giftCardsStoppedSaid(giftCardsSold.filter((card) => card.cancelledOn !== null).map((card) => giftCardCodeLast4(card.code))) : null,
      refund: change === 'refunded' ? refundParts(order.grandTotalCents - earlierRefunds.amountCents, order.testMode, cardCents, customer.cardLast4, refundedFrom, money) : null,
      // a live order's cancellation gave the card its money back through the provider (the move records it first)
      cardBack: cardRefund?.refundedOn != null && cardCents > 0 ? { said: backToCard(money(cardCents), customer.cardLast4) } : null,
      // a test order's card was never charged: said once, in place of what would go back to it
      cardNotCharged: givesBack && order.testMode && cardCents > 0,
    };
    const { html, text } = renderEmail(templates, context, `${kind} email`);
    return { kind, subjectId: orderId, recipient: customer.email, subject, text, html };
  });
}

/**
 * What a refund gives back, as its notice says it: the total less what refunds of part of the
 * order gave back already (`totalCents`), the part the payment card gets (`cardCents`) and the
 * card's last four digits when the order kept them, for a live order only: a test order's card
 * was never charged (what a gift card paid goes back on the card, said apart), and whether an
 * order not sent yet will not be sent.
 */
function refundParts(totalCents: number, testMode: boolean, cardCents: number, cardLast4: string, refundedFrom: string | undefined, money: (cents: number) => string) {
  return {
    total: money(totalCents),
    toCard: cardCents > 0 && !testMode ? { said: backToCard(money(cardCents), cardLast4) } : null,
    notSent: refundedFrom === 'paid',
  };
}
