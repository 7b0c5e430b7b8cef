import { randomBytes } from 'node:crypto';
import type Database from 'better-sqlite3';

/**
 * Keys the store makes for itself: the first process to ask for one creates it, every other
 * process on the database file then reads the same value, and it survives restarts.
 */
export class ServerSecretRepository {
  private readonly create: Database.Statement<[string, string]>;
  private readonly read: Database.Statement<[string], { value: string }>;

  constructor(db: Database.Database) {
    this.create = db.prepare('INSERT OR IGNORE INTO server_secrets (name, value) VALUES (?, ?)');
    this.read = db.prepare('SELECT value FROM server_secrets WHERE name = ?');
  }

  /** The secret of that name, made (32 random bytes) when it does not exist yet. */
  secret(name: string): string {
    const existing = this.read.get(name);
    if (existing) return existing.value;
    // two processes may get here at once: the first insert wins and both read its value
    this.create.run(name, randomBytes(32).toString('base64url'));
    return (this.read.get(name) as { value: string }).value;
  }
}
