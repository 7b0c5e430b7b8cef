import type Database from 'better-sqlite3';

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
    contributorRole: row.contributor_role,
    locale: row.locale,
    createdOn: row.created_on,
  };
}

/** Accounts (visitors and owners) and their server-side sessions. */
export function createSiteUserRepository(db: Database.Database) {
  const byEmail = db.prepare<[string], UserRow>('SELECT * FROM site_users WHERE email = ?');
  const byId = db.prepare<[string], UserRow>('SELECT * FROM site_users WHERE id = ?');
  const insertUser = db.prepare(
    `INSERT INTO site_users (id, email, password_hash, contributor_role, locale, created_on)
     VALUES (@id, @email, @passwordHash, @contributorRole, @locale, @createdOn)`,
  );
  const updateLocale = db.prepare('UPDATE site_users SET locale = ? WHERE id = ?');
  const firstOwner = db.prepare<[], UserRow>(
    'SELECT * FROM site_users WHERE contributor_role = 1 ORDER BY created_on LIMIT 1',
  );
  const insertSession = db.prepare(
    `INSERT INTO site_user_sessions (token_hash, site_user_id, xsrf_token, remember_me, created_on, expires_on)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const sessionByHash = db.prepare<[string, number], SessionRow>(
    'SELECT site_user_id, xsrf_token, remember_me, expires_on FROM site_user_sessions WHERE token_hash = ? AND expires_on > ?',
  );
  const deleteSession = db.prepare('DELETE FROM site_user_sessions WHERE token_hash = ?');
  const deleteExpired = db.prepare('DELETE FROM site_user_sessions WHERE expires_on <= ?');

  return {
    findByEmail(email: string): SiteUserRecord | null {
      const row = byEmail.get(email);
      return row ? toUser(row) : null;
    },
    findById(id: string): SiteUserRecord | null {
      const row = byId.get(id);
      return row ? toUser(row) : null;
    },
    findFirstAdmin(): SiteUserRecord | null {
      const row = firstOwner.get();
      return row ? toUser(row) : null;
    },
    insert(user: SiteUserRecord): void {
      insertUser.run(user);
    },
    setLocale(id: string, locale: string): void {
      updateLocale.run(locale, id);
    },
    createSession(tokenHash: string, session: SiteUserSessionRecord, now: number): void {
      // Expired rows are cleared on each sign-in so the table stays small without a timer.
      deleteExpired.run(now);
      insertSession.run(tokenHash, session.siteUserId, session.xsrfToken, session.rememberMe ? 1 : 0, now, session.expiresOn);
    },
    findSession(tokenHash: string, now: number): SiteUserSessionRecord | null {
      const row = sessionByHash.get(tokenHash, now);
      if (!row) return null;
      return {
        siteUserId: row.site_user_id,
        xsrfToken: row.xsrf_token,
        rememberMe: row.remember_me === 1,
        expiresOn: row.expires_on,
      };
    },
    deleteSession(tokenHash: string): void {
      deleteSession.run(tokenHash);
    },
  };
}

export type SiteUserRepository = ReturnType<typeof createSiteUserRepository>;

const repositories = new WeakMap<Database.Database, SiteUserRepository>();

/** One repository (and its prepared statements) per database, for per-request lookups. */
export function siteUserRepositoryFor(db: Database.Database): SiteUserRepository {
  let repository = repositories.get(db);
  if (!repository) {
    repository = createSiteUserRepository(db);
    repositories.set(db, repository);
  }
  return repository;
}
