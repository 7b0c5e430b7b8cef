// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_PATHS } from '../../client/lib/api-paths.ts';
import {
  PURCHASE_EVENT_ELEMENT_ID, PURCHASE_EVENT_NAME, purchaseAlreadySent, readPurchaseEvent, trackPurchase,
} from '../../client/lib/purchase-tracking.ts';
import { clearCookies, scriptFetch, setCookies } from './helpers.ts';

const EVENT = {
  transaction_id: 'order-1',
  value: 142.08,
  shipping: 6,
  tax: 10.08,
  currency: 'USD',
  items: [{ item_id: 'SQ-1', item_name: 'Bud vase', price: 74, quantity: 1 }],
};

function renderConfirmation(event: unknown): void {
  document.body.innerHTML = `<main><script type="application/json" id="${PURCHASE_EVENT_ELEMENT_ID}">${
    typeof event === 'string' ? event : JSON.stringify(event)
  }</script></main>`;
}

describe('purchase event on the order-confirmed page', () => {
  beforeEach(() => {
    clearCookies();
    localStorage.clear();
    document.body.innerHTML = '';
  });
  afterEach(() => vi.unstubAllGlobals());

  it('posts the page\'s event once as a form-encoded RecordEvent with the crumb', async () => {
    setCookies('crumb=c9');
    renderConfirmation(EVENT);
    const calls = scriptFetch([{ method: 'POST', path: API_PATHS.recordEvent, answer: { status: 204 } }]);
    const [first, second] = await Promise.all([trackPurchase({ pageType: 202 }), trackPurchase({ pageType: 202 })]);
    expect([first, second]).toEqual([true, false]);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers['Content-Type']).toBe('application/x-www-form-urlencoded');
    expect(calls[0]!.headers['X-CSRF-Token']).toBe('c9');
    const form = new URLSearchParams(calls[0]!.body as string);
    expect(form.get('crumb')).toBe('c9');
    expect(form.get('event')).toBe(PURCHASE_EVENT_NAME);
    expect(JSON.parse(form.get('data')!)).toEqual(EVENT);
    expect(purchaseAlreadySent('order-1')).toBe(true);
    // A reload of the confirmation does not count the sale again.
    expect(await trackPurchase({ pageType: 202 })).toBe(false);
    expect(calls).toHaveLength(1);
  });

  it('remembers the order as soon as the send starts, so a reload meanwhile sends nothing', async () => {
    renderConfirmation(EVENT);
    let answer: (value: { status: number }) => void = () => {};
    const pending = new Promise<{ status: number }>((resolve) => { answer = resolve; });
    const calls = scriptFetch([{ method: 'POST', path: API_PATHS.recordEvent, answer: { status: 204 } }]);
    const fetchMock = vi.mocked(fetch);
    const scripted = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementationOnce(async (...args: Parameters<typeof fetch>) => {
      await pending;
      return scripted(...args);
    });
    const sending = trackPurchase({ pageType: 202 });
    expect(purchaseAlreadySent('order-1')).toBe(true);
    expect(await trackPurchase({ pageType: 202 })).toBe(false);
    answer({ status: 204 });
    expect(await sending).toBe(true);
    expect(calls).toHaveLength(1);
  });

  it('tries again on a later visit when the send failed', async () => {
    renderConfirmation(EVENT);
    let status = 500;
    const calls = scriptFetch([{ method: 'POST', path: API_PATHS.recordEvent, answer: () => ({ status }) }]);
    expect(await trackPurchase({ pageType: 202 })).toBe(false);
    expect(purchaseAlreadySent('order-1')).toBe(false);
    status = 204;
    expect(await trackPurchase({ pageType: 202 })).toBe(true);
    expect(calls).toHaveLength(2);
  });

  it('keeps the order marked when the send lost its answer, so a reload cannot count the sale twice', async () => {
    renderConfirmation(EVENT);
    // the request may well have arrived (keepalive); only its answer is missing
    vi.stubGlobal('fetch', vi.fn(async () => {
      throw new TypeError('network error');
    }));
    expect(await trackPurchase({ pageType: 202 })).toBe(false);
    expect(purchaseAlreadySent('order-1')).toBe(true);
  });

  it('sends nothing where analytics are off, and on pages without an event', async () => {
    const calls = scriptFetch([{ method: 'POST', path: API_PATHS.recordEvent, answer: { status: 204 } }]);
    expect(await trackPurchase({ pageType: 202 })).toBe(false);
    renderConfirmation(EVENT);
    expect(await trackPurchase({ pageType: 202, analyticsDisabled: true })).toBe(false);
    expect(await trackPurchase({ pageType: 202, memberRoles: [1] })).toBe(false);
    expect(calls).toHaveLength(0);
  });

  it('ignores an unreadable or incomplete event', () => {
    renderConfirmation('{not json');
    expect(readPurchaseEvent()).toBeNull();
    renderConfirmation({ value: 1, items: [] });
    expect(readPurchaseEvent()).toBeNull();
    renderConfirmation(EVENT);
    expect(readPurchaseEvent()).toEqual(EVENT);
  });
});
