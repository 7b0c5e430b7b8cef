/**
 * The order's transaction on each engine (SQLite, and PostgreSQL when TEST_DATABASE_URL names a
 * server), straight against the store: order numbers from the counter row, stock taken with a
 * conditional update, one order for two checkouts of the last item, one order per attempt key,
 * the cart marked purchased and the email in the outbox in the same commit, nothing left behind
 * by a refused order, and the outbox's list for the owner.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { Writable } from 'node:stream';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT } from '../../client/lib/messages.ts';
import { placeOrderSchema, type PlaceOrderInput } from '../../client/lib/checkout-schema.ts';
import { chargeGiveBackKey, placeCheckoutOrder, quoteCart, type CheckoutServices } from '../../server/commerce/checkout-order.ts';
import { CheckoutOrderRepository } from '../../server/db/checkout-order-repository.ts';
import { EmailOutboxRepository } from '../../server/db/email-outbox-repository.ts';
import { migrate } from '../../server/db/migrate.ts';
import { openStore } from '../../server/db/open-store.ts';
import { nextOrderNumber } from '../../server/db/order-number.ts';
import type { Store } from '../../server/db/store.ts';
import { BackgroundWork } from '../../server/background-work.ts';
import { createMailer } from '../../server/email/mailer.ts';
import { createTestPaymentProvider, TEST_CARDS } from '../../server/payments/test-payment-provider.ts';
import { livePayments } from './helpers/live-payments.ts';
import { freshPostgresUrl, TEST_ENGINES } from './helpers/test-database.ts';

const silent = pino({ level: 'silent' });

async function seed(store: Store): Promise<void> {
  await store.run("INSERT INTO site_settings (key, value_json) VALUES ('website', ?)", [JSON.stringify({ id: 'site-1', siteTitle: 'Test Shop', language: 'en-US' })]);
  await store.run("INSERT INTO site_settings (key, value_json) VALUES ('websiteSettings', ?)", [JSON.stringify({
    storeSettings: { currency: 'USD', taxRateBasisPoints: 1000, shippingRates: [{ id: 'post', name: 'Post', kind: 'weight', priceCents: 300, perKilogramCents: 200, freeOverCents: 0, maxWeightGrams: 0 }] },
  })]);
  await store.run("INSERT INTO collections (id, url_id, title, type_code) VALUES ('c1', 'shop', 'Shop', 13)");
  await store.run(
    "INSERT INTO products (id, collection_id, url_id, title, product_type, created_on, data_json) VALUES ('p1', 'c1', 'jug', 'Jug', 1, 1, ?)",
    [JSON.stringify({ weightGrams: 1500 })],
  );
  await store.run(
    `INSERT INTO variants (id, product_id, sku, price_cents, qty_in_stock, unlimited, attributes_json)
     VALUES ('v1', 'p1', 'JUG-BLUE', 2000, 1, 0, '{"Colour":"Blue"}')`,
  );
}

let cartCounter = 0;

async function cartWith(store: Store, quantity = 1): Promise<{ id: string; kind: string }> {
  cartCounter += 1;
  const id = `cart-${cartCounter}`;
  await store.run("INSERT INTO carts (id, cookie_token, kind, currency, created_on, updated_on) VALUES (?, ?, 'cart', 'USD', 1, 1)", [id, `token-${id}`]);
  await store.run("INSERT INTO cart_entries (id, cart_id, product_id, variant_id, quantity, created_on) VALUES (?, ?, 'p1', 'v1', ?, 1)", [`entry-${id}`, id, quantity]);
  return { id, kind: 'cart' };
}

function input(totalCents: number, overrides: Record<string, unknown> = {}): PlaceOrderInput {
  return placeOrderSchema().parse({
    email: 'Ann@Example.com', name: 'Ann', line1: '1 Road', line2: '', city: 'Town', region: '', postalCode: 'SW1A 1AA', countryCode: 'GB',
    shippingOptionId: 'post', recipientEmail: '', cardNumber: TEST_CARDS.success, cardExpiry: '12/39', cardCvc: '123',
    idempotencyKey: `key-${Math.random().toString(36).slice(2)}-${Date.now()}`, expectedTotalCents: totalCents, ...overrides,
  });
}

for (const engine of TEST_ENGINES) {
  describe(`the order transaction on ${engine}`, () => {
    let store: Store;
    let services: CheckoutServices;
    let dir = '';

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'checkout-tx-'));
      store = openStore(engine === 'postgres' ? { databasePath: '', databaseUrl: await freshPostgresUrl() } : { databasePath: join(dir, 'store.db') }).store;
      await migrate(store);
      await seed(store);
      services = { store, payments: createTestPaymentProvider(), mailer: createMailer({}, silent), log: silent, background: new BackgroundWork(silent) };
    });
    afterAll(async () => {
      // the orders' emails are still being sent when the last test ends
      await services.background.settled();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it('prices by weight from the product data and taxes the subtotal', async () => {
      const quote = await quoteCart(store, await cartWith(store, 1), { optionId: 'post' });
      // 1.5 kg: base 3.00 + two started kilograms at 2.00
      expect(quote).toMatchObject({ subtotalCents: 2000, weightGrams: 1500, shippingCents: 700, taxCents: 200, totalCents: 2900 });
      expect(quote.lines[0]).toMatchObject({ variantLabel: 'Colour: Blue', limitedStock: true });
    });

    it('sells the last jug once to two checkouts at the same moment, and refunds the other', async () => {
      const [first, second] = [await cartWith(store), await cartWith(store)];
      const outcomes = await Promise.all([placeCheckoutOrder(services, first, input(2900)), placeCheckoutOrder(services, second, input(2900))]);
      expect(outcomes.map((outcome) => outcome.kind).sort()).toEqual(['placed', 'short-of-stock']);
      const refused = outcomes.find((outcome) => outcome.kind === 'short-of-stock');
      // named whichever check found it short: before the payment, or the conditional update after it
      const shortLines = [{ productName: 'Jug', variantLabel: 'Colour: Blue', left: 0 }];
      expect(refused).toEqual({ kind: 'short-of-stock', status: 409, message: CHECKOUT.notEnoughLeft(shortLines), shortLines });
      const placed = outcomes.find((outcome) => outcome.kind === 'placed') as { orderId: string; orderNumber: number };
      expect(placed.orderNumber).toBe(1001);
      expect(Number((await store.get<{ q: number }>("SELECT qty_in_stock AS q FROM variants WHERE id = 'v1'"))!.q)).toBe(0);
      const orders = new CheckoutOrderRepository(store);
      const customer = await orders.customerOf(placed.orderId);
      expect(customer).toMatchObject({ email: 'ann@example.com', shippingOption: { id: 'post', name: 'Post', costCents: 700 }, paymentProvider: 'test' });
      expect(customer!.paymentReference).toMatch(/^test_/);
      expect(await orders.linesOf(placed.orderId)).toEqual([{ productName: 'Jug', variantLabel: 'Colour: Blue', billingInterval: '', quantity: 1, unitPriceCents: 2000, answers: [] }]);
      const emails = await new EmailOutboxRepository(store).ofSubject(placed.orderId);
      expect(emails).toHaveLength(1);
      expect(emails[0]!.subject).toBe('Your order #1001 from Test Shop');
      // the refused cart is still open and bought nothing
      const losing = outcomes[0]!.kind === 'short-of-stock' ? first : second;
      expect(Number((await store.get<{ p: number }>('SELECT is_purchased AS p FROM carts WHERE id = ?', [losing.id]))!.p)).toBe(0);
    });

    it('numbers orders one after another and answers a repeated attempt with its order', async () => {
      await store.run("UPDATE variants SET qty_in_stock = 10 WHERE id = 'v1'");
      const cart = await cartWith(store);
      const attempt = input(2900);
      const [a, b] = await Promise.all([placeCheckoutOrder(services, cart, attempt), placeCheckoutOrder(services, cart, attempt)]);
      expect(a).toMatchObject({ kind: 'placed', orderNumber: 1002 });
      expect(b).toEqual(a);
      expect(await new CheckoutOrderRepository(store).countForCart(cart.id)).toBe(1);
      expect(Number((await store.get<{ q: number }>("SELECT qty_in_stock AS q FROM variants WHERE id = 'v1'"))!.q)).toBe(9);
    });

    it('declines without writing anything, and refuses a changed total', async () => {
      const cart = await cartWith(store);
      const before = await store.get<{ n: number }>('SELECT COUNT(*) AS n FROM orders');
      expect(await placeCheckoutOrder(services, cart, input(2900, { cardNumber: TEST_CARDS.decline }))).toEqual({ kind: 'payment', status: 402, message: CHECKOUT.paymentDeclined });
      expect(await placeCheckoutOrder(services, cart, input(2800))).toMatchObject({ kind: 'total-changed', quote: { totalCents: 2900 } });
      expect(await store.get<{ n: number }>('SELECT COUNT(*) AS n FROM orders')).toEqual(before);
    });

    it('names the line whose last one went while the card was charged, and gives the payment back', async () => {
      await store.run("UPDATE variants SET qty_in_stock = 1 WHERE id = 'v1'");
      const cart = await cartWith(store);
      const provider = createTestPaymentProvider();
      const refunds: string[] = [];
      // another order takes the last jug between the check before the payment and the order's transaction
      const racing: CheckoutServices = { ...services, payments: {
        name: provider.name, testMode: provider.testMode,
        charge: async (request) => {
          await store.run("UPDATE variants SET qty_in_stock = 0 WHERE id = 'v1'");
          return provider.charge(request);
        },
        refund: async (reference, request) => {
          refunds.push(reference);
          return provider.refund(reference, request);
        },
      } };
      const shortLines = [{ productName: 'Jug', variantLabel: 'Colour: Blue', left: 0 }];
      expect(await placeCheckoutOrder(racing, cart, input(2900))).toEqual({ kind: 'short-of-stock', status: 409, message: CHECKOUT.notEnoughLeft(shortLines), shortLines });
      expect(refunds).toHaveLength(1);
      expect(await new CheckoutOrderRepository(store).countForCart(cart.id)).toBe(0);
    });

    it('gives the charge of one attempt sent twice at once back once, under the charge\'s own key', async () => {
      await store.run("UPDATE variants SET qty_in_stock = 1 WHERE id = 'v1'");
      const cart = await cartWith(store);
      const live = livePayments();
      // both requests reach the card (past the check before it) before the last jug goes, on either
      // engine; the provider answers the attempt's two charges with one charge
      let arrived = 0;
      let bothCharging = (): void => undefined;
      const together = new Promise<void>((resolve) => { bothCharging = resolve; });
      const racing: CheckoutServices = { ...services, payments: {
        ...live.provider,
        refund: live.provider.refund,
        charge: async (request) => {
          if (++arrived === 2) {
            await store.run("UPDATE variants SET qty_in_stock = 0 WHERE id = 'v1'");
            bothCharging();
          }
          await together;
          return live.provider.charge(request);
        },
      } };
      const attempt = input(2900);
      const outcomes = await Promise.all([placeCheckoutOrder(racing, cart, attempt), placeCheckoutOrder(racing, cart, attempt)]);
      expect(outcomes.map((outcome) => outcome.kind)).toEqual(['short-of-stock', 'short-of-stock']);
      expect(live.asked).toHaveLength(2);
      const reference = live.asked[0]!.reference;
      expect(live.asked).toEqual([
        { reference, idempotencyKey: chargeGiveBackKey(reference) },
        { reference, idempotencyKey: chargeGiveBackKey(reference) },
      ]);
      expect(live.givenBack.get(reference)).toBe(1);
      expect(await new CheckoutOrderRepository(store).countForCart(cart.id)).toBe(0);
    });

    it('logs a charge the provider refuses to give back, the shopper charged without an order', async () => {
      await store.run("UPDATE variants SET qty_in_stock = 1 WHERE id = 'v1'");
      const cart = await cartWith(store);
      const provider = createTestPaymentProvider();
      const lines: Array<Record<string, unknown>> = [];
      const log = pino({ level: 'info' }, new Writable({ write(chunk, _encoding, done) { lines.push(JSON.parse(String(chunk))); done(); } }));
      const refusing: CheckoutServices = { ...services, log, payments: {
        name: provider.name, testMode: provider.testMode,
        charge: async (request) => {
          await store.run("UPDATE variants SET qty_in_stock = 0 WHERE id = 'v1'");
          return provider.charge(request);
        },
        refund: async () => ({ outcome: 'refused', reason: 'the charge is disputed' }),
      } };
      expect(await placeCheckoutOrder(refusing, cart, input(2900))).toMatchObject({ kind: 'short-of-stock' });
      const refused = lines.filter((line) => String(line.msg).startsWith('the charge of an order that could not be written was refused its refund'));
      expect(refused).toHaveLength(1);
      expect(refused[0]).toMatchObject({ level: 50, reference: expect.stringMatching(/^test_/), reason: 'the charge is disputed' });
    });

    it('gives a rolled-back order number back to the counter', async () => {
      await expect(store.transaction(async (tx) => {
        expect(await nextOrderNumber(tx)).toBe(1003);
        throw new Error('rolled back');
      })).rejects.toThrow('rolled back');
      expect(await store.transaction((tx) => nextOrderNumber(tx))).toBe(1003);
    });

    it('lists the outbox newest first, by status and by recipient in any case', async () => {
      const outbox = new EmailOutboxRepository(store);
      await outbox.add({ kind: 'note', subjectId: null, recipient: 'Zed@Example.com', subject: 'One', text: 't', html: 'h' }, 10);
      await outbox.add({ kind: 'note', subjectId: null, recipient: 'zed@example.com', subject: 'Two', text: 't', html: 'h' }, 20);
      expect((await outbox.list({ recipient: 'ZED@example.com' })).map((email) => email.subject)).toEqual(['Two', 'One']);
      expect((await outbox.list({ status: 'pending', recipient: 'zed@example.com', limit: 1 })).map((email) => email.subject)).toEqual(['Two']);
    });

    it('answers a repeated attempt with its order also when the twin bought the cart just after the first look-up', async () => {
      await store.run("UPDATE variants SET qty_in_stock = 10 WHERE id = 'v1'");
      const cart = await cartWith(store);
      const attempt = input(2900);
      const first = await placeCheckoutOrder(services, cart, attempt);
      expect(first).toMatchObject({ kind: 'placed' });
      // the twin's first look-up for the attempt ran before the first request's order was committed
      let missed = false;
      const lateStore = new Proxy(store, {
        get(target, property) {
          if (property === 'get') {
            return async (sql: string, params?: unknown[]) => {
              if (!missed && sql.includes('idempotency_key')) {
                missed = true;
                return undefined;
              }
              return target.get(sql, params as never);
            };
          }
          const value = Reflect.get(target, property) as unknown;
          return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
        },
      });
      const twin = await placeCheckoutOrder({ ...services, store: lateStore }, cart, attempt);
      expect(missed).toBe(true);
      expect(twin).toEqual(first);
    });

    it("gives back a twin's charge the provider made under another reference (another process's test provider), keeping the order's", async () => {
      await store.run("UPDATE variants SET qty_in_stock = 10 WHERE id = 'v1'");
      const cart = await cartWith(store);
      const attempt = input(2900);
      // two processes' providers, each knowing nothing of the other's charges; both charges are
      // made before either request writes its order, as two processes sent one attempt at once
      let arrived = 0;
      let bothCharged: () => void = () => undefined;
      const together = new Promise<void>((resolve) => { bothCharged = resolve; });
      const givenBack: string[] = [];
      const processProvider = () => {
        const provider = createTestPaymentProvider();
        return {
          ...provider,
          charge: async (request: Parameters<typeof provider.charge>[0]) => {
            const charged = await provider.charge(request);
            arrived += 1;
            if (arrived === 2) bothCharged();
            await together;
            return charged;
          },
          refund: async (reference: string, request: Parameters<typeof provider.refund>[1]) => {
            givenBack.push(reference);
            return provider.refund(reference, request);
          },
        };
      };
      const [one, two] = await Promise.all([
        placeCheckoutOrder({ ...services, payments: processProvider() }, cart, attempt),
        placeCheckoutOrder({ ...services, payments: processProvider() }, cart, attempt),
      ]);
      expect(one).toEqual(two);
      expect(one).toMatchObject({ kind: 'placed' });
      const order = await store.get<{ payment_reference: string }>('SELECT payment_reference FROM orders WHERE id = ?', [(one as { orderId: string }).orderId]);
      // the request that lost gave its own charge back, and only that one
      expect(givenBack).toHaveLength(1);
      expect(givenBack[0]).not.toBe(order!.payment_reference);
    });
  });
}
