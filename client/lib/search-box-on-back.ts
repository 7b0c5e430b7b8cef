/**
 * Back to a page of search results shows, in its box, the words those results are for. The
 * browser brings a page back with whatever was typed in its boxes before leaving it, so after a
 * second search sent from the results, Back would show the first results under the second words.
 * A page shown again from the history (kept whole, or its form state restored) gives each search
 * box the value its page was served with; a first visit leaves what the shopper types alone.
 */
function shownFromHistory(event: PageTransitionEvent, window: Window): boolean {
  if (event.persisted) return true;
  const navigation = window.performance?.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  return navigation?.type === 'back_forward';
}

export function keepSearchBoxesWithTheirResults(document: Document): void {
  const window = document.defaultView;
  if (!window) return;
  window.addEventListener('pageshow', (event) => {
    if (!shownFromHistory(event, window)) return;
    for (const box of document.querySelectorAll<HTMLInputElement>('input[type="search"]')) box.value = box.defaultValue;
  });
}
