import { forUpdate, type StoreSession } from './store.ts';

/** Where a link stands: the account's current one, one a newer link replaced, or one unknown, used or past its time. */
export type PasswordLinkState = 'current' | 'replaced' | 'unusable';

/** What taking a link gave: the account it was made for, or why it cannot be used. */
export type TakenPasswordLink = { siteUserId: string } | { refused: Exclude<PasswordLinkState, 'current'> };

/**
 * The links to choose a new password (password_resets): kept by the SHA-256 of their token, one
 * current per account (a new one replaces the old, which is kept, unusable, until its own expiry so
 * its page can say why), used once. Taking a link and setting the password happen in one
 * transaction, so two uses of one link change the password once.
 */
export class PasswordResetRepository {
  constructor(private readonly session: StoreSession) {}

  /**
   * When the account's current link was made, or null when it has none, with the account's row
   * locked until the transaction ends (on PostgreSQL; SQLite's write transactions run one at a
   * time), so two requests at once cannot both find no recent link and both send one.
   */
  async lastRequestedOn(siteUserId: string): Promise<number | null> {
    await this.session.get(`SELECT id FROM site_users WHERE id = ?${forUpdate(this.session)}`, [siteUserId]);
    const row = await this.session.get<{ created_on: number | string }>(
      'SELECT created_on FROM password_resets WHERE site_user_id = ? AND replaced_on IS NULL ORDER BY created_on DESC LIMIT 1',
      [siteUserId],
    );
    return row ? Number(row.created_on) : null;
  }

  /** Makes the account's link, replacing any earlier one (kept as replaced). */
  async replace(siteUserId: string, tokenHash: string, now: number, expiresOn: number): Promise<void> {
    await this.session.run('UPDATE password_resets SET replaced_on = ? WHERE site_user_id = ? AND replaced_on IS NULL', [now, siteUserId]);
    await this.session.run(
      'INSERT INTO password_resets (token_hash, site_user_id, created_on, expires_on) VALUES (?, ?, ?, ?)',
      [tokenHash, siteUserId, now, expiresOn],
    );
  }

  /** Where the link stands, without using it. */
  async state(tokenHash: string, now: number): Promise<PasswordLinkState> {
    const row = await this.session.get<{ expires_on: number | string; replaced_on: number | string | null }>(
      'SELECT expires_on, replaced_on FROM password_resets WHERE token_hash = ?',
      [tokenHash],
    );
    if (!row || Number(row.expires_on) <= now) return 'unusable';
    return row.replaced_on === null ? 'current' : 'replaced';
  }

  /**
   * The email of the account a current link was made for (for the page's hidden username field),
   * or null: a link replaced or past its time names nobody to whoever holds it.
   */
  async accountEmail(tokenHash: string, now: number): Promise<string | null> {
    const row = await this.session.get<{ email: string }>(
      'SELECT site_users.email FROM password_resets JOIN site_users ON site_users.id = password_resets.site_user_id'
        + ' WHERE password_resets.token_hash = ? AND password_resets.replaced_on IS NULL AND password_resets.expires_on > ?',
      [tokenHash, now],
    );
    return row?.email ?? null;
  }

  /**
   * Uses the link: the account it was made for, or why not. A current link is gone afterwards
   * whether or not it was still within its time (an expired one is of no more use); a replaced one
   * stays, to say so again.
   */
  async take(tokenHash: string, now: number): Promise<TakenPasswordLink> {
    const row = await this.session.get<{ site_user_id: string; expires_on: number | string }>(
      'DELETE FROM password_resets WHERE token_hash = ? AND replaced_on IS NULL RETURNING site_user_id, expires_on',
      [tokenHash],
    );
    if (row) return Number(row.expires_on) > now ? { siteUserId: row.site_user_id } : { refused: 'unusable' };
    return { refused: (await this.state(tokenHash, now)) === 'replaced' ? 'replaced' : 'unusable' };
  }

  /** Sets the account's new password hash, signs it out everywhere and ends its other links. */
  async setPassword(siteUserId: string, passwordHash: string): Promise<void> {
    await this.session.run('UPDATE site_users SET password_hash = ? WHERE id = ?', [passwordHash, siteUserId]);
    await this.session.run('DELETE FROM site_user_sessions WHERE site_user_id = ?', [siteUserId]);
    await this.session.run('DELETE FROM password_resets WHERE site_user_id = ?', [siteUserId]);
  }

  /** Forgets links past their hour (called as new ones are made, so the table never grows). */
  async deleteExpired(now: number): Promise<void> {
    await this.session.run('DELETE FROM password_resets WHERE expires_on <= ?', [now]);
  }
}
