/**
 * An order's invoice, for the customer: a printable page at /config/orders/{orderId}/invoice,
 * opened by **Print invoice** on the order's screen, for those who may read orders (as the packing
 * slips). Written in the store's language and money format (INVOICE in client/lib/messages.ts),
 * its dates in the store's time zone: the seller (Settings' business address and VAT number),
 * the buyer, the invoice's number (the order's) and date (the day it was placed, which is also the
 * date of supply), each line with its quantity, unit price, tax rate and amount, then the
 * discount, shipping, net amount, the tax on the net amount it was charged on, and the total, all
 * the order's own figures (invoice-totals.ts). Refunds and a cancellation after it leave the
 * invoice as it was, with a note of each refund's amount and day; no credit note is numbered.
 * Without the seller's name and address, the page says so and links to Settings rather than
 * printing an invoice without a seller. The page is the engine's, from templates/invoice.html.tmpl.
 */
import { Router, type Request, type Response } from 'express';
import type { Template } from '../../engine/index.ts';
import { loadShippedTemplate } from '../shipped-template.ts';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { ADMIN_PATHS } from '../../client/lib/admin-paths.ts';
import { CART, CHECKOUT, EMAIL_WORDS, INVOICE } from '../../client/lib/messages.ts';
import { TAX_TENTHS_IN_WHOLE } from '../../client/lib/tax-rate.ts';
import { shippingCostText, shownWithFreeShippingCode } from '../../client/lib/shipping-cost.ts';
import type { AppDeps } from '../deps.ts';
import { AdminOrderRepository, type AdminOrderDetail } from '../db/admin-order-repository.ts';
import { AdminSettingsRepository } from '../db/admin-settings-repository.ts';
import { DiscountCodeRepository } from '../db/discount-code-repository.ts';
import { OrderRefundRepository, type OrderRefundRecord } from '../db/order-refund-repository.ts';
import { storeSettingsOf } from '../db/site-repository.ts';
import { businessAddressLines, businessAddressOf, type BusinessAddress } from '../commerce/business-address.ts';
import { moneyTextIn } from '../commerce/money-format.ts';
import { PRODUCT_TYPE } from '../commerce/pricing.ts';
import { taxNameOf } from '../commerce/tax-name.ts';
import { vatNumberOf } from '../commerce/vat-number.ts';
import { storeLocale } from '../pages/base-context.ts';
import { inStoreLanguage } from '../pages/store-language.ts';
import { platformMessages } from '../platform-messages.ts';
import { cspNonce } from '../security/content-security-policy.ts';
import { roleAllows } from '../security/owner-permissions.ts';
import { resolveSiteUser } from '../security/site-user.ts';
import { recordId } from './admin-validation.ts';
import { invoiceTotalsOf } from './invoice-totals.ts';
import { typesOfLines } from './order-line-types.ts';
import { storeTimeZone } from './order-period.ts';
import { printablePageRefusal } from './printable-page-refusal.ts';
import { shipToLines } from './ship-to-lines.ts';

/** The route: ADMIN_PATHS.invoice's address, its order id a parameter. */
export const INVOICE_PATH = `${ADMIN_PATHS.order('')}:orderId/invoice`;

let template: Template | undefined;
function invoiceTemplate(): Template {
  template ??= loadShippedTemplate(new URL('./templates/invoice.html.tmpl', import.meta.url), 'invoice.html.tmpl');
  return template;
}

/** An invoice names its seller: the business name, a street and a town at least. */
function hasSeller(address: BusinessAddress): boolean {
  return address.name !== '' && address.line1 !== '' && address.city !== '';
}

/** When the order last moved to `status` (its history, oldest first); null when it never did. */
function movedOn(order: AdminOrderDetail, status: 'refunded' | 'cancelled'): number | null {
  return order.history.filter((move) => move.status === status).at(-1)?.on ?? null;
}

/**
 * Each refund since the invoice, oldest first: those of part of the order, then what a whole
 * refund gave back of the rest (the total less those) on the day it was made.
 */
function refundsOf(order: AdminOrderDetail, partial: readonly OrderRefundRecord[]): Array<{ cents: number; on: number }> {
  const refunds = partial.map((refund) => ({ cents: refund.amountCents, on: refund.createdOn })).sort((a, b) => a.on - b.on);
  const refundedOn = order.status === 'refunded' ? movedOn(order, 'refunded') : null;
  const rest = order.grandTotalCents - refunds.reduce((sum, refund) => sum + refund.cents, 0);
  if (refundedOn !== null && rest > 0) refunds.push({ cents: rest, on: refundedOn });
  return refunds;
}

interface InvoiceInput {
  order: AdminOrderDetail;
  store: Record<string, unknown>;
  seller: BusinessAddress;
  types: Map<string, number>;
  discountUse: { code: string; kind: string } | null;
  refunds: readonly OrderRefundRecord[];
  locale: string;
  zone: string;
}

/** What the template prints, in the store's language (run inside inStoreLanguage). */
function invoiceView({ order, store, seller, types, discountUse, refunds, locale, zone }: InvoiceInput) {
  const money = moneyTextIn(order.currency, locale);
  const day = (on: number) => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: zone }).format(on);
  const isGiftCard = (line: AdminOrderDetail['lines'][number]) => types.get(`${order.id}:${line.variantId}`) === PRODUCT_TYPE.GIFT_CARD;
  const rate = order.taxRateTenths === null ? ''
    : new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 3 }).format(order.taxRateTenths / TAX_TENTHS_IN_WHOLE);
  // what the order's rows called the tax when it was placed (the shop's name now for an older order), or the platform's word
  const taxName = order.taxNameThen ?? taxNameOf(store);
  const taxWord = taxName === '' ? CART.tax : taxName;
  const taxWithRate = rate === '' ? taxWord : `${taxWord} ${rate}`;
  // the discount and shipping as the confirmation page shows them: a free-shipping code's part is
  // the shipping's, `Free with code CODE`, rather than a deduction
  const freeShippingCode = discountUse?.kind === 'free-shipping' ? discountUse.code : null;
  const shown = shownWithFreeShippingCode(order.shippingCents, order.discountCents, freeShippingCode);
  const giftCardsSold = order.lines.filter(isGiftCard).reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  const totals = invoiceTotalsOf({ ...order, discountCents: shown.discountCents, shippingCents: shown.shippingCents }, giftCardsSold);
  const refundedOn = refundsOf(order, refunds);
  const cancelledOn = order.status === 'cancelled' ? movedOn(order, 'cancelled') : null;
  return {
    words: { ...EMAIL_WORDS, ...INVOICE },
    title: `${INVOICE.title} ${invoiceNumberOf(order)}`,
    invoiceNumber: invoiceNumberOf(order),
    invoiceDate: day(order.createdOn),
    seller: businessAddressLines(seller, locale),
    vatNumber: vatNumberOf(store),
    buyer: {
      name: order.name ?? '',
      address: shipToLines(order.shippingAddress, locale),
      email: order.email ?? '',
    },
    lines: order.lines.map((line) => ({
      productName: line.productName,
      variantLabel: line.variantLabel,
      billingInterval: line.billingInterval,
      quantity: line.quantity,
      unitPrice: money(line.unitPriceCents),
      // a gift card sold bears no tax until it is spent
      rate: isGiftCard(line) ? '' : rate,
      amount: money(line.unitPriceCents * line.quantity),
    })),
    // a name that ends with its own full stop (MwSt.) ends the sentence too
    pricesNote: (order.taxIncluded ? INVOICE.pricesIncludeTax(taxWord) : INVOICE.pricesExcludeTax(taxWord)).replace(/\.\.$/, '.'),
    subtotal: money(totals.subtotalCents),
    discount: shown.discountCents > 0
      ? { label: discountUse ? CHECKOUT.discountLine(discountUse.code) : CART.discount, amount: money(-shown.discountCents) } : null,
    // an order that ships (or paid for shipping) has the row, `Free` or `Free with code CODE` when nothing was paid
    shipping: order.shippingCents > 0 || order.shippingAddress !== null ? shippingCostText(shown.shippingCents, money, shown.freeWithCode) : '',
    net: money(totals.netCents),
    taxRow: { label: INVOICE.taxOn(taxWithRate, money(totals.taxedNetCents)), amount: money(totals.taxCents) },
    untaxed: totals.untaxedNetCents > 0 ? money(totals.untaxedNetCents) : '',
    total: money(totals.grossCents),
    testOrder: order.testMode ? EMAIL_WORDS.testOrder : '',
    refunds: refundedOn.map((refund) => INVOICE.refundOn(money(refund.cents), day(refund.on))),
    cancelled: cancelledOn === null ? '' : INVOICE.cancelledOn(day(cancelledOn)),
  };
}

/** The invoice's number: the order's, as the customer knows it (its id for an order from before numbers). */
function invoiceNumberOf(order: AdminOrderDetail): string {
  return order.orderNumber ?? order.id;
}

export function createInvoicePage(deps: AppDeps): Router {
  const router = Router();
  router.get(INVOICE_PATH, async (req: Request<{ orderId: string }>, res: Response) => {
    const refuse = (status: number, message: string) => printablePageRefusal(res, status, 'Invoice', message);
    const user = await resolveSiteUser(deps, req);
    if (!user) return refuse(401, platformMessages.signInRequired);
    if (!roleAllows(user.contributorRole, 'orders.read')) return refuse(403, platformMessages.permissionDenied);
    const orderId = recordId.safeParse(req.params.orderId);
    const order = orderId.success ? await new AdminOrderRepository(deps.store, deps.log).findById(orderId.data) : undefined;
    if (!order) return refuse(404, ADMIN.server.orderNotFound);
    const settings = new AdminSettingsRepository(deps.store);
    const website = await settings.read('website');
    const store = storeSettingsOf(await settings.read('websiteSettings'));
    const seller = businessAddressOf(store);
    const backTo = ADMIN_PATHS.order(order.id);
    const nonce = cspNonce(res);
    const locale = storeLocale(website);
    const [types, discountUse, refunds] = await Promise.all([
      typesOfLines(deps.store, [order.id]), new DiscountCodeRepository(deps.store).useOf(order.id), new OrderRefundRepository(deps.store).ofOrder(order.id),
    ]);
    const view = hasSeller(seller)
      ? inStoreLanguage(locale, () => invoiceView({ order, store, seller, types, discountUse, refunds, locale, zone: storeTimeZone(website) }))
      : null;
    // no seller to print: the owner is told what to add, in the admin's words, rather than given an invoice without one
    const rendered = invoiceTemplate().render(view === null
      ? { noSeller: { message: ADMIN.invoiceNeedsSeller, settings: ADMIN_PATHS.screen('settings'), linkText: ADMIN.invoiceOpenSettings }, backTo, nonce }
      : { invoice: view, backTo, nonce });
    if (rendered.errors.length > 0) throw new Error(`invoice.html.tmpl: ${rendered.errors[0]!.message}`);
    res.status(view === null ? 409 : 200).set('Cache-Control', 'no-store').type('html').send(rendered.html);
  });
  return router;
}
