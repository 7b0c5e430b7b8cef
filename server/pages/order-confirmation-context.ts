import { CHECKOUT, DOWNLOADS } from '../../client/lib/messages.ts';
import { orderDownloadLinks } from '../commerce/download-grants.ts';
import { addressLines } from '../commerce/checkout-order.ts';
import { readCheckoutSettings } from '../commerce/checkout-quote.ts';
import { shopperTracking } from '../commerce/shopper-tracking.ts';
import { taxRowParts } from '../commerce/tax-row-parts.ts';
import { moneyObject, type MoneyObject } from '../commerce/money.ts';
import { moneyTextIn } from '../commerce/money-format.ts';
import { discountParts, giftCardParts, shownCodeAndShipping } from '../commerce/order-deductions.ts';
import { PRODUCT_TYPE } from '../commerce/pricing.ts';
import { CheckoutOrderRepository } from '../db/checkout-order-repository.ts';
import { DownloadGrantRepository } from '../db/download-grant-repository.ts';
import { DiscountCodeRepository } from '../db/discount-code-repository.ts';
import { GiftCardRepository } from '../db/gift-card-repository.ts';
import { OrderRefundRepository } from '../db/order-refund-repository.ts';
import type { OrderRecord } from '../db/order-repository.ts';
import type { AppDeps } from '../deps.ts';
import { EmailOutboxRepository } from '../db/email-outbox-repository.ts';
import { GIFT_CARD_EMAIL_KIND } from '../email/gift-card-email.ts';
import { canSendEmail } from '../email/mailer.ts';
import { confirmationNotSent } from '../email/order-confirmation-email.ts';
import { fillMessage, serverMessages } from '../messages.ts';

/**
 * What the page says of the gift card instead of "goes to {recipient}" ('' for that): a store
 * without a mail server emails no code; and an order placed before gift cards were kept as cards
 * (migration 143) had its card issued by a later start, whose email was never sent
 * (gift-cards-owed.ts), so its code reaches the recipient only once the shop sends it.
 */
async function giftCardRecipientNote(deps: AppDeps, orderId: string, recipient: string): Promise<string> {
  if (!canSendEmail(deps.options.mail)) return fillMessage(serverMessages.giftCardNoEmailNote, { recipient });
  const emailed = (await new EmailOutboxRepository(deps.store).ofSubject(orderId)).some((email) => email.kind === GIFT_CARD_EMAIL_KIND);
  return emailed ? '' : fillMessage(serverMessages.giftCardNotEmailedNote, { recipient });
}

/**
 * What the confirmation page's order shows beyond the platform's order record: where it stands
 * (paid, sent, cancelled or refunded, and since when), the parcel's carrier, tracking number and
 * tracking link once sent, the short order number,
 * the lines in words (product, variant, billing interval, the answers to the product's extra-field
 * form as the order kept them with each line; never SKUs), subtotal, the discount
 * code used and what it took off, shipping choice, where it ships, who receives a gift card,
 * what a gift card paid (by its last four characters, never its code) and what the payment card
 * paid, and whether a confirmation email is on its way (not from a store without a mail server,
 * nor once the mail server refused it or the store gave it up).
 */
export async function orderConfirmationContext(deps: AppDeps, order: OrderRecord): Promise<Record<string, unknown>> {
  const orders = new CheckoutOrderRepository(deps.store, deps.log);
  const [customer, lines, settings, progress, giftCardPayment, tracking, discountUse, refunds] = await Promise.all([
    orders.customerOf(order.id), orders.linesOf(order.id), readCheckoutSettings(deps.store), orders.progressOf(order.id),
    new GiftCardRepository(deps.store).paymentOf(order.id), shopperTracking(deps.store, order.id), new DiscountCodeRepository(deps.store).useOf(order.id),
    new OrderRefundRepository(deps.store).totalsOf(order.id),
  ]);
  const [downloads, filesToFollow, emails] = await Promise.all([
    orderDownloadLinks(deps.store, order.id, settings.locale),
    new DownloadGrantRepository(deps.store).linesWithoutGrant(order.id, PRODUCT_TYPE.DIGITAL),
    // whether its confirmation went out: a pending one (waiting to be tried again too) is on its way
    canSendEmail(deps.options.mail) ? new EmailOutboxRepository(deps.store).ofSubject(order.id) : [],
  ]);
  const money = (cents: number): MoneyObject => moneyObject(cents, order.currency);
  const giftCardNote = customer?.recipientEmail ? await giftCardRecipientNote(deps, order.id, customer.recipientEmail) : '';
  const shown = shownCodeAndShipping(order, discountUse, moneyTextIn(order.currency, settings.locale));
  return {
    // where the order stands now: the shipping notice links here, and a cancelled order is no longer "confirmed"
    progress: progress ?? { status: 'paid', since: order.createdOn },
    // the parcel to follow, as the shipping notice gives it
    tracking,
    lines: lines.map((line) => ({
      productName: line.productName,
      variantLabel: line.variantLabel,
      billingInterval: line.billingInterval,
      quantity: line.quantity,
      unitPrice: money(line.unitPriceCents),
      lineTotal: money(line.unitPriceCents * line.quantity),
      // the shopper's personalisation, each line its own (`Initials: AE`), as the checkout showed it
      answers: line.answers,
    })),
    // the digital lines' download links (the confirmation email's too; a cancelled or refunded order's no longer work),
    // a spent one as text; and a line bought without a file says the shop sends it
    downloads: downloads.length + filesToFollow.length > 0 ? {
      heading: DOWNLOADS.heading,
      links: downloads.map((link) => ({ label: link.label, terms: link.terms, url: link.path, live: link.live })),
      toFollow: filesToFollow.map((productName) => DOWNLOADS.fileToFollow(productName)),
    } : null,
    // a shipping line only for an order that ships (or paid for shipping): a download's has none,
    // as its checkout had none
    shipped: order.shippingCents > 0 || customer?.shippingAddress != null || customer === undefined,
    // `Free` rather than an amount of nothing, `Free with code CODE` under a free-shipping code, as the checkout and the emails write it
    shippingCost: shown.shipping,
    // the prices included the tax: said under the total, as the checkout said it, not as a line added to it;
    // and its row's words, what the shop called its tax when the order was placed (its name now for
    // an order placed before that was kept) or the platform's
    ...taxRowParts(order.taxName ?? settings.taxName, order.taxIncluded, order.taxRateTenths),
    // what the code took off the goods, a deduction as the checkout showed it
    discount: discountParts(shown.discount, money),
    giftCard: giftCardParts(giftCardPayment, order.grandTotalCents, money),
    // what refunds of part of the order gave back so far, under the total (a refunded order says so in its heading)
    refunded: refunds.amountCents > 0 && progress?.status !== 'refunded' ? money(-refunds.amountCents) : null,
    customer: customer ? {
      orderNumber: CHECKOUT.orderNumber(customer.orderNumber),
      email: customer.email,
      name: customer.name,
      addressLines: customer.shippingAddress ? addressLines(customer.shippingAddress, settings.locale) : [],
      shippingOptionName: customer.shippingOption?.name ?? '',
      recipientEmail: customer.recipientEmail,
      // a store without a mail server keeps the confirmation in its outbox, and one the mail server
      // refused or the store gave up will not come: the page says so instead of promising an email
      noEmailNote: !canSendEmail(deps.options.mail) ? fillMessage(serverMessages.orderNoEmailNote, { email: customer.email })
        : confirmationNotSent(emails) ? fillMessage(serverMessages.orderEmailNotSentNote, { email: customer.email }) : '',
      // nor is a gift card's code emailed to its recipient, which "goes to" would promise
      giftCardNoEmailNote: giftCardNote,
    } : null,
  };
}
