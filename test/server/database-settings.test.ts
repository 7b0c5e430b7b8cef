/**
 * The database settings an operator gets wrong: a DATABASE_URL that names no PostgreSQL server, a
 * password with characters the URL gives a meaning, and how the URL is written in log lines (whole,
 * or as the server it connects to).
 */
import fc from 'fast-check';
import { resolve } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../server/config.ts';
import { storeAddress, storeDescription } from '../../server/db/open-store.ts';

const HINT = 'percent-encode special characters in the password (@ is %40, # is %23';

/** The URL a refusal shows: `DATABASE_URL <url> cannot be read as written: <hint>`. */
function shownUrl(said: string): string {
  const match = /^DATABASE_URL (\S+) cannot be read as written: /.exec(said);
  if (!match) throw new Error(`not a refusal of the URL: ${said}`);
  return match[1]!;
}

function refusal(env: NodeJS.ProcessEnv): string {
  try {
    readConfig(env);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`readConfig accepted ${JSON.stringify(env)}`);
}

describe('DATABASE_URL that names no PostgreSQL server', () => {
  it.each([
    ['mysql://shop:secret@db.internal:3306/shop', 'one starting "mysql://"'],
    ['sqlite:data/store.db', 'one starting "sqlite:"'],
    ['shop:secret@db.internal:5432/shop', 'one starting "shop:"'],
    ['db.internal/shop', 'one without a scheme'],
  ])('refuses %s, without repeating its credentials', (url, got) => {
    const said = refusal({ DATABASE_URL: url });
    expect(said).toBe(`DATABASE_URL must be a postgres:// or postgresql:// URL (leave it unset for the SQLite file of DATABASE_PATH), got ${got}`);
    expect(said).not.toContain('secret');
  });

  it('takes postgres:// and postgresql:// in any case, and an empty one as none (SQLite)', () => {
    for (const url of ['postgres://shop:secret@db/shop', 'postgresql://shop@db/shop', 'POSTGRES://db/shop']) {
      expect(readConfig({ DATABASE_URL: url }).options.databaseUrl).toBe(url);
    }
    expect(readConfig({ DATABASE_URL: '' }).options.databaseUrl).toBeUndefined();
  });
});

describe('a DATABASE_URL password with characters that are not percent-encoded', () => {
  const operators = 'postgres://shop:p@ss#w0rd/x@127.0.0.1:55431/shop';

  it.each([
    operators,
    'postgres://shop:p@ss@db.internal/shop',
    'postgres://shop:pa#ss@db.internal/shop',
    'postgres://shop:pa/ss@db.internal/shop',
    'postgres://shop:12/ss@db.internal/shop',
    'postgres://shop:pa?ss@db.internal/shop',
  ])('refuses %s with the hint, showing no part of the password', (url) => {
    const said = refusal({ DATABASE_URL: url });
    expect(said).toContain(HINT);
    const password = url.slice('postgres://shop:'.length, url.lastIndexOf('@'));
    for (const piece of password.split(/[@#/?]/).filter((part) => part.length > 1)) expect(shownUrl(said)).not.toContain(piece);
  });

  it('takes the same password percent-encoded, and the URLs pg reads', () => {
    for (const url of [
      'postgres://shop:p%40ss%23w0rd%2Fx@127.0.0.1:55431/shop',
      'postgres://shop:pa:ss@db.internal:5432/shop',
      'postgres://shop:secret@/shop?host=/var/run/postgresql',
      'postgres:///shop',
      'postgres://[::1]:5432/shop?sslmode=require',
      'postgres://shop@db.internal/shop?options=-c+search_path%3Dtest_1',
    ]) {
      expect(readConfig({ DATABASE_URL: url }).options.databaseUrl, url).toBe(url);
    }
  });

  it('accepts only URLs pg reads with the very password written, and never shows a letter of it', () => {
    // password letters are capitals, the rest of the URL has none: a capital in the output is a leak
    const password = fc.string({ unit: fc.constantFrom(...'ABCDEFGH@#/?:'.split('')), minLength: 1, maxLength: 12 });
    fc.assert(fc.property(password, (secret) => {
      const url = `postgres://shop:${secret}@127.0.0.1:5432/shop`;
      expect(storeDescription({ databasePath: 'x', databaseUrl: url })).not.toMatch(/[A-H]/);
      let accepted = true;
      try {
        readConfig({ DATABASE_URL: url });
      } catch (error) {
        accepted = false;
        expect((error as Error).message).toContain(HINT);
        expect(shownUrl((error as Error).message)).not.toMatch(/[A-H]/);
      }
      if (accepted) {
        const client = new pg.Client({ connectionString: url });
        expect([client.password, client.host, client.port, client.database]).toEqual([secret, '127.0.0.1', 5432, 'shop']);
      }
    }), { numRuns: 500 });
  });
});

describe('the URL in log lines (storeDescription)', () => {
  const described = (databaseUrl: string) => storeDescription({ databasePath: 'data/store.db', databaseUrl });

  it('replaces the password of a URL that reads cleanly, and keeps the rest', () => {
    expect(described('postgres://shop:secret@127.0.0.1:5432/shop')).toBe('postgres://shop:***@127.0.0.1:5432/shop');
    expect(described('postgres://shop@db.internal/shop?sslmode=require&password=secret')).toBe('postgres://shop@db.internal/shop?sslmode=require&password=***');
    expect(described('postgres://db.internal/shop')).toBe('postgres://db.internal/shop');
    expect(storeDescription({ databasePath: 'data/store.db' })).toBe('data/store.db');
  });

  it('shows no part of a password= parameter that does not read cleanly either', () => {
    expect(described('postgres://shop@db.internal/shop?password=p@ssw0rd')).toBe('postgres://***');
    expect(described('postgres://shop@db.internal/shop?password=pa#ss')).toBe('postgres://***@db.internal/shop');
    expect(described('postgres://db.internal/shop?sslmode=require&password=pa#ss')).toBe('postgres://db.internal/shop');
    // password letters are capitals, the rest of the URL has none: a capital in the refusal is a leak
    const password = fc.string({ unit: fc.constantFrom(...'ABCDEFGH@#/?:'.split('')), minLength: 1, maxLength: 12 });
    fc.assert(fc.property(password, fc.boolean(), (secret, withUser) => {
      const url = `postgres://${withUser ? 'shop@' : ''}127.0.0.1:5432/shop?sslmode=require&password=${secret}`;
      expect(described(url)).not.toMatch(/[A-H]/);
      try {
        readConfig({ DATABASE_URL: url });
      } catch (error) {
        expect(shownUrl((error as Error).message)).not.toMatch(/[A-H]/);
      }
    }), { numRuns: 500 });
  });

  it('replaces everything up to the last @ of one that does not, so no part of the password shows', () => {
    expect(described('postgres://shop:p@ss#w0rd/x@127.0.0.1:55431/shop')).toBe('postgres://***@127.0.0.1:55431/shop');
    expect(described('postgres://shop:pa/ss@db.internal/shop')).toBe('postgres://***@db.internal/shop');
    expect(described('postgres://shop:12/ss@db.internal/shop')).toBe('postgres://***@db.internal/shop');
  });
});

describe('where the store is, in the server\'s log lines (storeAddress)', () => {
  const address = (databaseUrl: string) => storeAddress({ databasePath: 'data/store.db', databaseUrl });

  it('names the host, port and database pg connects to, and no user nor password', () => {
    expect(address('postgres://shop:secret@db.internal:6543/shop')).toBe('db.internal:6543/shop');
    expect(address('postgres://shop@db.internal/shop?sslmode=require&password=secret')).toBe('db.internal:5432/shop');
    expect(address('postgres://shop:secret@/shop?host=/var/run/postgresql')).toBe('/var/run/postgresql:5432/shop');
    expect(address('postgres://[::1]:5432/shop')).toBe('[::1]:5432/shop');
    // one pg would read differently from how it was meant is refused at start-up, and shows nothing here
    expect(address('postgres://shop:p@ss#w0rd/x@127.0.0.1:55431/shop')).toBe('postgres://***');
    // the database pg falls back on: the role's own
    expect(address('postgres://shop:secret@db.internal')).toBe('db.internal:5432/shop');
  });

  it('gives a SQLite store as its file\'s full path', () => {
    expect(storeAddress({ databasePath: 'data/store.db' })).toBe(resolve('data/store.db'));
  });

  it('never shows a letter of the password, however it is written', () => {
    // password letters are capitals, the rest of the URL has none: a capital in the output is a leak
    const password = fc.string({ unit: fc.constantFrom(...'ABCDEFGH@#/?:'.split('')), minLength: 1, maxLength: 12 });
    fc.assert(fc.property(password, fc.boolean(), (secret, asParameter) => {
      const url = asParameter ? `postgres://shop@127.0.0.1:5432/shop?password=${secret}` : `postgres://shop:${secret}@127.0.0.1:5432/shop`;
      expect(address(url)).not.toMatch(/[A-H]/);
    }), { numRuns: 500 });
  });
});
