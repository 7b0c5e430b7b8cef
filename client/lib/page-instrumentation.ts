/** Page-wide instrumentation started once by the loader: errors, page view, purchase, metrics. */
import { reportError } from './error-reporting.ts';
import { readPageContext } from './page-context.ts';
import { analyticsAllowed, enforceCookieConsent, trackPageView } from './tracking.ts';
import { trackPurchase } from './purchase-tracking.ts';
import { startPerformanceMetrics } from './performance-metrics.ts';
import { visitorFlags } from './visitor-flags.ts';

let started = false;

export function startPageInstrumentation(): void {
  if (started) return;
  started = true;
  window.addEventListener('error', (event) => reportError(event.error ?? event.message));
  window.addEventListener('unhandledrejection', (event) => reportError(event.reason));
  const context = readPageContext();
  enforceCookieConsent(context);
  try {
    if (analyticsAllowed(context, location.pathname)) {
      trackPageView(context, visitorFlags());
      // The order-confirmed page carries the purchase event; other pages have none.
      trackPurchase(context).catch(reportError);
    }
    if (context.performanceMetrics !== false && analyticsAllowed(context, location.pathname)) startPerformanceMetrics();
  } catch (error) {
    // Tracking failures are reported and otherwise ignored.
    reportError(error);
  }
}
