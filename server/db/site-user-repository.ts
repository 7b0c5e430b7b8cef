import type { StoreSession } from './store.ts';

export interface SiteUserRecord {
  id: string;
  email: string;
  passwordHash: string;
  /** Contributor role code of an owner account; null for a visitor account. */
  contributorRole: number | null;
  locale: string | null;
  createdOn: number;
}

export interface SiteUserSessionRecord {
  siteUserId: string;
  xsrfToken: string;
  rememberMe: boolean;
  expiresOn: number;
}

interface UserRow {
  id: string;
  email: string;
  password_hash: string;
  contributor_role: number | null;
  locale: string | null;
  created_on: number;
}

interface SessionRow {
  site_user_id: string;
  xsrf_token: string;
  remember_me: number;
  expires_on: number;
}

function toUser(row: UserRow): SiteUserRecord {
  return {
    id: row.id,
    email: row.email,
    passwordHash: row.password_hash,
    contributorRole: row.contributor_role === null ? null : Number(row.contributor_role),
    locale: row.locale,
    createdOn: Number(row.created_on),
  };
}

const USER_COLUMNS = 'id, email, password_hash, contributor_role, locale, created_on';

/** Accounts (visitors and owners) and their server-side sessions, in the store every process shares. */
export class SiteUserRepository {
  constructor(private readonly session: StoreSession) {}

  /** The account of an email, whatever its letter case. */
  async findByEmail(email: string): Promise<SiteUserRecord | null> {
    // each engine's way through its unique index: SQLite's column is COLLATE NOCASE, PostgreSQL's index is on lower(email)
    const match = this.session.dialect === 'postgres' ? 'lower(email) = lower(?)' : 'email = ?';
    const row = await this.session.get<UserRow>(`SELECT ${USER_COLUMNS} FROM site_users WHERE ${match}`, [email]);
    return row ? toUser(row) : null;
  }

  async findById(id: string): Promise<SiteUserRecord | null> {
    const row = await this.session.get<UserRow>(`SELECT ${USER_COLUMNS} FROM site_users WHERE id = ?`, [id]);
    return row ? toUser(row) : null;
  }

  async findFirstAdmin(): Promise<SiteUserRecord | null> {
    const row = await this.session.get<UserRow>(
      `SELECT ${USER_COLUMNS} FROM site_users WHERE contributor_role = 1 ORDER BY created_on, rowid LIMIT 1`,
    );
    return row ? toUser(row) : null;
  }

  /** Stores a new account; an email already taken (in any letter case) is a unique violation. */
  async insert(user: SiteUserRecord): Promise<void> {
    await this.session.run(
      `INSERT INTO site_users (id, email, password_hash, contributor_role, locale, created_on) VALUES (?, ?, ?, ?, ?, ?)`,
      [user.id, user.email, user.passwordHash, user.contributorRole, user.locale, user.createdOn],
    );
  }

  async setLocale(id: string, locale: string): Promise<void> {
    await this.session.run('UPDATE site_users SET locale = ? WHERE id = ?', [locale, id]);
  }

  async createSession(tokenHash: string, session: SiteUserSessionRecord, now: number): Promise<void> {
    // Expired rows are cleared on each sign-in so the table stays small without a timer.
    await this.session.run('DELETE FROM site_user_sessions WHERE expires_on <= ?', [now]);
    await this.session.run(
      `INSERT INTO site_user_sessions (token_hash, site_user_id, xsrf_token, remember_me, created_on, expires_on)
       VALUES (?, ?, ?, ?, ?, ?)`,
      [tokenHash, session.siteUserId, session.xsrfToken, session.rememberMe ? 1 : 0, now, session.expiresOn],
    );
  }

  async findSession(tokenHash: string, now: number): Promise<SiteUserSessionRecord | null> {
    const row = await this.session.get<SessionRow>(
      'SELECT site_user_id, xsrf_token, remember_me, expires_on FROM site_user_sessions WHERE token_hash = ? AND expires_on > ?',
      [tokenHash, now],
    );
    if (!row) return null;
    return {
      siteUserId: row.site_user_id,
      xsrfToken: row.xsrf_token,
      rememberMe: Number(row.remember_me) === 1,
      expiresOn: Number(row.expires_on),
    };
  }

  async deleteSession(tokenHash: string): Promise<void> {
    await this.session.run('DELETE FROM site_user_sessions WHERE token_hash = ?', [tokenHash]);
  }
}
