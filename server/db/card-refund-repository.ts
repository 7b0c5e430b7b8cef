import type { StoreSession } from './store.ts';

/** Where a live order's card refund stands (migration 150): begun and not yet recorded, and given back. */
export interface CardRefundState {
  startedOn: number | null;
  refundedOn: number | null;
}

const timeOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

/** An order row's card refund state. */
export function cardRefundFromRow(row: Record<string, unknown>): CardRefundState {
  return { startedOn: timeOrNull(row.card_refund_started_on), refundedOn: timeOrNull(row.card_refunded_on) };
}

/**
 * A live order's card charge given back through the payment provider: the refund is taken by a
 * conditional update before the provider is asked, so of two requests (a double tap, two members
 * of staff, two processes) one asks; a refusal or failure gives it back, and the order's move
 * records the money as given back.
 */
export class CardRefundRepository {
  constructor(private readonly session: StoreSession) {}

  async of(orderId: string): Promise<CardRefundState | undefined> {
    const row = await this.session.get<Record<string, unknown>>('SELECT card_refund_started_on, card_refunded_on FROM orders WHERE id = ?', [orderId]);
    return row ? cardRefundFromRow(row) : undefined;
  }

  /**
   * Takes the order's refund at `now` while its status is one of `statuses` and its card has not
   * been refunded: false when another took it less than `claimMs` ago (one taken longer ago, by a
   * process that stopped before recording it, may be taken again: the provider is asked under the
   * same key, so it answers with the refund it made rather than making a second).
   */
  async begin(orderId: string, statuses: readonly string[], now: number, claimMs: number): Promise<boolean> {
    const { changes } = await this.session.run(
      `UPDATE orders SET card_refund_started_on = ? WHERE id = ? AND status IN (${statuses.map(() => '?').join(', ')})
         AND card_refunded_on IS NULL AND (card_refund_started_on IS NULL OR card_refund_started_on < ?)`,
      [now, orderId, ...statuses, now - claimMs],
    );
    return changes === 1;
  }

  /** Gives back the refund taken at `startedOn` (the provider refused or failed: no money moved). */
  async release(orderId: string, startedOn: number): Promise<void> {
    await this.session.run('UPDATE orders SET card_refund_started_on = NULL WHERE id = ? AND card_refund_started_on = ?', [orderId, startedOn]);
  }

  /**
   * Leaves the refund taken at `startedOn` begun (its money went back but the order could not be
   * recorded) and free to be asked again at once, rather than once `claimMs` have passed.
   */
  async leaveUnfinished(orderId: string, startedOn: number, claimMs: number): Promise<void> {
    await this.session.run('UPDATE orders SET card_refund_started_on = ? WHERE id = ? AND card_refund_started_on = ?', [startedOn - claimMs, orderId, startedOn]);
  }

  /** Records the card's money as given back at `now`; in the transaction of the order's move. */
  async done(orderId: string, now: number): Promise<void> {
    await this.session.run('UPDATE orders SET card_refunded_on = ?, card_refund_started_on = NULL WHERE id = ?', [now, orderId]);
  }
}
