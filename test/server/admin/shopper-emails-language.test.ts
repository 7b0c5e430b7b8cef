/**
 * A German store writes its shopper's emails in German, subject and body: the shipping notice with
 * its tracking, the cancellation, the refund and the refund of part of the order, the gift card,
 * a member's password link; the admin's password link stays English.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';
import type { SiteUserVisitor } from '../helpers/site-user-visitor.ts';
import { buyOneThroughCheckout } from '../helpers/checkout.ts';
import { EmailOutboxRepository } from '../../../server/db/email-outbox-repository.ts';
import { SiteRepository } from '../../../server/db/site-repository.ts';
import { giftCardEmail } from '../../../server/email/gift-card-email.ts';
import { passwordResetEmail } from '../../../server/email/password-reset-email.ts';
import { productInput } from './admin-helpers.ts';

let server: PlatformServer;
let owner: SiteUserVisitor;
let productId: string;

const buy = (sku: string): Promise<string> => buyOneThroughCheckout(server.url, productId, sku);

async function noticeOf(orderId: string, kind: string) {
  const emails = await new EmailOutboxRepository(server.app.deps.store).ofSubject(orderId);
  const notice = emails.find((email) => email.kind === kind);
  expect(notice, kind).toBeDefined();
  return notice!;
}

beforeAll(async () => {
  server = await startPlatformServer();
  const site = new SiteRepository(server.app.deps.store);
  await site.writeSetting('website', { ...(await site.website()), language: 'de-DE' });
  owner = await server.signInOwner();
  const created = await owner.post<{ product: { id: string } }>('/api/admin/products', productInput());
  expect(created.status, created.text).toBe(201);
  productId = created.body.product.id;
});
afterAll(async () => {
  await server.stop(true);
});

describe('a German store\'s emails to the shopper', () => {
  it('send the shipping notice, with its tracking, in German', async () => {
    const orderId = await buy('HJ-M');
    const fulfilled = await owner.post(`/api/admin/orders/${orderId}/fulfil`, { carrier: 'DHL', trackingNumber: 'JJD000390007', trackingUrl: 'https://www.dhl.de/track?n=JJD000390007' });
    expect(fulfilled.status, fulfilled.text).toBe(200);
    const notice = await noticeOf(orderId, 'order-shipped');
    expect(notice.subject).toMatch(/^Ihre Bestellung #\d+ bei .+ ist unterwegs$/);
    expect(notice.text).toMatch(/^Gute Nachrichten, .+: Ihre Bestellung #\d+ bei .+ ist unterwegs\.$/m);
    expect(notice.text).toContain('Sendungsnummer: JJD000390007');
    expect(notice.text).toContain('Bestellung ansehen: ');
    expect(notice.html).toContain('<html lang="de">');
    expect(notice.html).toMatch(/Ihre Bestellung <strong>#\d+<\/strong> bei .+ wurde versandt\./);
    expect(`${notice.text}${notice.html}`).not.toMatch(/Good news|Tracking number|View your order|Total/);
  });

  it('send the cancellation and the refund in German', async () => {
    const cancelledId = await buy('HJ-S');
    expect((await owner.post(`/api/admin/orders/${cancelledId}/cancel`, {})).status).toBe(200);
    const cancelled = await noticeOf(cancelledId, 'order-cancelled');
    expect(cancelled.subject).toMatch(/^Ihre Bestellung #\d+ bei .+ wurde storniert$/);
    expect(cancelled.text).toContain('wurde storniert: Sie wird nicht versandt.');
    expect(cancelled.text).toContain('Dies war eine Testbestellung: Es wurde nichts berechnet, daher wird Ihrer Karte nichts gutgeschrieben.');
    expect(cancelled.html).toContain('<p>Falls Sie das nicht erwartet haben, antworten Sie auf diese E-Mail, und wir klären es.</p>');

    const refundedId = await buy('HJ-S');
    expect((await owner.post(`/api/admin/orders/${refundedId}/refund`, {})).status).toBe(200);
    const refunded = await noticeOf(refundedId, 'order-refunded');
    expect(refunded.subject).toMatch(/^Ihre Bestellung #\d+ bei .+ wurde erstattet$/);
    expect(refunded.text).toMatch(/^Erstattet: /m);
    expect(refunded.html).toMatch(/<p>Erstattet: <strong>/);
    expect(`${cancelled.text}${refunded.text}`).not.toMatch(/has been|If you did not expect|View your order/);
  });

  it('send the refund of part of the order in German', async () => {
    const orderId = await buy('HJ-M');
    const answer = await owner.post(`/api/admin/orders/${orderId}/refunds`, { lines: [], amountCents: 500, notifyCustomer: true, reason: 'Late parcel' });
    expect(answer.status, answer.text).toBe(200);
    const notice = await noticeOf(orderId, 'order-partly-refunded');
    expect(notice.subject).toMatch(/^Eine Erstattung von 5,00\s\$ für Ihre Bestellung #\d+ bei /);
    expect(notice.text).toMatch(/hat Ihnen 5,00\s\$ Ihrer Bestellung #\d+ erstattet\./);
    expect(notice.html).toContain('<h1 style="font-size: 22px;">Ein Teil Ihrer Bestellung wurde erstattet</h1>');
    expect(notice.text).not.toMatch(/has refunded|If you did not expect/);
  });

  it('send the gift card and a member\'s password link in German, the admin\'s link in English', () => {
    const order = { orderId: 'order-1', siteTitle: 'Atelier & Co', locale: 'de-DE', customerName: 'Anna', baseUrl: 'https://shop.example' };
    const card = { code: 'ABCDEFGHJKLMNPQR', currency: 'EUR', initialCents: 5000, recipientEmail: 'ben@example.com' } as Parameters<typeof giftCardEmail>[1];
    const gift = giftCardEmail(order, card);
    expect(gift.subject).toMatch(/^Anna hat Ihnen einen Geschenkgutschein über 50,00\s€ für Atelier & Co geschickt$/);
    expect(gift.text).toContain('Ihr Gutscheincode:');
    expect(gift.html).toContain('<h1 style="font-size: 22px;">Ein Geschenkgutschein für Atelier &amp; Co</h1>');

    const link = { siteUserId: 'u1', email: 'anna@example.com', siteTitle: 'Atelier', baseUrl: 'https://shop.example', token: 't', minutes: 60 };
    const member = passwordResetEmail({ ...link, resetUrl: 'https://shop.example/account/reset-password?token=t', locale: 'de-AT' });
    expect(member.subject).toBe('Neues Passwort für Atelier wählen');
    expect(member.text).toContain('Wählen Sie hier Ihr neues Passwort (der Link funktioniert einmal, 60 Minuten lang):');
    expect(member.html).toContain('Jemand möchte ein neues Passwort für <strong>anna@example.com</strong> bei Atelier wählen.');
    const admin = passwordResetEmail(link);
    expect(admin.subject).toBe('Choose a new password for Atelier');
    expect(admin.text).toContain('Choose your new password here (the link works once, for 60 minutes):');
  });
});
