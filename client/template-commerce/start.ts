/**
 * Starts the script behind the commerce formatters' markup on a page that has their Add To Cart
 * buttons, or once one arrives (a template's script, a lightbox or an endless scroll may put the
 * first one in after the page loads); until then it is not loaded.
 */
import { FORMATTER_BUTTON_SELECTOR } from './product-markup.ts';

function holdsButton(node: Node): boolean {
  return node instanceof Element && (node.matches(FORMATTER_BUTTON_SELECTOR) || node.querySelector(FORMATTER_BUTTON_SELECTOR) !== null);
}

async function attach(doc: Document): Promise<void> {
  const { attachFormatterButtons } = await import('./add-to-cart-buttons.ts');
  attachFormatterButtons(doc);
}

export async function startTemplateCommerce(doc: Document = document): Promise<void> {
  if (doc.querySelector(FORMATTER_BUTTON_SELECTOR) !== null) return attach(doc);
  await new Promise<void>((resolve) => {
    // only what was added is looked at, so a page that changes often costs little
    const watch = new MutationObserver((records) => {
      if (!records.some((record) => Array.from(record.addedNodes).some(holdsButton))) return;
      watch.disconnect();
      resolve();
    });
    watch.observe(doc, { childList: true, subtree: true });
  });
  return attach(doc);
}
