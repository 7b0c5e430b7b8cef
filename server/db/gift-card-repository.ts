import { randomInt } from 'node:crypto';
import { GIFT_CARD_CODE_ALPHABET, GIFT_CARD_CODE_LENGTH, giftCardCodeLast4 } from '../../client/lib/gift-card-code.ts';
import { newRecordId } from './cart-repository.ts';
import { forUpdate, type StoreSession } from './store.ts';

/** A gift card as the store keeps it (migration 143). */
export interface GiftCardRecord {
  id: string;
  /** Normalised (gift-card-code.ts): only the recipient's email and the checkout's look-up see it whole. */
  code: string;
  orderId: string;
  currency: string;
  initialCents: number;
  balanceCents: number;
  recipientEmail: string;
  createdOn: number;
  cancelledOn: number | null;
}

/** What an order paid with a gift card. */
export interface GiftCardPaymentRecord {
  giftCardId: string;
  last4: string;
  amountCents: number;
  /** What has gone back on the card so far: refunds of part of the order, then the rest with its whole refund or cancellation. */
  returnedCents: number;
  /** When the whole payment went back (the order cancelled or refunded); null while some of it is still the order's. */
  returnedOn: number | null;
}

/** A gift_cards row as either engine returns it (numbers may come back as text). */
export interface GiftCardRow {
  id: string;
  code: string;
  order_id: string;
  currency: string;
  initial_cents: number | string;
  balance_cents: number | string;
  recipient_email: string;
  created_on: number | string;
  cancelled_on: number | string | null;
}

function toCard(row: GiftCardRow): GiftCardRecord {
  return {
    id: row.id,
    code: row.code,
    orderId: row.order_id,
    currency: row.currency,
    initialCents: Number(row.initial_cents),
    balanceCents: Number(row.balance_cents),
    recipientEmail: row.recipient_email,
    createdOn: Number(row.created_on),
    cancelledOn: row.cancelled_on === null ? null : Number(row.cancelled_on),
  };
}

/** A fresh code: every character drawn by the crypto generator from the code alphabet. */
function newCode(): string {
  let code = '';
  for (let i = 0; i < GIFT_CARD_CODE_LENGTH; i++) code += GIFT_CARD_CODE_ALPHABET[randomInt(GIFT_CARD_CODE_ALPHABET.length)];
  return code;
}

/** Codes tried before giving up: a clash among 32^16 codes is already unlikely once. */
const CODE_TRIES = 5;

/**
 * The gift cards orders issue and spend: issued and taken in the order's transaction, given back
 * and cancelled in the transaction of the order's cancellation or refund.
 */
export class GiftCardRepository {
  constructor(private readonly session: StoreSession) {}

  /**
   * A new card for `orderId` worth `amountCents`, under a fresh code. A clash with an existing
   * code inserts nothing (ON CONFLICT, which leaves a PostgreSQL transaction usable) and draws again.
   */
  async issue(card: { orderId: string; currency: string; amountCents: number; recipientEmail: string }, now: number): Promise<GiftCardRecord> {
    for (let attempt = 0; attempt < CODE_TRIES; attempt++) {
      const record: GiftCardRecord = {
        id: newRecordId(), code: newCode(), orderId: card.orderId, currency: card.currency, initialCents: card.amountCents,
        balanceCents: card.amountCents, recipientEmail: card.recipientEmail, createdOn: now, cancelledOn: null,
      };
      const { changes } = await this.session.run(
        `INSERT INTO gift_cards (id, code, order_id, currency, initial_cents, balance_cents, recipient_email, created_on)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (code) DO NOTHING`,
        [record.id, record.code, record.orderId, record.currency, record.initialCents, record.balanceCents, record.recipientEmail, now],
      );
      if (changes === 1) return record;
    }
    throw new Error('no unused gift card code found');
  }

  /** The card of its id (the admin's), or undefined. */
  async findById(id: string): Promise<GiftCardRecord | undefined> {
    const row = await this.session.get<GiftCardRow>('SELECT * FROM gift_cards WHERE id = ?', [id]);
    return row ? toCard(row) : undefined;
  }

  /** The card of a normalised code; locked for the rest of the transaction when `lock` is set. */
  async findByCode(code: string, lock = false): Promise<GiftCardRecord | undefined> {
    const row = await this.session.get<GiftCardRow>(`SELECT * FROM gift_cards WHERE code = ?${lock ? forUpdate(this.session) : ''}`, [code]);
    return row ? toCard(row) : undefined;
  }

  /**
   * Takes `amountCents` from a card that is not cancelled and holds that much, for `orderId`: a
   * conditional update, so of two orders spending one card the second never overdraws it. False
   * when the card could not pay it (nothing changes).
   */
  async spend(giftCardId: string, orderId: string, amountCents: number, now: number): Promise<boolean> {
    const { changes } = await this.session.run(
      'UPDATE gift_cards SET balance_cents = balance_cents - ? WHERE id = ? AND cancelled_on IS NULL AND balance_cents >= ?',
      [amountCents, giftCardId, amountCents],
    );
    if (changes !== 1) return false;
    await this.session.run(
      'INSERT INTO gift_card_payments (order_id, gift_card_id, amount_cents, created_on) VALUES (?, ?, ?, ?)',
      [orderId, giftCardId, amountCents, now],
    );
    return true;
  }

  /** What the order paid by gift card, or null when it paid none. */
  async paymentOf(orderId: string): Promise<GiftCardPaymentRecord | null> {
    const row = await this.session.get<{ gift_card_id: string; code: string; amount_cents: number | string; returned_cents: number | string; returned_on: number | string | null }>(
      `SELECT payment.gift_card_id, card.code, payment.amount_cents, payment.returned_cents, payment.returned_on
       FROM gift_card_payments payment JOIN gift_cards card ON card.id = payment.gift_card_id WHERE payment.order_id = ?`,
      [orderId],
    );
    if (!row) return null;
    return {
      giftCardId: row.gift_card_id, last4: giftCardCodeLast4(row.code), amountCents: Number(row.amount_cents),
      returnedCents: Number(row.returned_cents), returnedOn: row.returned_on === null ? null : Number(row.returned_on),
    };
  }

  /** The cards the order issued, in the order they were issued. */
  async issuedBy(orderId: string): Promise<GiftCardRecord[]> {
    const rows = await this.session.all<GiftCardRow>('SELECT * FROM gift_cards WHERE order_id = ? ORDER BY rowid', [orderId]);
    return rows.map(toCard);
  }

  /**
   * Puts what the order paid by gift card and has not had back yet on that card, once: the payment
   * is marked returned by a conditional update first, so a refund after a cancellation returns
   * nothing more, and one after refunds of part of the order returns only the rest. Returns what
   * went back on the card (0 when nothing did).
   */
  async givePaymentBack(orderId: string, now: number): Promise<number> {
    const payment = await this.session.get<{ gift_card_id: string; amount_cents: number | string; returned_cents: number | string }>(
      `SELECT gift_card_id, amount_cents, returned_cents FROM gift_card_payments WHERE order_id = ? AND returned_on IS NULL${forUpdate(this.session)}`,
      [orderId],
    );
    if (!payment) return 0;
    const rest = Number(payment.amount_cents) - Number(payment.returned_cents);
    const { changes } = await this.session.run(
      'UPDATE gift_card_payments SET returned_on = ?, returned_cents = amount_cents WHERE order_id = ? AND returned_on IS NULL AND returned_cents = ?',
      [now, orderId, Number(payment.returned_cents)],
    );
    if (changes !== 1 || rest <= 0) return 0;
    await this.session.run('UPDATE gift_cards SET balance_cents = balance_cents + ? WHERE id = ?', [rest, payment.gift_card_id]);
    return rest;
  }

  /**
   * Puts `cents` of what the order paid by gift card back on that card, for a refund of part of
   * the order: a conditional update, so of two refunds at once neither returns more than the
   * payment had left. False when it had not that much left (nothing changes).
   */
  async givePartBack(orderId: string, cents: number): Promise<boolean> {
    const { changes } = await this.session.run(
      'UPDATE gift_card_payments SET returned_cents = returned_cents + ? WHERE order_id = ? AND returned_on IS NULL AND returned_cents + ? <= amount_cents',
      [cents, orderId, cents],
    );
    if (changes !== 1) return false;
    await this.session.run(
      'UPDATE gift_cards SET balance_cents = balance_cents + ? WHERE id = (SELECT gift_card_id FROM gift_card_payments WHERE order_id = ?)',
      [cents, orderId],
    );
    return true;
  }

  /** Cancels the cards the order issued: they can no longer be spent. */
  async cancelIssuedBy(orderId: string, now: number): Promise<void> {
    await this.session.run('UPDATE gift_cards SET cancelled_on = ? WHERE order_id = ? AND cancelled_on IS NULL', [now, orderId]);
  }
}
