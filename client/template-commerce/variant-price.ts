/**
 * A product's `product-price` markup showing the variant chosen in its pickers, as the platform's
 * does once every option is chosen: the variant's price, or its sale price before the original one,
 * in the markup the formatter writes for a product of one variant (the same visually hidden labels),
 * with money in the store's format, the one the server's price formatters use (from the page
 * context). Until a variant is chosen, and again once a choice is undone, the formatter's own markup
 * is back (a 'from' price when the variants cost different amounts).
 */
import { PRICE_LABEL } from '../lib/messages.ts';
import { formatMoney, moneyToCents, type MoneyFormat, type MoneyValue } from '../lib/money.ts';
import { islandSelector } from '../lib/island-root.ts';
import { nextTo, type PickerVariant } from './product-markup.ts';

const PRICE_SELECTOR = '.product-price';
const PRODUCT_PIECE_SELECTOR = '[data-item-id]';
const HIDDEN_LABEL_CLASS = 'visually-hidden v6-visually-hidden';

/**
 * The price the pickers' product shows: in the closest ancestor of the pickers that holds a price,
 * when nothing in it belongs to another product (the price markup names no product, so on a list
 * of products a price is only taken when it is plainly this one's), the one before the pickers when
 * the product is shown more than once there.
 */
export function priceElementFor(pickers: HTMLElement, itemId: string): HTMLElement | null {
  for (let scope = pickers.parentElement; scope !== null; scope = scope.parentElement) {
    const prices = Array.from(scope.querySelectorAll<HTMLElement>(PRICE_SELECTOR)).filter((element) => element.closest(islandSelector()) === null);
    if (prices.length === 0) continue;
    const pieces = Array.from(scope.querySelectorAll(PRODUCT_PIECE_SELECTOR));
    return pieces.every((piece) => piece.getAttribute('data-item-id') === itemId) ? nextTo(pickers, prices, 'before') : null;
  }
  return null;
}

function money(value: MoneyValue | null, format: MoneyFormat | null): string {
  const { cents, currency } = moneyToCents(value);
  return formatMoney(cents, currency, format);
}

function hiddenLabel(text: string): HTMLElement {
  const label = document.createElement('span');
  label.className = HIDDEN_LABEL_CLASS;
  label.textContent = text;
  return label;
}

/** The variant's price as the formatter writes a one-variant product's: the line breaks too. */
function variantPriceNodes(variant: PickerVariant, format: MoneyFormat | null): Node[] {
  if (!variant.onSale) return [document.createTextNode(`\n${money(variant.priceMoney, format)}\n`)];
  const original = document.createElement('span');
  original.className = 'original-price';
  original.textContent = money(variant.priceMoney, format);
  return [
    document.createTextNode('\n'),
    hiddenLabel(PRICE_LABEL.sale),
    document.createTextNode(`${money(variant.salePriceMoney, format)} `),
    hiddenLabel(PRICE_LABEL.original),
    original,
    document.createTextNode('\n\n'),
  ];
}

/** The formatter's own markup of each price shown for a variant, to put back. */
const formatterMarkup = new WeakMap<HTMLElement, Node[]>();

/** Shows the variant's price in the element, or (null) the formatter's markup again. */
export function showVariantPrice(price: HTMLElement, variant: PickerVariant | null, format: MoneyFormat | null): void {
  const own = formatterMarkup.get(price);
  if (variant === null) {
    if (own !== undefined) price.replaceChildren(...own);
    formatterMarkup.delete(price);
    delete price.dataset.variantId;
    return;
  }
  if (own === undefined) formatterMarkup.set(price, Array.from(price.childNodes));
  price.replaceChildren(...variantPriceNodes(variant, format));
  // which variant's price is shown, for a template's stylesheet or script
  price.dataset.variantId = variant.id;
}
