/**
 * Work a call starts after answering (tracking writes, the emails of an order placed or moved,
 * restock deliveries) is kept by the app: closing it waits for that work before the store
 * closes, and a failure is logged, not thrown.
 */
import pino from 'pino';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { BackgroundWork } from '../../server/background-work.ts';
import { serverMessages } from '../../server/messages.ts';
import { EmailOutboxRepository } from '../../server/db/email-outbox-repository.ts';
import { placeOrderThroughCheckout } from './helpers/checkout.ts';
import { seededProduct, seededVariant } from './helpers/fixtures.ts';
import { startServer } from './helpers/start-server.ts';
import { startTestMailServer } from './helpers/test-mail-server.ts';
import { Visitor } from './helpers/visitor.ts';

const RECORD_EVENT = '/api/events/RecordEvent';
const nextTurn = (ms = 0) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function capturingLog(): { log: pino.Logger; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({ write(chunk, _enc, done) { lines.push(JSON.parse(String(chunk))); done(); } });
  return { log: pino({ level: 'info' }, sink), lines };
}

describe('background work', () => {
  it('settles only when every piece has ended, including work started by running work', async () => {
    const { log } = capturingLog();
    const work = new BackgroundWork(log);
    const done: string[] = [];
    work.start(async () => {
      await nextTurn(20);
      done.push('first');
      work.start(async () => {
        await nextTurn(20);
        done.push('started by the first');
      });
    });
    await work.settled();
    expect(done).toEqual(['first', 'started by the first']);
  });

  it('logs a failure instead of throwing it at whoever started the work, and still settles', async () => {
    const { log, lines } = capturingLog();
    const work = new BackgroundWork(log);
    work.start(async () => {
      throw new Error('mail server gone');
    });
    await work.settled();
    await nextTurn();
    expect(lines.map((line) => [line.msg, line.err])).toEqual([[serverMessages.backgroundWorkFailedLog, 'mail server gone']]);
  });

  it('closing the app waits for tracking records queued by calls that have already answered', async () => {
    const server = await startServer();
    const visitor = await new Visitor(server.url).start();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, n) => visitor.post(RECORD_EVENT, { event: 'closing-event', data: JSON.stringify({ n }) })));
    expect(answers.every((answer) => answer.status === 204)).toBe(true);
    await server.stop();
    const reopened = await startServer({ databasePath: server.databasePath });
    try {
      const row = await reopened.app.deps.store.get<{ n: number }>('SELECT COUNT(*) AS n FROM tracking_events WHERE kind = ?', ['closing-event']);
      expect(Number(row!.n)).toBe(20);
    } finally {
      await reopened.stop(true);
    }
  });

  it("closing the app waits for an order's confirmation still on its way to the mail server, which then says it was sent", async () => {
    const mail = await startTestMailServer();
    const server = await startServer({ mail: { smtpUrl: mail.url } });
    try {
      const release = mail.hold();
      const shopper = await new Visitor(server.url).start();
      const variant = seededVariant('linen-shirt', (one) => one.qtyInStock > 0);
      expect((await shopper.post('/api/commerce/shopping-cart/entries', { itemId: seededProduct('linen-shirt').id, sku: variant.sku, quantity: 1, additionalFields: null })).status).toBe(200);
      const placed = await placeOrderThroughCheckout(shopper);
      expect(placed.status, placed.text.slice(0, 200)).toBe(201);
      // the order has answered; its confirmation waits for the mail server's answer
      await expect.poll(() => mail.waiting()).toBe(1);
      const stopped = server.stop();
      await nextTurn(50);
      release();
      await stopped;
    } finally {
      await mail.stop();
    }
    const reopened = await startServer({ databasePath: server.databasePath });
    try {
      const emails = await new EmailOutboxRepository(reopened.app.deps.store).list({ limit: 10 });
      expect(emails.map((email) => [email.kind, email.status])).toEqual([['order-confirmation', 'sent']]);
      expect(mail.received).toHaveLength(1);
    } finally {
      await reopened.stop(true);
    }
  });
});
