/**
 * Starts the script behind the commerce formatters' markup on a page that has their Add To Cart
 * buttons; other pages do not load it.
 */
import { FORMATTER_BUTTON_SELECTOR } from './product-markup.ts';

export async function startTemplateCommerce(doc: Document = document): Promise<void> {
  if (doc.querySelector(FORMATTER_BUTTON_SELECTOR) === null) return;
  const { attachFormatterButtons } = await import('./add-to-cart-buttons.ts');
  attachFormatterButtons(doc);
}
