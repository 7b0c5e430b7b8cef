/**
 * The page follows the variant a shopper chooses in a product's `variants-select` pickers, as on
 * the platform: its price shows in the product's `product-price` markup, and its Add To Cart button
 * says sold out and takes no presses while the variant has no stock left (a physical product or a
 * service; digital products and gift cards never sell out). Subscriptions and gift cards keep the
 * formatter's price, which speaks of their plan or values, as the AddToCart island keeps it. The
 * choices are heard at the document, so pickers a template's script puts in later follow too.
 */
import { findVariant, missingOptions } from '../lib/rules.ts';
import { readPageContext } from '../lib/page-context.ts';
import type { MoneyFormat } from '../lib/money.ts';
import { FORMATTER_BUTTON_SELECTOR, GIFT_CARD_PRODUCT_TYPE, nearestOfProduct, readChoices, VARIANTS_SELECTOR, type PickerVariant } from './product-markup.ts';
import { priceElementFor, showVariantPrice } from './variant-price.ts';

/** Product types that sell out (physical 1, service 3). */
const STOCKED_PRODUCT_TYPES: ReadonlySet<number> = new Set([1, 3]);

function isSoldOut(variant: PickerVariant): boolean {
  return !variant.unlimited && variant.qtyInStock <= 0;
}

/** Marks the product's button sold out or not; the buttons' script owns its label and state. */
export type MarkSoldOut = (button: HTMLElement, soldOut: boolean) => void;

function follow(pickers: HTMLElement, format: MoneyFormat | null, markSoldOut: MarkSoldOut): void {
  const itemId = pickers.getAttribute('data-item-id') ?? '';
  const { variants, optionNames, selected } = readChoices(pickers);
  const variant = missingOptions(optionNames, selected).length === 0 ? findVariant(variants, optionNames, selected) : null;
  const button = nearestOfProduct(pickers, FORMATTER_BUTTON_SELECTOR, itemId, 'after');
  const productType = button === null ? null : Number(button.getAttribute('data-product-type'));
  const subscription = pickers.getAttribute('data-is-subscribable') === 'true';
  if (!subscription && productType !== GIFT_CARD_PRODUCT_TYPE) {
    const price = priceElementFor(pickers, itemId);
    if (price !== null) showVariantPrice(price, variant, format);
  }
  if (button !== null) markSoldOut(button, variant !== null && productType !== null && STOCKED_PRODUCT_TYPES.has(productType) && isSoldOut(variant));
}

/** Follows every product's pickers on the page; returns the function that stops it. */
export function followChosenVariants(doc: Document, markSoldOut: MarkSoldOut): () => void {
  const format = readPageContext(doc).moneyFormat ?? null;
  const onChange = (event: Event): void => {
    const control = event.target;
    if (!(control instanceof Element)) return;
    const pickers = control.closest<HTMLElement>(VARIANTS_SELECTOR);
    if (pickers !== null) follow(pickers, format, markSoldOut);
  };
  doc.addEventListener('change', onChange);
  return () => doc.removeEventListener('change', onChange);
}
