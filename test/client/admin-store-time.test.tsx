// @vitest-environment jsdom
/**
 * Every date of the admin is written in the store's time zone, which the admin's page brings
 * with it: an order's date, its history and its emails, a variant's stock history, form
 * submissions and subscribers. The zone is named in each date's title, and in its text where the
 * browser's own zone would write another time (an owner abroad). And in the store's language
 * (the page brings its locale too), not the browser's: a German store's admin writes German dates.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { AdminApp } from '../../client/admin/AdminApp.tsx';
import { storeDateText } from '../../client/admin/StoreDate.tsx';
import { scriptFetch, settle } from './helpers.ts';
import { withAdminSession } from './admin-session.ts';

withAdminSession();
afterEach(() => window.history.replaceState(null, '', '/'));

// 23:30 on 14 January 2025 in Los Angeles: already the 15th in UTC
const LATE_EVENING = Date.UTC(2025, 0, 15, 7, 30);
const BROWSER_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;
const inZone = (zone: string) => new Date(LATE_EVENING).toLocaleString(undefined, { timeZone: zone });
// a store far from where the browser is (a browser in Los Angeles gets a store in Tokyo)
const ZONE = inZone('America/Los_Angeles') === new Date(LATE_EVENING).toLocaleString() ? 'Asia/Tokyo' : 'America/Los_Angeles';
/** The date as the owner abroad reads it: the store's time, with the zone's short name. */
const WRITTEN = new Date(LATE_EVENING).toLocaleString(undefined, { timeZone: ZONE, timeZoneName: 'short' });

const OWNER = {
  email: 'owner@example.com', xsrfToken: 'session-token',
  permissions: ['admin.use', 'catalogue.read', 'catalogue.edit', 'orders.read', 'orders.manage', 'messages.read', 'settings.read'],
};

function openAdmin(path: string, locale?: string): void {
  vi.stubGlobal('scrollTo', vi.fn());
  window.history.replaceState(null, '', path);
  render(<AdminApp account={OWNER} siteTitle="Linen & Loam" path={path} timeZone={ZONE} {...(locale ? { locale } : {})} />);
}

/** Each date element shown: its text and its title. */
const datesIn = (element: HTMLElement) => [...element.querySelectorAll('time')].map((time) => [time.textContent, time.getAttribute('title')]);
const STORE_DATE = [WRITTEN, ADMIN.storeTimeZoneTitle(ZONE)];

describe('dates in the store\'s time zone', () => {
  it('writes a time in the store\'s zone, naming the zone where the browser\'s would write another', () => {
    expect(WRITTEN).toContain(inZone(ZONE));
    expect(WRITTEN).not.toBe(inZone(ZONE));
    expect(storeDateText(LATE_EVENING, ZONE)).toBe(WRITTEN);
    // at home, the time needs no zone beside it
    expect(storeDateText(LATE_EVENING, BROWSER_ZONE)).toBe(new Date(LATE_EVENING).toLocaleString());
    // a zone the browser does not know: its own zone rather than no date
    expect(storeDateText(LATE_EVENING, 'Nowhere/Atlantis')).toBe(new Date(LATE_EVENING).toLocaleString());
  });

  it('on an order: its date, its history and when its email was sent', async () => {
    scriptFetch([{
      method: 'GET', path: '/api/admin/orders/o1',
      answer: {
        body: {
          canSendEmail: true,
          order: {
            id: 'o1', orderNumber: '1042', createdOn: LATE_EVENING, email: 'jane@example.com', name: 'Jane Doe', grandTotalCents: 6800, currency: 'USD',
            status: 'paid', testMode: false, itemCount: 1, subtotalCents: 6800, taxCents: 0, shippingCents: 0, discountCents: 0,
            shippingAddress: null, shippingOption: null, paymentReference: null, lines: [],
            history: [{ status: 'paid', on: LATE_EVENING, by: null }],
            emails: [{ id: 'e1', kind: 'order-confirmation', recipient: 'jane@example.com', subject: 'Your order', text: 'Thank you', status: 'sent', error: null, createdOn: LATE_EVENING, sentOn: LATE_EVENING }],
          },
        },
      },
    }]);
    openAdmin('/config/orders/o1');
    await settle();
    expect(datesIn(screen.getByRole('main'))).toEqual([STORE_DATE, STORE_DATE, STORE_DATE]);
    expect(screen.getByText(`${ADMIN.emailStatuses.sent} ·`, { exact: false }).textContent).toBe(`${ADMIN.emailStatuses.sent} · ${WRITTEN}`);
  });

  it('in a variant\'s stock history', async () => {
    scriptFetch([
      {
        method: 'GET', path: '/api/admin/inventory',
        answer: { body: { variants: [{ productId: 'p1', productTitle: 'Harbour Jacket', variantId: 'v1', sku: 'HJ-S', attributes: {}, qtyInStock: 3, unlimited: false }], hasMore: false, lowStock: 5 } },
      },
      {
        method: 'GET', path: '/api/admin/inventory/v1/history',
        answer: { body: { changes: [{ delta: 2, quantityAfter: 3, reason: 'restock', actor: 'owner@example.com', orderId: null, createdOn: LATE_EVENING }] } },
      },
    ]);
    openAdmin('/config/inventory');
    await settle();
    fireEvent.click(screen.getByRole('button', { name: ADMIN.historyOf('HJ-S') }));
    await settle();
    const history = screen.getByRole('region', { name: ADMIN.historyOf('HJ-S') });
    expect(datesIn(history)).toEqual([STORE_DATE]);
  });

  it('of form submissions and newsletter subscribers', async () => {
    const form = { id: 'f1', name: 'Contact', fields: [{ id: 'message', title: 'Message' }], submissionCount: 1 };
    scriptFetch([
      { method: 'GET', path: '/api/admin/messages/forms', answer: { body: { forms: [form] } } },
      { method: 'GET', path: '/api/admin/messages/forms/f1', answer: { body: { form, submissions: [{ id: 's1', createdOn: LATE_EVENING, pagePath: '/contact', values: { message: 'Hello' } }], hasMore: false } } },
      { method: 'GET', path: '/api/admin/messages/subscribers', answer: { body: { subscribers: [{ email: 'reader@example.com', source: 'newsletter', createdOn: LATE_EVENING }], hasMore: false } } },
      { method: 'GET', path: '/api/admin/messages/restock', answer: { body: { groups: [], hasMore: false } } },
      { method: 'GET', path: '/api/admin/messages/emails-not-sent', answer: { body: { days: 30, byKind: {} } } },
    ]);
    openAdmin('/config/messages');
    await settle();
    const section = (name: string) => screen.getByRole('heading', { name }).closest('section')!;
    expect(datesIn(section(ADMIN.formSubmissions))).toEqual([STORE_DATE]);
    expect(datesIn(section(ADMIN.subscribers))).toEqual([STORE_DATE]);
    expect(within(section(ADMIN.subscribers)).getByText(WRITTEN)).toBeTruthy();
  });
});

describe('dates in the store\'s language', () => {
  const GERMAN = new Date(LATE_EVENING).toLocaleString('de-DE', { timeZone: 'Europe/Berlin' });

  it('writes a date in the store\'s locale, whatever the browser\'s language, and in the browser\'s when the locale is none', () => {
    // the browser here is English: the store's German still wins
    expect(new Date(LATE_EVENING).toLocaleString()).toMatch(/^1\/15\/2025/);
    expect(GERMAN).toBe('15.1.2025, 08:30:00');
    expect(storeDateText(LATE_EVENING, 'Europe/Berlin', 'de-DE')).toBe(new Date(LATE_EVENING).toLocaleString('de-DE', { timeZone: 'Europe/Berlin', timeZoneName: 'short' }));
    expect(storeDateText(LATE_EVENING, 'Europe/Berlin', 'de-DE')).toMatch(/^15\.1\.2025, 0?8:30:00 MEZ$/);
    expect(storeDateText(LATE_EVENING, BROWSER_ZONE, 'fr-FR')).toBe(new Date(LATE_EVENING).toLocaleString('fr-FR'));
    expect(storeDateText(LATE_EVENING, ZONE, null)).toBe(WRITTEN);
    expect(storeDateText(LATE_EVENING, ZONE, 'not a locale!')).toBe(WRITTEN);
  });

  it('in the orders list of a German store', async () => {
    const order = { id: 'o1', orderNumber: '1042', createdOn: LATE_EVENING, email: 'jane@example.com', name: 'Jane Doe', grandTotalCents: 6800, currency: 'EUR', status: 'paid', testMode: false, itemCount: 1 };
    scriptFetch([{ method: 'GET', path: '/api/admin/orders', answer: { body: { orders: [order], hasMore: false, timeZone: 'Europe/Berlin' } } }]);
    openAdmin('/config/orders', 'de-DE');
    await settle();
    const [date] = [...screen.getByRole('main').querySelectorAll('time')];
    expect(date!.textContent).toBe(storeDateText(LATE_EVENING, 'Europe/Berlin', 'de-DE'));
    expect(date!.textContent).toMatch(/^15\.1\.2025, 0?8:30:00 MEZ$/);
    expect(date!.getAttribute('title')).toBe(ADMIN.storeTimeZoneTitle('Europe/Berlin'));
  });
});
