/**
 * Reading the markup the commerce formatters write (engine/plugins/commerce/templates/): the
 * `add-to-cart-btn` button with its product's id, type, label and extra-fields form, the
 * `variants-select` pickers with the product's variants, and the `quantity-input` box. The pieces of
 * one product share its `data-item-id`; a product shown twice on a page (a card and a block, say)
 * pairs each button with the pickers and box nearest to it.
 */
import type { ExtraFieldsForm } from '../components/ExtraFieldsLightbox.tsx';
import type { CartVariant } from '../lib/add-to-cart-steps.ts';
import type { MoneyValue } from '../lib/money.ts';
import { extraFieldsFormFrom } from '../lib/extra-fields-form.ts';
import { islandSelector } from '../lib/island-root.ts';

/** The formatter's button (the AddToCart island's own button carries no data-item-id). */
export const FORMATTER_BUTTON_SELECTOR = '.sqs-add-to-cart-button[data-item-id]';
export const VARIANTS_SELECTOR = '.product-variants[data-item-id]';
const QUANTITY_SELECTOR = '.product-quantity-input[data-item-id]';
/** The product type of a gift card, bought on its own page rather than put in the cart. */
export const GIFT_CARD_PRODUCT_TYPE = 4;

/** The formatters' buttons in a page, leaving out any inside an island. */
export function formatterButtons(root: ParentNode): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FORMATTER_BUTTON_SELECTOR)).filter((button) => button.closest(islandSelector()) === null);
}

export interface ButtonFacts {
  itemId: string;
  productType: number;
  isSubscription: boolean;
  /** The product's extra-fields form, asked before the add; null when it has none. */
  form: ExtraFieldsForm | null;
}

function parsedAttribute(element: Element, name: string): unknown {
  try {
    return JSON.parse(element.getAttribute(name) ?? '');
  } catch {
    return null;
  }
}

export function buttonFacts(button: HTMLElement): ButtonFacts {
  return {
    itemId: button.getAttribute('data-item-id') ?? '',
    productType: Number(button.getAttribute('data-product-type')),
    isSubscription: button.getAttribute('data-is-subscription') === 'true',
    form: button.classList.contains('use-form') ? extraFieldsFormFrom(parsedAttribute(button, 'data-form')) : null,
  };
}

/** Where a piece of a product usually stands from another: the pickers before the button, the price before the pickers. */
export type Side = 'before' | 'after';

/**
 * Of several pieces in one container, the one next to `from` on the side it usually stands on (the
 * last one before it, or the first one after it), else the nearest on the other side: a product
 * shown twice in one container (two quick views, say) pairs each piece with its own neighbours.
 */
export function nextTo(from: Node, candidates: readonly HTMLElement[], side: Side): HTMLElement | null {
  const before = candidates.filter((candidate) => (candidate.compareDocumentPosition(from) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0);
  const after = candidates.filter((candidate) => !before.includes(candidate));
  const lastBefore = before[before.length - 1] ?? null;
  const firstAfter = after[0] ?? null;
  return side === 'before' ? lastBefore ?? firstAfter : firstAfter ?? lastBefore;
}

/** The element of `selector` for the same product nearest `from` (a button or the pickers): in its closest ancestor that holds one. */
export function nearestOfProduct(from: HTMLElement, selector: string, itemId: string, side: Side): HTMLElement | null {
  for (let scope = from.parentElement; scope !== null; scope = scope.parentElement) {
    const found = Array.from(scope.querySelectorAll<HTMLElement>(selector)).filter((element) => element.getAttribute('data-item-id') === itemId);
    if (found.length > 0) return nextTo(from, found, side);
  }
  return null;
}

/** A variant as the pickers' data-variants carries it: what the cart needs, and what the price shows. */
export interface PickerVariant extends CartVariant {
  priceMoney: MoneyValue | null;
  salePriceMoney: MoneyValue | null;
  onSale: boolean;
}

export interface ProductPickers {
  /** The product's variants as the pickers carry them; null without pickers (a product with no options). */
  variants: PickerVariant[] | null;
  /** Option names in the pickers' order. */
  optionNames: string[];
  /** The values chosen, in the dropdowns or (when a template shows them instead) the radio buttons. */
  selected: Record<string, string>;
  /** The quantity box's text; null when the page shows none. */
  quantityText: string | null;
}

function asMoney(value: unknown): MoneyValue | null {
  return value !== null && typeof value === 'object' ? (value as MoneyValue) : null;
}

function asVariant(value: unknown): PickerVariant | null {
  if (value === null || typeof value !== 'object') return null;
  const record = value as Record<string, unknown>;
  if (typeof record.sku !== 'string') return null;
  const attributes: Record<string, string> = {};
  if (record.attributes !== null && typeof record.attributes === 'object') {
    for (const [name, option] of Object.entries(record.attributes)) if (typeof option === 'string') attributes[name] = option;
  }
  return {
    id: typeof record.id === 'string' ? record.id : '',
    sku: record.sku,
    attributes,
    qtyInStock: typeof record.qtyInStock === 'number' ? record.qtyInStock : 0,
    unlimited: record.unlimited === true,
    priceMoney: asMoney(record.priceMoney),
    salePriceMoney: asMoney(record.salePriceMoney),
    onSale: record.onSale === true,
  };
}

function chosenValue(pickers: HTMLElement, select: HTMLSelectElement, name: string): string {
  if (select.value !== '') return select.value;
  const radios = Array.from(pickers.querySelectorAll<HTMLInputElement>('input.variant-radiobtn'));
  return radios.find((radio) => radio.checked && radio.closest('[data-variant-option-name]')?.getAttribute('data-variant-option-name') === name)?.value ?? '';
}

/** The variants and the choices of one product's pickers. */
export function readChoices(pickers: HTMLElement): Omit<ProductPickers, 'quantityText'> & { variants: PickerVariant[] } {
  const listed = parsedAttribute(pickers, 'data-variants');
  const variants = Array.isArray(listed) ? listed.map(asVariant).filter((variant): variant is PickerVariant => variant !== null) : [];
  const optionNames: string[] = [];
  const selected: Record<string, string> = {};
  for (const select of Array.from(pickers.querySelectorAll<HTMLSelectElement>('select[data-variant-option-name]'))) {
    const name = select.getAttribute('data-variant-option-name') ?? '';
    optionNames.push(name);
    const value = chosenValue(pickers, select, name);
    if (value !== '') selected[name] = value;
  }
  return { variants, optionNames, selected };
}

/** What the shopper chose for the button's product, read when the button is pressed. */
export function readPickers(button: HTMLElement, itemId: string): ProductPickers {
  const pickers = nearestOfProduct(button, VARIANTS_SELECTOR, itemId, 'before');
  const quantityBox = nearestOfProduct(button, QUANTITY_SELECTOR, itemId, 'before')?.querySelector('input') ?? null;
  const quantityText = quantityBox === null ? null : quantityBox.value;
  if (pickers === null) return { variants: null, optionNames: [], selected: {}, quantityText };
  return { ...readChoices(pickers), quantityText };
}
