/**
 * What a formatter's Add To Cart button shows while it works, as the AddToCart island's button
 * does: its label goes 'Adding…', then 'Added!', then back to its own; it is disabled (aria-disabled,
 * and presses are ignored) until then; and a region placed after it says the outcome, a polite status
 * for an add and an alert with the island's title and message for a refusal. The status says the
 * add is under way too, as the island's does, since a label changing inside the focused button is
 * not announced. The region is there from the start, empty, so screen readers announce what is
 * written into it. A chosen variant with no stock left labels the button sold out and disables it,
 * as the island's sold-out button.
 */
import { ADD_TO_CART_STATUS, BUTTON } from '../lib/messages.ts';
import { BUTTON_DELAYS } from '../lib/add-to-cart-steps.ts';

export type ButtonState = 'idle' | 'adding' | 'added' | 'error';

export interface ButtonFeedback {
  readonly state: () => ButtonState;
  /** The store is being asked: the label and the status say so and presses are ignored. */
  adding: () => void;
  /** The chosen variant is sold out (true) or not: the button says so and takes no presses. */
  soldOut: (isSoldOut: boolean) => void;
  readonly isSoldOut: () => boolean;
  /** Added: the status says what, and the label says 'Added!' before returning to its own. */
  added: (status: string) => void;
  /** Refused: the alert says why, and the button takes presses again after a pause. */
  refused: (title: string, message: string) => void;
  /** Back to its label at once, the status quiet again (a form opens instead of the add). */
  idle: () => void;
  /** Empties the status and the alert before a new press. */
  clear: () => void;
  /** Stops pending label changes and takes the region away. */
  remove: () => void;
}

const LABEL_SELECTOR = '.sqs-add-to-cart-button-inner';
const WRAPPER_SELECTOR = '.sqs-add-to-cart-button-wrapper';

function element(tag: string, className: string, text = ''): HTMLElement {
  const made = document.createElement(tag);
  made.className = className;
  made.textContent = text;
  return made;
}

export function buttonFeedback(button: HTMLElement): ButtonFeedback {
  const label = button.querySelector<HTMLElement>(LABEL_SELECTOR) ?? button;
  const ownLabel = label.textContent ?? '';
  const region = element('div', 'sqs-add-to-cart-feedback');
  const status = element('div', 'sqs-add-to-cart-status');
  status.setAttribute('role', 'status');
  status.setAttribute('aria-live', 'polite');
  const alert = element('div', 'sqs-add-to-cart-alert');
  alert.setAttribute('role', 'alert');
  region.append(status, alert);
  (button.closest(WRAPPER_SELECTOR) ?? button).after(region);

  let state: ButtonState = 'idle';
  let soldOut = false;
  const timers: ReturnType<typeof setTimeout>[] = [];
  const later = (ms: number, action: () => void): void => {
    timers.push(setTimeout(action, ms));
  };
  const show = (next: ButtonState): void => {
    state = next;
    button.dataset.state = next;
    label.textContent = next === 'adding' ? BUTTON.adding : next === 'added' ? BUTTON.added : soldOut ? BUTTON.soldOut : ownLabel;
    button.classList.toggle('sold-out', soldOut);
    if (next === 'idle' && !soldOut) button.removeAttribute('aria-disabled');
    else button.setAttribute('aria-disabled', 'true');
  };
  show('idle');

  return {
    state: () => state,
    adding: () => {
      status.textContent = ADD_TO_CART_STATUS.addingToCart;
      show('adding');
    },
    soldOut: (isSoldOut) => {
      soldOut = isSoldOut;
      show(state);
    },
    isSoldOut: () => soldOut,
    added: (text) => {
      status.textContent = text;
      later(BUTTON_DELAYS.beforeAddedMs, () => {
        show('added');
        later(BUTTON_DELAYS.addedToIdleMs, () => show('idle'));
      });
    },
    refused: (title, message) => {
      status.textContent = '';
      alert.replaceChildren(element('strong', 'sqs-add-to-cart-alert__title', title), ' ', element('span', 'sqs-add-to-cart-alert__message', message));
      show('error');
      later(BUTTON_DELAYS.afterErrorMs, () => show('idle'));
    },
    idle: () => {
      status.textContent = '';
      show('idle');
    },
    clear: () => {
      status.textContent = '';
      alert.replaceChildren();
    },
    remove: () => {
      for (const timer of timers) clearTimeout(timer);
      region.remove();
    },
  };
}
