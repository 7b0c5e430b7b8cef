import type { StoreSession } from './store.ts';

export interface AdminAccount {
  id: string;
  email: string;
  passwordHash: string;
  contributorRole: number | null;
}

/**
 * The signed-in owner's own account: read it, change its password (ending its other sessions) or
 * its sign-in email. Either change also ends any emailed link to choose a new password: a link
 * asked for before the change (perhaps by whoever the change is meant to lock out) must not undo it.
 */
export class AdminAccountRepository {
  constructor(private readonly session: StoreSession) {}

  async findById(id: string): Promise<AdminAccount | undefined> {
    const row = await this.session.get<{ id: string; email: string; password_hash: string; contributor_role: number | null }>(
      'SELECT id, email, password_hash, contributor_role FROM site_users WHERE id = ?',
      [id],
    );
    return row
      ? { id: row.id, email: row.email, passwordHash: row.password_hash, contributorRole: row.contributor_role === null ? null : Number(row.contributor_role) }
      : undefined;
  }

  /** Stores a new password hash and signs the account out everywhere but the session that changed it. */
  async changePassword(id: string, passwordHash: string, keepSessionTokenHash: string): Promise<void> {
    await this.session.run('UPDATE site_users SET password_hash = ? WHERE id = ?', [passwordHash, id]);
    await this.session.run('DELETE FROM site_user_sessions WHERE site_user_id = ? AND token_hash <> ?', [id, keepSessionTokenHash]);
    await this.endPasswordLinks(id);
  }

  /** Sets the account's sign-in email (site_users.email is unique: a taken one fails as a unique violation). */
  async changeEmail(id: string, email: string): Promise<void> {
    await this.session.run('UPDATE site_users SET email = ? WHERE id = ?', [email, id]);
    await this.endPasswordLinks(id);
  }

  private async endPasswordLinks(id: string): Promise<void> {
    await this.session.run('DELETE FROM password_resets WHERE site_user_id = ?', [id]);
  }
}
