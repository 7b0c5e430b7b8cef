/**
 * Makes the commerce formatters' Add To Cart buttons work on a developer template's pages, as the
 * platform's commerce script does on any template: a press (a click, or Enter or Space, the button
 * being a div with role="button") reads the product's chosen variant and quantity from its pickers
 * and box, checks them and adds through the steps the AddToCart island uses, asking the product's
 * extra-fields form first when it has one, and says the outcome next to the button. A gift card goes
 * to its own purchase page and a subscription to its checkout, as from the island. Buttons a
 * template's script, a lightbox or an endless scroll puts in the page later are taken over as they
 * arrive, each once.
 */
import { ADD_TO_CART, ADD_TO_CART_STATUS, ALERT_TITLE, REQUEST } from '../lib/messages.ts';
import { reportError } from '../lib/error-reporting.ts';
import { findVariant } from '../lib/rules.ts';
import { subscribeCart, type ShoppingCart } from '../lib/cart.ts';
import {
  addToCart, checkBeforeAdding, checkStockBeforeForm, describeAddition, subscribeAndCheckOut, type CartVariant,
} from '../lib/add-to-cart-steps.ts';
import { fetchStock } from '../lib/store-calls.ts';
import { islandSelector } from '../lib/island-root.ts';
import { PAGE_PATHS } from '../lib/api-paths.ts';
import { navigation } from '../lib/navigation.ts';
import { buttonFacts, FORMATTER_BUTTON_SELECTOR, formatterButtons, GIFT_CARD_PRODUCT_TYPE, readPickers, type ButtonFacts, type ProductPickers } from './product-markup.ts';
import { buttonFeedback, type ButtonFeedback } from './button-feedback.ts';
import { keepPickersTogether } from './picker-sync.ts';
import { followChosenVariants } from './chosen-variant.ts';

/** The cart as last heard of on the page, for the stock rule (what the cart already holds). */
interface CartHolder {
  cart: ShoppingCart | null;
}

/**
 * A product of one variant has no pickers (variants-select writes nothing where there is no
 * choice), so the page does not list it: the store's stock call (the one the island asks) gives
 * its SKU and stock.
 */
async function variantsFromStock(itemId: string): Promise<CartVariant[] | { message: string }> {
  const stock = await fetchStock(itemId);
  if (!stock.ok) return { message: stock.message };
  return (stock.data?.results ?? []).map((result) => ({
    id: result.variantId ?? '', sku: result.sku ?? '', attributes: {}, qtyInStock: result.qtyInStock, unlimited: result.unlimited,
  }));
}

/** The added line's product name, as the store's answer names it. */
function productNameIn(cart: ShoppingCart, itemId: string): string {
  return cart.entries.find((entry) => entry.itemId === itemId)?.title ?? '';
}

async function add(
  facts: ButtonFacts, pickers: ProductPickers, variant: CartVariant, quantity: number, additionalFields: string | null,
  feedback: ButtonFeedback, holder: CartHolder,
): Promise<void> {
  feedback.adding();
  const outcome = await addToCart({ itemId: facts.itemId, variant, sku: variant.sku, quantity, additionalFields, cart: holder.cart });
  if (!outcome.ok) {
    feedback.refused(ALERT_TITLE.addItem, outcome.message);
    return;
  }
  holder.cart = outcome.cart;
  const name = productNameIn(outcome.cart, facts.itemId);
  feedback.added(ADD_TO_CART_STATUS.added(describeAddition(name, pickers.optionNames, variant, quantity)));
}

async function press(button: HTMLElement, feedback: ButtonFeedback, holder: CartHolder): Promise<void> {
  feedback.clear();
  const facts = buttonFacts(button);
  const pickers = readPickers(button, facts.itemId);
  const giftCard = facts.productType === GIFT_CARD_PRODUCT_TYPE;
  let variants: CartVariant[] | null = pickers.variants;
  if (variants === null) {
    feedback.adding();
    const listed = await variantsFromStock(facts.itemId);
    if (!Array.isArray(listed)) {
      feedback.refused(giftCard ? ALERT_TITLE.giftCard : ALERT_TITLE.addItem, listed.message);
      return;
    }
    variants = listed;
  }
  if (giftCard) {
    // a gift card is bought on its own page, for the value chosen (its only one when it has one)
    const card = pickers.optionNames.length === 0 ? variants[0] ?? null : findVariant(variants, pickers.optionNames, pickers.selected);
    if (card === null) feedback.refused(ALERT_TITLE.giftCard, ADD_TO_CART.giftCardDenomination);
    else navigation.assign(PAGE_PATHS.giftCard(facts.itemId, card.sku));
    return;
  }
  const check = checkBeforeAdding({
    itemId: facts.itemId, variants, optionNames: pickers.optionNames, selected: pickers.selected,
    quantityText: pickers.quantityText, cart: holder.cart, ownCart: facts.isSubscription,
  });
  if (!check.ok) {
    feedback.refused(ALERT_TITLE.addItem, check.message);
    return;
  }
  const { variant, quantity } = check;
  if (facts.isSubscription) {
    feedback.adding();
    const refusal = await subscribeAndCheckOut(facts.itemId, variant.sku, quantity);
    if (refusal) feedback.refused(ALERT_TITLE.addItem, refusal.message);
    return;
  }
  const form = facts.form;
  if (form) {
    feedback.adding();
    const stock = await checkStockBeforeForm(facts.itemId, variant, variant.sku, quantity, holder.cart);
    if (!stock.ok) {
      feedback.refused(ALERT_TITLE.addItem, stock.message);
      return;
    }
    holder.cart = stock.cart;
    // the lightbox (React and the form's fields) loads only for a product that asks it, the button busy meanwhile
    const { openExtraFieldsForm } = await import('./extra-fields-dialog.tsx');
    feedback.idle();
    openExtraFieldsForm(form, (answers) => add(facts, pickers, variant, quantity, answers, feedback, holder));
    return;
  }
  await add(facts, pickers, variant, quantity, null, feedback, holder);
}

/** The feedback of each button taken over, which also tells that it is (a button is taken over once). */
const attached = new WeakMap<HTMLElement, ButtonFeedback>();

function attachButton(button: HTMLElement, holder: CartHolder): () => void {
  const feedback = buttonFeedback(button);
  attached.set(button, feedback);
  const activate = (event: Event): void => {
    event.preventDefault();
    // adding, added and the pause after an error all ignore presses, as the island's button does
    if (feedback.state() !== 'idle' || feedback.isSoldOut()) return;
    // the calls never throw; what can (the form's code not loading) is reported, and the shopper told to try again
    press(button, feedback, holder).catch((error: unknown) => {
      reportError(error);
      feedback.refused(ALERT_TITLE.addItem, REQUEST.tryAgain);
    });
  };
  const onKey = (event: KeyboardEvent): void => {
    if (event.key === 'Enter' || event.key === ' ') activate(event);
  };
  button.addEventListener('click', activate);
  button.addEventListener('keydown', onKey);
  return () => {
    button.removeEventListener('click', activate);
    button.removeEventListener('keydown', onKey);
    feedback.remove();
    attached.delete(button);
  };
}

/** The formatter buttons in what was added to the page: the added element itself or inside it. */
function buttonsIn(added: Node): HTMLElement[] {
  if (!(added instanceof HTMLElement)) return [];
  const inside = formatterButtons(added);
  return added.matches(FORMATTER_BUTTON_SELECTOR) && added.closest(islandSelector()) === null ? [added, ...inside] : inside;
}

/** Attaches every formatter button of the page not attached yet, and those added later; returns the function that detaches them. */
export function attachFormatterButtons(root: Document = document): () => void {
  const holder: CartHolder = { cart: null };
  const unsubscribe = subscribeCart((cart) => {
    holder.cart = cart;
  });
  const detachers: Array<() => void> = [];
  const attachNew = (buttons: HTMLElement[]): void => {
    for (const button of buttons) if (!attached.has(button)) detachers.push(attachButton(button, holder));
  };
  attachNew(formatterButtons(root));
  const arrivals = new MutationObserver((records) => {
    for (const record of records) for (const added of Array.from(record.addedNodes)) attachNew(buttonsIn(added));
  });
  arrivals.observe(root, { childList: true, subtree: true });
  // after the pickers are kept together, so a radio button's choice is in its dropdown when read
  const separatePickers = keepPickersTogether(root);
  const stopFollowing = followChosenVariants(root, (button, soldOut) => attached.get(button)?.soldOut(soldOut));
  return () => {
    arrivals.disconnect();
    unsubscribe();
    separatePickers();
    stopFollowing();
    for (const detach of detachers) detach();
  };
}
