/**
 * The shopper's notice of a refund of part of their order (server/admin/partial-refund.ts), put in
 * the outbox in the refund's transaction when the owner asks for it: how much, for which items and
 * how many (none for money alone, such as for a late parcel), and where the money goes: the
 * payment card (by its last four digits when the order kept them), the gift card that paid part
 * of the order, or, of a test order whose card was never charged, that nothing goes back to it.
 * A refund that brings the order's refunds to its total says the order is now refunded in full.
 */
import { CHECKOUT, SHOPPER_EMAILS } from '../../client/lib/messages.ts';
import { PAGE_PATHS } from '../../client/lib/api-paths.ts';
import { readCheckoutSettings } from '../commerce/checkout-quote.ts';
import { moneyTextIn } from '../commerce/money-format.ts';
import { CheckoutOrderRepository } from '../db/checkout-order-repository.ts';
import type { NewOutboxEmail } from '../db/email-outbox-repository.ts';
import { GiftCardRepository } from '../db/gift-card-repository.ts';
import type { OrderRefundRecord } from '../db/order-refund-repository.ts';
import { OrderRepository } from '../db/order-repository.ts';
import type { StoreSession } from '../db/store.ts';
import { fillMessage } from '../messages.ts';
import { inStoreLanguage } from '../pages/store-language.ts';
import { emailSentence } from './email-sentences.ts';
import { backToCard, statusEmailWords } from './order-status-email.ts';
import { loadEmailTemplates, renderEmail, shopAddressPart, storeLink } from './order-email-parts.ts';

export const PARTIAL_REFUND_EMAIL_KIND = 'order-partly-refunded';

/** The notice of `refund` (recorded already in `session`), or null for an order without the shopper's email. */
export async function partialRefundEmail(session: StoreSession, refund: OrderRefundRecord, refundedInFull: boolean): Promise<NewOutboxEmail | null> {
  const orders = new CheckoutOrderRepository(session);
  const [order, customer, items, settings, giftCardPayment] = await Promise.all([
    new OrderRepository(session).findById(refund.orderId), orders.customerOf(refund.orderId),
    session.all<{ id: string; product_name: string; variant_label: string | null }>('SELECT id, product_name, variant_label FROM order_items WHERE order_id = ?', [refund.orderId]),
    readCheckoutSettings(session), new GiftCardRepository(session).paymentOf(refund.orderId),
  ]);
  if (!order || !customer || customer.email === '') return null;
  // in the store's language, as its other emails to the shopper
  return inStoreLanguage(settings.locale, () => {
    const money = moneyTextIn(order.currency, settings.locale);
    const orderNumber = CHECKOUT.orderNumber(customer.orderNumber);
    const amount = money(refund.amountCents);
    const subject = fillMessage(SHOPPER_EMAILS.partlyRefundedSubject, { amount, orderNumber, siteTitle: settings.siteTitle });
    const intro = { customerName: customer.name, siteTitle: settings.siteTitle, amount, orderNumber };
    const itemOf = new Map(items.map((item) => [item.id, item]));
    const context = {
      subject,
      words: { ...statusEmailWords(), intro: { text: fillMessage(SHOPPER_EMAILS.partlyRefundedIntroText, intro), html: emailSentence(SHOPPER_EMAILS.partlyRefundedIntroHtml, intro, ['amount', 'orderNumber']).html } },
      siteTitle: settings.siteTitle,
      orderNumber,
      customerName: customer.name,
      amount,
      lines: refund.lines.map((line) => ({
        productName: itemOf.get(line.itemId)?.product_name ?? '',
        variantLabel: itemOf.get(line.itemId)?.variant_label ?? '',
        quantity: line.quantity,
      })),
      // a test order's card was never charged: said in place of what would go back to it
      toCard: refund.cardCents > 0 && !order.testMode ? { said: backToCard(money(refund.cardCents), customer.cardLast4) } : null,
      cardNotCharged: refund.cardCents > 0 && order.testMode,
      toGiftCard: refund.giftCardCents > 0 ? { said: giftCardBack(money(refund.giftCardCents), giftCardPayment?.last4 ?? '') } : null,
      refundedInFull,
      orderUrl: storeLink(settings.baseUrl, PAGE_PATHS.orderConfirmed(order.id, order.viewToken)),
      shopAddress: shopAddressPart(settings.shopAddress),
    };
    const { html, text } = renderEmail(loadEmailTemplates(PARTIAL_REFUND_EMAIL_KIND), context, `${PARTIAL_REFUND_EMAIL_KIND} email`);
    return { kind: PARTIAL_REFUND_EMAIL_KIND, subjectId: refund.orderId, recipient: customer.email, subject, text, html };
  });
}

/** What goes back on the gift card that paid part of the order: by its last four characters when known. */
function giftCardBack(amount: string, last4: string) {
  return emailSentence(last4 ? SHOPPER_EMAILS.backOnGiftCardEnding : SHOPPER_EMAILS.backOnGiftCard, { amount, last4 });
}
