import { forUpdate, type StoreSession } from './store.ts';

/**
 * The links to choose a new password (password_resets): kept by the SHA-256 of their token, one
 * per account (a new one replaces the old), used once. Taking a link and setting the password
 * happen in one transaction, so two uses of one link change the password once.
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
      'SELECT created_on FROM password_resets WHERE site_user_id = ? ORDER BY created_on DESC LIMIT 1',
      [siteUserId],
    );
    return row ? Number(row.created_on) : null;
  }

  /** Makes the account's link, replacing any earlier one. */
  async replace(siteUserId: string, tokenHash: string, now: number, expiresOn: number): Promise<void> {
    await this.session.run('DELETE FROM password_resets WHERE site_user_id = ?', [siteUserId]);
    await this.session.run(
      'INSERT INTO password_resets (token_hash, site_user_id, created_on, expires_on) VALUES (?, ?, ?, ?)',
      [tokenHash, siteUserId, now, expiresOn],
    );
  }

  /** Whether the link is one that still works (known, unused, within its hour), without using it. */
  async isCurrent(tokenHash: string, now: number): Promise<boolean> {
    const row = await this.session.get<{ expires_on: number | string }>('SELECT expires_on FROM password_resets WHERE token_hash = ?', [tokenHash]);
    return row !== undefined && row !== null && Number(row.expires_on) > now;
  }

  /**
   * Uses the link: the account it was made for, or null for a link that is unknown, used or past
   * its hour. The link is gone afterwards either way (an expired one is of no more use).
   */
  async take(tokenHash: string, now: number): Promise<string | null> {
    const row = await this.session.get<{ site_user_id: string; expires_on: number | string }>(
      'DELETE FROM password_resets WHERE token_hash = ? RETURNING site_user_id, expires_on',
      [tokenHash],
    );
    if (!row || Number(row.expires_on) <= now) return null;
    return row.site_user_id;
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
