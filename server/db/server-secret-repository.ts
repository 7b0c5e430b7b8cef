import { randomBytes } from 'node:crypto';
import type { StoreSession } from './store.ts';

/**
 * Keys the store makes for itself: the first process to ask for one creates it, every other
 * process on the database then reads the same value, and it survives restarts.
 */
export class ServerSecretRepository {
  constructor(private readonly session: StoreSession) {}

  /** The secret of that name, made (32 random bytes) when it does not exist yet. */
  async secret(name: string): Promise<string> {
    const read = () => this.session.get<{ value: string }>('SELECT value FROM server_secrets WHERE name = ?', [name]);
    const existing = await read();
    if (existing) return existing.value;
    // two processes may get here at once: the first insert wins and both read its value
    await this.session.run(
      'INSERT INTO server_secrets (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING',
      [name, randomBytes(32).toString('base64url')],
    );
    return ((await read()) as { value: string }).value;
  }
}
