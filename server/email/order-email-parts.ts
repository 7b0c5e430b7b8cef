/**
 * What the store's order emails share: their templates (server/email/templates/*.tmpl, rendered
 * by the engine), the order as the shopper saw it at checkout, and the parts of it the templates
 * print (lines, totals with a discount code's and a gift card's parts, address), in the store's
 * money format.
 */
import { discountParts, giftCardParts } from '../commerce/order-deductions.ts';
import type { Template } from '../../engine/index.ts';
import { loadShippedTemplate } from '../shipped-template.ts';
import { CHECKOUT, DOWNLOADS } from '../../client/lib/messages.ts';
import { shippingCostText, shownWithFreeShippingCode } from '../../client/lib/shipping-cost.ts';
import { moneyTextIn } from '../commerce/money-format.ts';
import { taxRowParts } from '../commerce/tax-row-parts.ts';
import type { DownloadLink } from '../commerce/download-grants.ts';
import type { ReadableAnswer } from '../commerce/answers-in-words.ts';

/** An order as its emails tell it. */
export interface OrderEmailInput {
  orderId: string;
  orderNumber: number;
  siteTitle: string;
  currency: string;
  locale: string;
  testMode: boolean;
  customerName: string;
  customerEmail: string;
  recipientEmail: string;
  addressLines: string[];
  lines: Array<{
    productName: string; variantLabel: string; quantity: number; unitPriceCents: number; billingInterval: string; fileMissing?: boolean;
    /** The line's answers to its product's extra-field form, in words (`Initials: AE`); none without. */
    answers?: readonly ReadableAnswer[];
  }>;
  /** The download links of the order's digital lines that have a file (download-grants.ts); none for other orders. */
  downloads?: DownloadLink[];
  subtotalCents: number;
  shippingName: string | null;
  shippingCents: number;
  taxCents: number;
  /** The prices included the tax: it is part of totalCents, said under the total rather than added. */
  taxIncluded?: boolean;
  /** What the shop calls its tax ('' or absent: the platform's words, tax-label.ts). */
  taxName?: string;
  /** The rate it was taxed at, in tenths of a basis point, said beside the tax (null or absent: not said). */
  taxRateTenths?: number | null;
  totalCents: number;
  /** What a gift card paid of the total (its last four characters only); null when none did. */
  giftCard?: { last4: string; amountCents: number } | null;
  /** The discount code the order used and what it took off (goods and shipping together); null without one. */
  discount?: { code: string; amountCents: number; freeShipping?: boolean } | null;
  /** The store's address (the website's baseUrl), for absolute links; empty when it is not known. */
  baseUrl: string;
  /** The shopper's confirmation page, from the store's address. */
  confirmationPath: string;
  /** The shop's business address as lines (Settings), at the foot of the shopper's emails; none when not given. */
  shopAddress?: string[];
  /** Variants the order brought down to the owner's running-low figure, with how many are left (the owner's notice names them). */
  runningLow?: Array<{ productName: string; variantLabel: string; sku: string; left: number }>;
}

/** An email's HTML and text templates, compiled once. */
export interface EmailTemplates {
  html: Template;
  text: Template;
}

function load(name: string): Template {
  return loadShippedTemplate(new URL(`./templates/${name}`, import.meta.url), name);
}

const loaded = new Map<string, EmailTemplates>();

/** The templates `NAME.html.tmpl` and `NAME.txt.tmpl`, compiled on first use and kept for the process. */
export function loadEmailTemplates(name: string): EmailTemplates {
  let templates = loaded.get(name);
  if (templates === undefined) loaded.set(name, (templates = { html: load(`${name}.html.tmpl`), text: load(`${name}.txt.tmpl`) }));
  return templates;
}

/** The order's parts as the templates print them. */
export function orderParts(input: OrderEmailInput) {
  const money = moneyTextIn(input.currency, input.locale);
  // a free-shipping code's part reads as the shipping free with that code, as on the checkout and the confirmation page
  const shown = shownWithFreeShippingCode(input.shippingCents, input.discount?.amountCents ?? 0, input.discount?.freeShipping ? input.discount.code : null);
  return {
    siteTitle: input.siteTitle,
    orderNumber: CHECKOUT.orderNumber(input.orderNumber),
    customerName: input.customerName,
    customerEmail: input.customerEmail,
    testMode: input.testMode,
    recipientEmail: input.recipientEmail,
    lines: input.lines.map((line) => ({
      productName: line.productName,
      variantLabel: line.variantLabel,
      quantity: line.quantity,
      billingInterval: line.billingInterval,
      lineTotal: money(line.unitPriceCents * line.quantity),
      // said only in the owner's new-order email
      fileMissing: line.fileMissing ? DOWNLOADS.noFileForOwner : '',
      answers: (line.answers ?? []).map((answer) => ({ label: oneLine(answer.label), value: oneLine(answer.value) })),
    })),
    // an absolute link where the store knows its address; the path otherwise, still worth quoting to the shop
    downloads: (input.downloads ?? []).map((link) => ({ label: link.label, terms: link.terms, url: storeLink(input.baseUrl, link.path) ?? link.path })),
    downloadsHeading: DOWNLOADS.heading,
    // the shopper's confirmation: a digital line bought without a file has no link, so say the shop sends it
    filesToFollow: input.lines.filter((line) => line.fileMissing).map((line) => DOWNLOADS.fileToFollow(line.productName)),
    subtotal: money(input.subtotalCents),
    discount: discountParts(input.discount ? { code: input.discount.code, amountCents: shown.discountCents } : null, money),
    shippingName: input.shippingName,
    shipping: shippingCostText(shown.shippingCents, money, shown.freeWithCode),
    tax: money(input.taxCents),
    ...taxRowParts(input.taxName ?? '', input.taxIncluded === true, input.taxRateTenths ?? null),
    total: money(input.totalCents),
    giftCard: giftCardParts(input.giftCard ?? null, input.totalCents, money),
    // the addressee first, as on a label and the order's page
    shippingAddress: input.addressLines.length > 0 ? { addressLines: [input.customerName, ...input.addressLines].filter((line) => line !== '') } : null,
    shopAddress: shopAddressPart(input.shopAddress ?? []),
  };
}

/**
 * Shopper's text on one line: the text email lists each answer on its own indented line under its
 * item, which a line break or control character in an answer would break up (HTML folds them anyway).
 */
function oneLine(text: string): string {
  return text.replace(/[\s\u0000-\u001f\u007f]+/g, ' ').trim();
}

/** The shop's business address at the foot of an email to a shopper, where a shop prints it: null when none was given. */
export function shopAddressPart(lines: string[]): string[] | null {
  return lines.length > 0 ? lines : null;
}

/** An absolute link to `path` on the store, or null when the store does not know its address. */
export function storeLink(baseUrl: string, path: string): string | null {
  return baseUrl ? new URL(path, baseUrl).href : null;
}

/**
 * The pieces several emails write alike, each in one place (`templates/partials/`): `{@|apply NAME}`
 * gives `NAME.html.tmpl` in an HTML template and `NAME.txt.tmpl` in a text one.
 */
const PARTIAL_NAMES = ['tax-row'] as const;

interface EmailPartials {
  html: Record<string, Template>;
  text: Record<string, Template>;
}

let partials: EmailPartials | undefined;

function emailPartials(): EmailPartials {
  if (partials === undefined) {
    const piece = (file: string): Template => loadShippedTemplate(new URL(`./templates/partials/${file}`, import.meta.url), file, { partial: true });
    partials = {
      html: Object.fromEntries(PARTIAL_NAMES.map((name) => [name, piece(`${name}.html.tmpl`)])),
      text: Object.fromEntries(PARTIAL_NAMES.map((name) => [name, piece(`${name}.txt.tmpl`)])),
    };
  }
  return partials;
}

/** Renders both templates with `context`; the text ends with one line break. */
export function renderEmail(templates: EmailTemplates, context: Record<string, unknown>, label: string): { html: string; text: string } {
  const pieces = emailPartials();
  const html = templates.html.render(context, { partials: pieces.html });
  const text = templates.text.render(context, { partials: pieces.text });
  const errors = [...html.errors, ...text.errors];
  if (errors.length > 0) throw new Error(`${label}: ${errors[0]!.message}`);
  return { html: html.html, text: text.html.trim() + '\n' };
}
