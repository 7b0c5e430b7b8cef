/**
 * Gift cards as the owner's Gift cards screen finds, reads, stops and starts them: each by its
 * last four characters only (the whole code stays the recipient's), with the order that bought it
 * and the orders that spent it.
 */
import { GIFT_CARD_CODE_ALPHABET, giftCardCodeLast4, isGiftCardCodeShape, normalisedGiftCardCode } from '../../client/lib/gift-card-code.ts';
import { containsPattern, LIKE_ESCAPE } from './like-pattern.ts';
import type { GiftCardRow } from './gift-card-repository.ts';
import { forUpdate, type SqlValue, type StoreSession } from './store.ts';

export interface AdminGiftCard {
  id: string;
  last4: string;
  currency: string;
  initialCents: number;
  balanceCents: number;
  recipientEmail: string;
  createdOn: number;
  /** When it was stopped (by the owner, or by the cancellation of the order that bought it); null while it can be spent. */
  stoppedOn: number | null;
  order: { id: string; orderNumber: number | null; status: string; email: string | null };
}

/**
 * An order that paid with the card; `returnedOn` when its cancellation or refund put the amount
 * back, and `returnedCents` what refunds of part of the order put back so far (all of it once returned).
 */
export interface AdminGiftCardSpending {
  orderId: string;
  orderNumber: number | null;
  amountCents: number;
  createdOn: number;
  returnedOn: number | null;
  returnedCents: number;
}

/** A card's row with what the list shows of the order that bought it. */
interface Row extends GiftCardRow {
  order_number: number | string | null;
  order_status: string;
  customer_email: string | null;
}

const nullableNumber = (value: number | string | null): number | null => (value === null ? null : Number(value));

function toCard(row: Row): AdminGiftCard {
  return {
    id: row.id,
    last4: giftCardCodeLast4(row.code),
    currency: row.currency,
    initialCents: Number(row.initial_cents),
    balanceCents: Number(row.balance_cents),
    recipientEmail: row.recipient_email,
    createdOn: Number(row.created_on),
    stoppedOn: nullableNumber(row.cancelled_on),
    order: { id: row.order_id, orderNumber: nullableNumber(row.order_number), status: row.order_status, email: row.customer_email },
  };
}

const SELECT = `SELECT card.id, card.code, card.currency, card.initial_cents, card.balance_cents, card.recipient_email, card.created_on,
  card.cancelled_on, card.order_id, orders.order_number, orders.status AS order_status, orders.customer_email
  FROM gift_cards card JOIN orders ON orders.id = card.order_id`;

const LAST4 = new RegExp(`^[${GIFT_CARD_CODE_ALPHABET}]{4}$`);

/**
 * What a search finds: the buying order's number (with or without its #), words of the
 * recipient's or the buyer's email, the code's last four characters, or the whole code (in either
 * case, with or without its dashes).
 */
function whereOf(search: string): { where: string; params: SqlValue[] } {
  const words = search.trim();
  if (words === '') return { where: '', params: [] };
  const pattern = containsPattern(words);
  const conditions = [`lower(card.recipient_email) LIKE ? ${LIKE_ESCAPE}`, `lower(orders.customer_email) LIKE ? ${LIKE_ESCAPE}`];
  const params: SqlValue[] = [pattern, pattern];
  const number = /^#?\s*(\d{1,15})$/.exec(words)?.[1];
  if (number !== undefined) {
    conditions.push('orders.order_number = ?');
    params.push(Number(number));
  }
  const code = normalisedGiftCardCode(words);
  // a whole code (a shopper reading theirs out) finds that card alone; the answer still shows its last four only
  if (isGiftCardCodeShape(code)) return { where: ' WHERE card.code = ?', params: [code] };
  const last4 = code;
  if (LAST4.test(last4)) {
    // the code's alphabet has no wildcard, and the code is kept in upper case
    conditions.push('card.code LIKE ?');
    params.push(`%${last4}`);
  }
  return { where: ` WHERE (${conditions.join(' OR ')})`, params };
}

export class AdminGiftCardRepository {
  constructor(private readonly session: StoreSession) {}

  /** Cards newest first, `limit` from `offset`, those `search` finds. */
  async list(limit: number, offset: number, search = ''): Promise<AdminGiftCard[]> {
    const { where, params } = whereOf(search);
    const rows = await this.session.all<Row>(`${SELECT}${where} ORDER BY card.created_on DESC, card.rowid DESC LIMIT ? OFFSET ?`, [...params, limit, offset]);
    return rows.map(toCard);
  }

  /**
   * One card; its row locked for the rest of the transaction when `lock` is set (on PostgreSQL
   * the card's row only, not its order's, which the order's own moves lock).
   */
  async findById(id: string, lock = false): Promise<AdminGiftCard | undefined> {
    const locked = lock && forUpdate(this.session) !== '' ? ' FOR UPDATE OF card' : '';
    const row = await this.session.get<Row>(`${SELECT} WHERE card.id = ?${locked}`, [id]);
    return row ? toCard(row) : undefined;
  }

  /** The orders that paid with the card, newest first. */
  async spendingOf(id: string): Promise<AdminGiftCardSpending[]> {
    const rows = await this.session.all<{ order_id: string; order_number: number | string | null; amount_cents: number | string; created_on: number | string; returned_on: number | string | null; returned_cents: number | string }>(
      `SELECT payment.order_id, orders.order_number, payment.amount_cents, payment.created_on, payment.returned_on, payment.returned_cents
       FROM gift_card_payments payment JOIN orders ON orders.id = payment.order_id
       WHERE payment.gift_card_id = ? ORDER BY payment.created_on DESC, payment.rowid DESC`,
      [id],
    );
    return rows.map((row) => ({
      orderId: row.order_id, orderNumber: nullableNumber(row.order_number), amountCents: Number(row.amount_cents),
      createdOn: Number(row.created_on), returnedOn: nullableNumber(row.returned_on), returnedCents: Number(row.returned_cents),
    }));
  }

  /**
   * Stops the card (it can no longer be spent) or starts it again, by a conditional update: false
   * when it was already so (another member of staff, or the order's cancellation, got there first).
   */
  async setStopped(id: string, stopped: boolean, now: number): Promise<boolean> {
    const { changes } = stopped
      ? await this.session.run('UPDATE gift_cards SET cancelled_on = ? WHERE id = ? AND cancelled_on IS NULL', [now, id])
      : await this.session.run('UPDATE gift_cards SET cancelled_on = NULL WHERE id = ? AND cancelled_on IS NOT NULL', [id]);
    return changes === 1;
  }
}
