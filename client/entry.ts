/**
 * The browser bundle's entry: once the document is parsed, hydrate the
 * page's islands and start the page instrumentation (errors, page view, metrics).
 */
import { hydrateIslands } from './hydrate.ts';
import { startPageInstrumentation } from './lib/page-instrumentation.ts';

function start(): void {
  void hydrateIslands();
  startPageInstrumentation();
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
else start();
