/**
 * The browser bundle's entry: once the document is parsed, hydrate the
 * page's islands, make the commerce formatters' Add To Cart buttons work (a
 * developer template's own product markup), keep the page's cart counts with
 * the cart (also when the shopper comes back to the page from another tab or
 * by Back), and start the page instrumentation (errors, page view, metrics);
 * a search box shown again by Back keeps the words of its own results.
 */
import { hydrateIslands } from './hydrate.ts';
import { takePageLanguage } from './lib/page-language.ts';
import { readPageContext } from './lib/page-context.ts';
import { startPageInstrumentation } from './lib/page-instrumentation.ts';
import { keepSearchBoxesWithTheirResults } from './lib/search-box-on-back.ts';
import { keepCartQuantitiesInStep } from './lib/cart-quantity-elements.ts';
import { refreshCartOnReturn } from './lib/cart-on-return.ts';
import { fetchCart } from './lib/store-calls.ts';
import { reportError } from './lib/error-reporting.ts';
import { startTemplateCommerce } from './template-commerce/start.ts';

async function start(): Promise<void> {
  // every script of the page writes the store's language, as the server did (hydrateIslands reads it too)
  await takePageLanguage(readPageContext().locale);
  void hydrateIslands();
  keepCartQuantitiesInStep(document);
  refreshCartOnReturn(document, { load: fetchCart });
  startTemplateCommerce(document).catch(reportError);
  startPageInstrumentation();
  keepSearchBoxesWithTheirResults(document);
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => void start(), { once: true });
else void start();
