/**
 * Gift cards bought before the store kept them as cards (before migration 143): the older checkout
 * wrote the order, its gift card line and its recipient, and no card. A start of this release
 * issues each card owed, as the checkout issues one today (amount, currency, recipient, the order),
 * without emailing it; the owner finds it under Gift cards and on its order and sends its email
 * from the card's screen, and the shopper's confirmation page no longer says a code went out.
 * A second start issues nothing, nor do two processes starting at once issue a card twice.
 * Runs on SQLite, and on PostgreSQL with TEST_ENGINE=postgres.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_PATHS } from '../../client/lib/api-paths.ts';
import { issueGiftCardsOwed, issueOwedGiftCards, ordersOwedGiftCards } from '../../server/commerce/gift-cards-owed.ts';
import { EmailOutboxRepository } from '../../server/db/email-outbox-repository.ts';
import { openStore } from '../../server/db/open-store.ts';
import type { Store } from '../../server/db/store.ts';
import { fillMessage, serverMessages } from '../../server/messages.ts';
import { seededProduct, seededVariant } from './helpers/fixtures.ts';
import { startPlatformServer, type PlatformServer } from './helpers/platform-server.ts';
import { startTestMailServer, type TestMailServer } from './helpers/test-mail-server.ts';
import { startMain, stopMain } from './helpers/start-main.ts';
import { ON_POSTGRES, testDatabaseUrl } from './helpers/test-database.ts';
import { Visitor } from './helpers/visitor.ts';

const giftCard = seededProduct('gift-card');
const giftCard25 = seededVariant('gift-card', (variant) => variant.sku === 'SQ-GIFT-25');

let mailServer: TestMailServer;

beforeAll(async () => {
  mailServer = await startTestMailServer();
});

afterAll(async () => {
  await mailServer.stop();
});

let orderNumbers = 5000;

interface OldOrder { id: string; viewToken: string; itemId: string; orderNumber: number; createdOn: number }

/**
 * An order as the checkout before migration 143 wrote it (baeb1e3's OrderRepository.insert and
 * CheckoutOrderRepository.attach): its cart, the order, its lines, the buyer and the gift card's
 * recipient, and the buyer's confirmation in the outbox; no gift card.
 */
async function oldGiftCardOrder(store: Store, options: { quantity?: number; status?: string; recipient?: string } = {}): Promise<OldOrder> {
  const quantity = options.quantity ?? 1;
  const now = Date.now() - 30 * 24 * 3600_000;
  const cartId = randomUUID();
  const order: OldOrder = { id: randomUUID(), viewToken: randomBytes(18).toString('base64url'), itemId: randomUUID(), orderNumber: ++orderNumbers, createdOn: now };
  const total = giftCard25.priceCents * quantity;
  await store.transaction(async (tx) => {
    await tx.run(
      `INSERT INTO carts (id, cookie_token, kind, currency, is_purchased, order_id, created_on, updated_on) VALUES (?, ?, 'cart', 'USD', 1, ?, ?, ?)`,
      [cartId, randomUUID(), order.id, now, now],
    );
    await tx.run(
      `INSERT INTO orders (id, purchased_cart_id, website_id, test_mode, currency, subtotal_cents, tax_cents,
         shipping_cents, discount_cents, grand_total_cents, view_token, created_on)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [order.id, cartId, 'site', 1, 'USD', total, 0, 0, 0, total, order.viewToken, now],
    );
    await tx.run(
      `INSERT INTO order_items (id, order_id, product_id, variant_id, sku, product_name, quantity, unit_price_cents, product_type)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [order.itemId, order.id, giftCard.id, giftCard25.id, giftCard25.sku, giftCard.title, quantity, giftCard25.priceCents, 4],
    );
    await tx.run(
      `UPDATE orders SET order_number = ?, customer_email = ?, customer_name = ?, shipping_address_json = ?,
         shipping_option_id = ?, shipping_option_name = ?, shipping_option_cents = ?, payment_provider = ?,
         payment_reference = ?, idempotency_key = ?, recipient_email = ?
       WHERE id = ?`,
      [order.orderNumber, 'buyer@example.com', 'Ada Buyer', null, null, null, null, 'test', `test_${order.orderNumber}`, randomUUID(), options.recipient ?? 'erin@example.com', order.id],
    );
    await tx.run('UPDATE order_items SET variant_label = ?, billing_interval = ? WHERE id = ? AND order_id = ?', ['Amount: $25.00', null, order.itemId, order.id]);
    if (options.status) await tx.run('UPDATE orders SET status = ? WHERE id = ?', [options.status, order.id]);
    await tx.run(
      `INSERT INTO email_outbox (id, kind, subject_id, recipient, subject, text_body, html_body, status, created_on, sent_on)
       VALUES (?, 'order-confirmation', ?, 'buyer@example.com', 'Your order', 'Thank you. The gift card goes to erin@example.com.', '', 'sent', ?, ?)`,
      [randomUUID(), order.id, now, now],
    );
  });
  return order;
}

interface CardRow { id: string; code: string; order_id: string; currency: string; initial_cents: number | string; balance_cents: number | string; recipient_email: string; created_on: number | string; cancelled_on: unknown }

async function cardsOf(store: Store, orderId: string): Promise<CardRow[]> {
  return store.all<CardRow>('SELECT * FROM gift_cards WHERE order_id = ? ORDER BY rowid', [orderId]);
}

/** A log that keeps its lines. */
function keptLog() {
  const lines: Array<{ fields: object; message: string }> = [];
  return { lines, info: (fields: object, message: string) => { lines.push({ fields, message }); } };
}

describe('a store upgraded from before gift cards were kept as cards', () => {
  it('issues the card an older paid order owes on start, shows it to the owner, sends nothing, and says so on the confirmation page', async () => {
    const older = await startPlatformServer({ mail: { smtpUrl: mailServer.url } });
    const old = await oldGiftCardOrder(older.app.deps.store);
    const cancelled = await oldGiftCardOrder(older.app.deps.store, { status: 'cancelled' });
    const refunded = await oldGiftCardOrder(older.app.deps.store, { status: 'refunded' });
    // two cards bought, one refunded already (a refund of part of the order that took it back)
    const partly = await oldGiftCardOrder(older.app.deps.store, { quantity: 2 });
    await older.app.deps.store.transaction(async (tx) => {
      const refundId = randomUUID();
      await tx.run(
        `INSERT INTO order_refunds (id, order_id, amount_cents, card_cents, gift_card_cents, reason, actor, created_on) VALUES (?, ?, ?, ?, 0, '', 'owner', ?)`,
        [refundId, partly.id, giftCard25.priceCents, giftCard25.priceCents, Date.now()],
      );
      await tx.run('INSERT INTO order_refund_lines (refund_id, order_id, item_id, quantity, restocked) VALUES (?, ?, ?, 1, 0)', [refundId, partly.id, partly.itemId]);
    });
    await older.stop();

    const upgraded = await startPlatformServer({ mail: { smtpUrl: mailServer.url }, databasePath: older.databasePath });
    try {
      const store = upgraded.app.deps.store;
      const [card, ...more] = await cardsOf(store, old.id);
      expect(more).toEqual([]);
      expect(card).toEqual(expect.objectContaining({
        order_id: old.id, currency: 'USD', recipient_email: 'erin@example.com', cancelled_on: null,
      }));
      expect(Number(card!.initial_cents)).toBe(giftCard25.priceCents);
      expect(Number(card!.balance_cents)).toBe(giftCard25.priceCents);
      // sold when the order was placed, as the checkout dates its cards
      expect(Number(card!.created_on)).toBe(old.createdOn);
      expect(card!.code).toMatch(/^[A-HJ-NP-Z2-9]{16}$/);
      // cancelled and refunded orders owe none; the unit a refund took back owes none
      expect(await cardsOf(store, cancelled.id)).toEqual([]);
      expect(await cardsOf(store, refunded.id)).toEqual([]);
      expect(await cardsOf(store, partly.id)).toHaveLength(1);
      // not emailed: the owner sends it
      const outbox = await new EmailOutboxRepository(store).ofSubject(old.id);
      expect(outbox.filter((email) => email.kind === 'gift-card')).toEqual([]);

      const owner = await upgraded.signInOwner();
      const list = await owner.get<{ giftCards: Array<{ id: string; last4: string; recipientEmail: string; order: { id: string } }> }>('/api/admin/gift-cards');
      expect(list.status, list.text).toBe(200);
      expect(list.body.giftCards.find((listed) => listed.id === card!.id)).toEqual(expect.objectContaining({
        last4: card!.code.slice(-4), recipientEmail: 'erin@example.com', order: expect.objectContaining({ id: old.id }),
      }));
      const detail = await owner.get<{ order: { giftCardsIssued: unknown[] } }>(`/api/admin/orders/${old.id}`);
      expect(detail.status, detail.text).toBe(200);
      expect(detail.body.order.giftCardsIssued).toEqual([
        { id: card!.id, last4: card!.code.slice(-4), initialCents: giftCard25.priceCents, balanceCents: giftCard25.priceCents, recipientEmail: 'erin@example.com', cancelled: false },
      ]);
      const cardScreen = await owner.get<{ giftCard: { emails: unknown[] } }>(`/api/admin/gift-cards/${card!.id}`);
      expect(cardScreen.status, cardScreen.text).toBe(200);
      expect(cardScreen.body.giftCard.emails).toEqual([]);

      // the shopper's page: the card's code was not emailed, so it does not say it "goes to" Erin
      const pagePath = PAGE_PATHS.orderConfirmed(old.id, old.viewToken);
      const page = await new Visitor(upgraded.url).get<string>(pagePath);
      expect(page.status).toBe(200);
      expect(page.text).toContain(fillMessage(serverMessages.giftCardNotEmailedNote, { recipient: 'erin@example.com' }));
      expect(page.text).not.toContain('The gift card goes to');

      // the owner sends it from the card's screen: the email goes, and the page says the card goes to Erin
      const sent = await owner.post<{ giftCard: { emails: Array<{ status: string }> } }>(`/api/admin/gift-cards/${card!.id}/email`, {});
      expect(sent.status, sent.text).toBe(200);
      expect(sent.body.giftCard.emails.map((email) => email.status)).toEqual(['sent']);
      const after = await new Visitor(upgraded.url).get<string>(pagePath);
      expect(after.text).toContain('The gift card goes to');
      expect(after.text).not.toContain(fillMessage(serverMessages.giftCardNotEmailedNote, { recipient: 'erin@example.com' }));
    } finally {
      await upgraded.stop();
    }

    // a second start issues nothing more
    const again = await startPlatformServer({ mail: { smtpUrl: mailServer.url }, databasePath: older.databasePath });
    try {
      expect(await cardsOf(again.app.deps.store, old.id)).toHaveLength(1);
      expect(await cardsOf(again.app.deps.store, partly.id)).toHaveLength(1);
      const log = keptLog();
      expect(await issueGiftCardsOwed(again.app.deps.store, log)).toBe(0);
      expect(log.lines).toEqual([]);
    } finally {
      await again.stop(true);
    }
  });

  it('says on a store without a mail server that the shop gives the code, which it now has', async () => {
    const server = await startPlatformServer();
    try {
      const old = await oldGiftCardOrder(server.app.deps.store);
      expect(await issueGiftCardsOwed(server.app.deps.store, keptLog())).toBe(1);
      const page = await new Visitor(server.url).get<string>(PAGE_PATHS.orderConfirmed(old.id, old.viewToken));
      expect(page.text).toContain(fillMessage(serverMessages.giftCardNoEmailNote, { recipient: 'erin@example.com' }));
      expect(await cardsOf(server.app.deps.store, old.id)).toHaveLength(1);
    } finally {
      await server.stop(true);
    }
  });

  it('issues nothing to an order whose cards another process issued, or that was cancelled, after its list was read', async () => {
    const server = await startPlatformServer();
    try {
      const store = server.app.deps.store;
      const [issuedElsewhere, cancelledSince] = [await oldGiftCardOrder(store), await oldGiftCardOrder(store)];
      // this process read the orders owed; another issued the first one's card and the owner cancelled the second, meanwhile
      const stale = await ordersOwedGiftCards(store);
      // the two orders may share a millisecond, and then go by id: compared as a set
      expect([...stale].sort()).toEqual([issuedElsewhere.id, cancelledSince.id].sort());
      expect(await issueOwedGiftCards(store, [issuedElsewhere.id])).toEqual({ issued: 1, orders: [issuedElsewhere.id] });
      await store.run("UPDATE orders SET status = 'cancelled' WHERE id = ?", [cancelledSince.id]);
      expect(await issueOwedGiftCards(store, stale)).toEqual({ issued: 0, orders: [] });
      expect(await cardsOf(store, issuedElsewhere.id)).toHaveLength(1);
      expect(await cardsOf(store, cancelledSince.id)).toEqual([]);
      expect(await ordersOwedGiftCards(store)).toEqual([]);
    } finally {
      await server.stop(true);
    }
  });

  // two stores of one process stand for two processes on PostgreSQL (SQLite's would wait for each other's lock inside one event loop)
  it.runIf(ON_POSTGRES)('issues each card once when two processes read the orders owed and issue them at the same moment', async () => {
    const server = await startPlatformServer();
    const second = openStore({ databasePath: server.databasePath, databaseUrl: await testDatabaseUrl(server.databasePath) });
    try {
      const orders = [await oldGiftCardOrder(server.app.deps.store), await oldGiftCardOrder(server.app.deps.store, { quantity: 2 })];
      const stale = await ordersOwedGiftCards(server.app.deps.store);
      const both = await Promise.all([issueOwedGiftCards(server.app.deps.store, stale), issueOwedGiftCards(second.store, stale)]);
      expect(both[0].issued + both[1].issued).toBe(3);
      expect(await cardsOf(server.app.deps.store, orders[0]!.id)).toHaveLength(1);
      expect(await cardsOf(server.app.deps.store, orders[1]!.id)).toHaveLength(2);
    } finally {
      await second.store.close();
      await server.stop(true);
    }
  });

  it('logs one line with the count, and two server processes starting at once issue each card once', async () => {
    const older = await startPlatformServer();
    const orders = [await oldGiftCardOrder(older.app.deps.store), await oldGiftCardOrder(older.app.deps.store, { quantity: 2 })];
    await older.stop();
    const started = await Promise.allSettled([startMain(older.databasePath), startMain(older.databasePath)]);
    const running = started.flatMap((each) => (each.status === 'fulfilled' ? [each.value] : []));
    try {
      expect(started.map((each) => each.status)).toEqual(['fulfilled', 'fulfilled']);
      const checked = await startPlatformServer({ databasePath: older.databasePath });
      try {
        expect(await cardsOf(checked.app.deps.store, orders[0]!.id)).toHaveLength(1);
        expect(await cardsOf(checked.app.deps.store, orders[1]!.id)).toHaveLength(2);
      } finally {
        await checked.stop();
      }
      // each process says what it issued, in one line; together, the three cards
      const lines = running.flatMap((each) => each.lines()).filter((line) => typeof line.giftCards === 'number');
      expect(lines.reduce((sum, line) => sum + (line.giftCards as number), 0)).toBe(3);
      for (const line of lines) {
        const count = line.giftCards as number;
        expect(line.msg).toBe(count === 1 ? serverMessages.giftCardsOwedIssuedOneLog : fillMessage(serverMessages.giftCardsOwedIssuedLog, { count }));
      }
      expect(serverMessages.giftCardsOwedIssuedOneLog).toMatch(/^issued 1 gift card for orders placed before gift cards were kept as cards: /);
      expect(fillMessage(serverMessages.giftCardsOwedIssuedLog, { count: 3 })).toMatch(/^issued 3 gift cards for orders placed before gift cards were kept as cards: /);
    } finally {
      for (const each of running) await stopMain(each);
      rmSync(join(older.databasePath, '..'), { recursive: true, force: true });
    }
  }, 90_000);
});
