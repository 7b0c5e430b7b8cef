import { randomUUID } from 'node:crypto';
import { placeholders, type StoreSession } from './store.ts';

export type OutboxStatus = 'pending' | 'sent' | 'failed' | 'kept';

export interface OutboxEmail {
  id: string;
  /** What the email is ('order-confirmation'). */
  kind: string;
  /** The record it is about (an order id). */
  subjectId: string | null;
  recipient: string;
  subject: string;
  text: string;
  html: string;
  status: OutboxStatus;
  error: string | null;
  createdOn: number;
  sentOn: number | null;
  /** When a process last took it to deliver (null: never); a pending one taken may have reached the mail server. */
  attemptedOn: number | null;
  /**
   * When a pending email the mail server could not take for now (a temporary failure: `error`
   * says which) may be tried again; null: at once.
   */
  retryOn: number | null;
  /** How many temporary failures it met, which sets how long it waits before the next try. */
  tries: number;
}

export type NewOutboxEmail = Pick<OutboxEmail, 'kind' | 'subjectId' | 'recipient' | 'subject' | 'text' | 'html'>;

/** How long after it was written an email may still be sent: per kind, and for every other kind. */
export interface AgeByKind {
  byKind: Record<string, number>;
  otherwise: number;
}

/**
 * A condition on `created_on` that holds for emails written after (`'after'`) or at and before
 * (`'by'`) their kind's cutoff, `now` less its age, with its parameters.
 */
function writtenAgainst(ages: AgeByKind, now: number, side: 'after' | 'by'): { sql: string; params: Array<string | number> } {
  const compare = side === 'after' ? 'created_on > ?' : 'created_on <= ?';
  const kinds = Object.entries(ages.byKind);
  const params: Array<string | number> = kinds.flatMap(([kind, ageMs]) => [kind, now - ageMs]);
  params.push(now - ages.otherwise);
  const sql = kinds.length === 0 ? compare : `CASE kind ${kinds.map(() => `WHEN ? THEN ${compare}`).join(' ')} ELSE ${compare} END`;
  return { sql, params };
}

interface OutboxRow {
  id: string;
  kind: string;
  subject_id: string | null;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  status: OutboxStatus;
  error: string | null;
  created_on: number | string;
  sent_on: number | string | null;
  attempted_on: number | string | null;
  retry_on: number | string | null;
  tries: number | string;
}

function toEmail(row: OutboxRow): OutboxEmail {
  return {
    id: row.id,
    kind: row.kind,
    subjectId: row.subject_id,
    recipient: row.recipient,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    status: row.status,
    error: row.error,
    createdOn: Number(row.created_on),
    sentOn: row.sent_on === null ? null : Number(row.sent_on),
    attemptedOn: row.attempted_on === null ? null : Number(row.attempted_on),
    retryOn: row.retry_on === null ? null : Number(row.retry_on),
    tries: Number(row.tries),
  };
}

export interface OutboxListOptions {
  status?: OutboxStatus;
  recipient?: string;
  /** At most this many, newest first (default 50, at most 500). */
  limit?: number;
}

/**
 * The store's outgoing emails. An email is added in the transaction of what it announces, then
 * delivered (or kept, when no SMTP server is configured) after that transaction commits; the
 * owner's admin reads them with list().
 */
export class EmailOutboxRepository {
  constructor(private readonly session: StoreSession) {}

  async add(email: NewOutboxEmail, now = Date.now()): Promise<OutboxEmail> {
    const id = randomUUID();
    await this.session.run(
      `INSERT INTO email_outbox (id, kind, subject_id, recipient, subject, text_body, html_body, status, created_on)
       VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', ?)`,
      [id, email.kind, email.subjectId, email.recipient, email.subject, email.text, email.html, now],
    );
    return { ...email, id, status: 'pending', error: null, createdOn: now, sentOn: null, attemptedOn: null, retryOn: null, tries: 0 };
  }

  async list(options: OutboxListOptions = {}): Promise<OutboxEmail[]> {
    const where: string[] = [];
    const params: Array<string | number> = [];
    if (options.status) {
      where.push('status = ?');
      params.push(options.status);
    }
    if (options.recipient) {
      where.push('lower(recipient) = lower(?)');
      params.push(options.recipient);
    }
    const limit = Math.min(Math.max(Math.trunc(options.limit ?? 50), 1), 500);
    const rows = await this.session.all<OutboxRow>(
      `SELECT * FROM email_outbox${where.length ? ` WHERE ${where.join(' AND ')}` : ''}
       ORDER BY created_on DESC, rowid DESC LIMIT ${limit}`,
      params,
    );
    return rows.map(toEmail);
  }

  async findById(id: string): Promise<OutboxEmail | undefined> {
    const row = await this.session.get<OutboxRow>('SELECT * FROM email_outbox WHERE id = ?', [id]);
    return row ? toEmail(row) : undefined;
  }

  /** Emails of one record (an order's confirmation), oldest first. */
  async ofSubject(subjectId: string): Promise<OutboxEmail[]> {
    const rows = await this.session.all<OutboxRow>(
      'SELECT * FROM email_outbox WHERE subject_id = ? ORDER BY created_on, rowid',
      [subjectId],
    );
    return rows.map(toEmail);
  }

  /** How many emails of each of `subjectIds` (orders) failed, for the lists that flag them; those with none are left out. */
  async failedCounts(subjectIds: readonly string[]): Promise<Map<string, number>> {
    if (subjectIds.length === 0) return new Map();
    const rows = await this.session.all<{ subject_id: string; n: number | string }>(
      `SELECT subject_id, COUNT(*) AS n FROM email_outbox WHERE status = 'failed' AND subject_id IN (${placeholders(subjectIds.length)}) GROUP BY subject_id`,
      [...subjectIds],
    );
    return new Map(rows.map((row) => [row.subject_id, Number(row.n)]));
  }

  /**
   * Takes a pending email to deliver: true for the one call that marks it, so an email is sent
   * once though the process that wrote it and a sweep (in any process) both try. A mark older
   * than `staleAfterMs` (a process that stopped mid-send) may be taken again; one waiting to be
   * tried again (a temporary failure) is not taken before its `retry_on`.
   */
  async claim(id: string, now: number, staleAfterMs: number): Promise<boolean> {
    const marked = await this.session.run(
      `UPDATE email_outbox SET attempted_on = ? WHERE id = ? AND status = 'pending' AND (attempted_on IS NULL OR attempted_on < ?)
       AND (retry_on IS NULL OR retry_on <= ?)`,
      [now, id, now - staleAfterMs, now],
    );
    return marked.changes === 1;
  }

  /**
   * Takes an email the owner sends again, the way claim() takes a pending one: true for the one
   * call that marks it, which alone sends it. A failed or kept email becomes pending, marked as
   * taken now (so the sweep leaves it to this process, and gives it up as perhaps sent should the
   * process stop mid-send); a pending one is taken only if no process holds a fresh mark on it
   * (one waiting to be tried again is taken at once, its tries counted afresh).
   */
  async takeToSendAgain(id: string, now: number, staleAfterMs: number): Promise<boolean> {
    const marked = await this.session.run(
      `UPDATE email_outbox SET status = 'pending', error = NULL, attempted_on = ?, retry_on = NULL, tries = 0
       WHERE id = ? AND (status IN ('failed', 'kept') OR (status = 'pending' AND (attempted_on IS NULL OR attempted_on < ?)))`,
      [now, id, now - staleAfterMs],
    );
    return marked.changes === 1;
  }

  /**
   * A copy of a sent email, to send again (the shopper lost the first), taken to deliver as
   * takeToSendAgain takes one: pending, marked now. 'not-sent' when `id` is not a sent email;
   * 'too-soon' when an email of its kind went to its recipient about its record less than
   * `notWithinMs` ago, or `perDay` copies were made in the last day. The checks go by the first
   * email of that kind, record and recipient, whichever of its copies is asked for, so a copy of a
   * copy is held to the same pace; that first email is marked first (its attempted_on, which a
   * sent email no longer needs), and of two asks at the same moment, on any engine and in any
   * process, its row's lock lets one mark it.
   */
  async addCopyOfSent(id: string, now: number, limits: { notWithinMs: number; perDay: number }): Promise<OutboxEmail | 'not-sent' | 'too-soon'> {
    const asked = await this.findById(id);
    if (!asked || asked.status !== 'sent') return 'not-sent';
    const first = await this.session.get<{ id: string }>(
      'SELECT id FROM email_outbox WHERE kind = ? AND subject_id = ? AND recipient = ? ORDER BY created_on, rowid LIMIT 1',
      [asked.kind, asked.subjectId, asked.recipient],
    );
    const marked = await this.session.run(
      'UPDATE email_outbox SET attempted_on = ? WHERE id = ? AND (attempted_on IS NULL OR attempted_on < ?)',
      [now, first?.id ?? id, now - limits.notWithinMs],
    );
    if (marked.changes !== 1) return 'too-soon';
    const copies = await this.session.get<{ n: number | string }>(
      'SELECT COUNT(*) AS n FROM email_outbox WHERE kind = ? AND subject_id = ? AND recipient = ? AND id <> ? AND created_on > ?',
      [asked.kind, asked.subjectId, asked.recipient, first?.id ?? id, now - 24 * 60 * 60 * 1000],
    );
    if (Number(copies?.n ?? 0) >= limits.perDay) return 'too-soon';
    const copyId = randomUUID();
    await this.session.run(
      `INSERT INTO email_outbox (id, kind, subject_id, recipient, subject, text_body, html_body, status, created_on, attempted_on)
       SELECT ?, kind, subject_id, recipient, subject, text_body, html_body, 'pending', ?, ? FROM email_outbox WHERE id = ?`,
      [copyId, now, now, id],
    );
    return (await this.findById(copyId))!;
  }

  /**
   * How many emails of each of `kinds` written since `since` ended failed (refused by the mail
   * server, or given up), leaving out those failed with one of `exceptErrors`; kinds with none are
   * left out.
   */
  async failedByKind(kinds: readonly string[], since: number, options: { exceptErrors?: readonly string[] } = {}): Promise<Record<string, number>> {
    if (kinds.length === 0) return {};
    const except = options.exceptErrors ?? [];
    const notExcepted = except.length === 0 ? '' : ` AND (error IS NULL OR error NOT IN (${placeholders(except.length)}))`;
    const rows = await this.session.all<{ kind: string; n: number | string }>(
      `SELECT kind, COUNT(*) AS n FROM email_outbox
       WHERE status = 'failed' AND created_on >= ? AND kind IN (${placeholders(kinds.length)})${notExcepted} GROUP BY kind`,
      [since, ...kinds, ...except],
    );
    return Object.fromEntries(rows.map((row) => [row.kind, Number(row.n)]));
  }

  /** How many emails wait to be tried again, the mail server having been unable to take them for now (waitToRetry). */
  async waitingToRetry(): Promise<number> {
    const row = await this.session.get<{ n: number | string }>("SELECT COUNT(*) AS n FROM email_outbox WHERE status = 'pending' AND retry_on IS NOT NULL");
    return Number(row?.n ?? 0);
  }

  /**
   * Pending emails written at least `minAgeMs` ago, and no longer ago than their kind may still be
   * sent (`sendableFor`), that no process is delivering (their writer stopped before sending, or
   * its mark is older than `staleAfterMs`) and that are not waiting to be tried again later (a
   * temporary failure, `retry_on` still to come), oldest first. A kind given 0 is not taken at all.
   */
  async leftPending(now: number, options: { minAgeMs: number; sendableFor: AgeByKind; staleAfterMs: number; limit: number }): Promise<OutboxEmail[]> {
    const young = writtenAgainst(options.sendableFor, now, 'after');
    const rows = await this.session.all<OutboxRow>(
      `SELECT * FROM email_outbox
       WHERE status = 'pending' AND created_on < ? AND (attempted_on IS NULL OR attempted_on < ?) AND (retry_on IS NULL OR retry_on <= ?)
       AND ${young.sql}
       ORDER BY created_on, rowid LIMIT ${Math.trunc(options.limit)}`,
      [now - options.minAgeMs, now - options.staleAfterMs, now, ...young.params],
    );
    return rows.map(toEmail);
  }

  /**
   * Pending emails written longer ago than their kind may be sent (`sendableFor`) that no process
   * is delivering now (never taken, or taken before `staleAfterMs` by a process that stopped),
   * oldest first: what the sweep gives up.
   */
  async pastSendable(now: number, options: { sendableFor: AgeByKind; staleAfterMs: number; limit: number }): Promise<OutboxEmail[]> {
    const old = writtenAgainst(options.sendableFor, now, 'by');
    const rows = await this.session.all<OutboxRow>(
      `SELECT * FROM email_outbox
       WHERE status = 'pending' AND (attempted_on IS NULL OR attempted_on < ?) AND ${old.sql}
       ORDER BY created_on, rowid LIMIT ${Math.trunc(options.limit)}`,
      [now - options.staleAfterMs, ...old.params],
    );
    return rows.map(toEmail);
  }

  /**
   * Gives up a pending email no process is sending: marked failed, with why. Without
   * `takenBefore`, one no process ever took; with it, one a process took before then and never
   * settled (it stopped mid-send). True for the one call that marked it: one taken meanwhile, or
   * taken again since (its mark newer), is left to the process sending it.
   */
  async giveUp(id: string, error: string, takenBefore?: number): Promise<boolean> {
    const notSending = takenBefore === undefined ? 'attempted_on IS NULL' : 'attempted_on IS NOT NULL AND attempted_on < ?';
    const marked = await this.session.run(
      `UPDATE email_outbox SET status = 'failed', error = ? WHERE id = ? AND status = 'pending' AND ${notSending}`,
      takenBefore === undefined ? [error, id] : [error, id, takenBefore],
    );
    return marked.changes === 1;
  }

  /**
   * Records a temporary failure of a send this process took (the mail server could not be reached
   * or answered 4xx): the email stays pending, with the failure as its error, its tries counted,
   * and the mark released, to be tried again from `retryOn` (the sweep takes it then). A send
   * always ends well inside its mark (DELIVERY_CLAIM_MS), so no other process took it meanwhile.
   */
  async waitToRetry(id: string, error: string, retryOn: number): Promise<void> {
    await this.session.run(
      `UPDATE email_outbox SET error = ?, retry_on = ?, tries = tries + 1, attempted_on = NULL
       WHERE id = ? AND status = 'pending'`,
      [error, retryOn, id],
    );
  }

  /** Records how a delivery ended. */
  async settle(id: string, status: Exclude<OutboxStatus, 'pending'>, error: string | null = null, now = Date.now()): Promise<void> {
    await this.session.run(
      'UPDATE email_outbox SET status = ?, error = ?, sent_on = ?, retry_on = NULL WHERE id = ?',
      [status, error, status === 'sent' ? now : null, id],
    );
  }
}
