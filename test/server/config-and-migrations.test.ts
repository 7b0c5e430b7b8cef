import Database from 'better-sqlite3';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MIN_CAPTCHA_SECRET_LENGTH, readConfig } from '../../server/config.ts';
import { openStore } from '../../server/db/open-store.ts';
import type { PostgresStore } from '../../server/db/postgres-store.ts';
import { isLocalCaptcha, type LocalCaptcha } from '../../server/security/captcha.ts';
import { startServer, temporaryDatabasePath } from './helpers/start-server.ts';
import { SqliteStore } from '../../server/db/sqlite-store.ts';
import { migrate } from '../../server/db/migrate.ts';
import { serverMessages } from '../../server/messages.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function migrationsDir(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
  dirs.push(dir);
  for (const [name, sql] of Object.entries(files)) writeFileSync(join(dir, name), sql);
  return dir;
}

describe('configuration from the environment', () => {
  it('uses the documented defaults', () => {
    const config = readConfig({});
    expect(config.port).toBe(3000);
    expect(config.options.databasePath).toBe('data/store.db');
    expect(config.options.seed).toBe(true);
    expect(config.options.dev).toBe(false);
  });

  it('reads PORT, DATABASE_PATH, OWNER_PASSWORD, TRUST_PROXY and development mode', () => {
    const config = readConfig({ PORT: '8080', DATABASE_PATH: '/tmp/x.db', OWNER_PASSWORD: 'pw', TRUST_PROXY: 'true', NODE_ENV: 'development', SEED: 'false' });
    expect(config.port).toBe(8080);
    expect(config.options).toMatchObject({ databasePath: '/tmp/x.db', ownerPassword: 'pw', trustProxy: true, dev: true, seed: false });
  });

  it.each(['abc', '-1', '70000', '3.5'])('refuses PORT=%s', (port) => {
    expect(() => readConfig({ PORT: port })).toThrow(/PORT/);
  });

  it('reads DATABASE_POOL_SIZE, which sizes the PostgreSQL pool of each process', async () => {
    expect(readConfig({}).options.databasePoolSize).toBeUndefined();
    const options = readConfig({ DATABASE_URL: 'postgres://shop:secret@127.0.0.1:1/shop', DATABASE_POOL_SIZE: '4' }).options;
    expect(options.databasePoolSize).toBe(4);
    // the pool connects on first use, so nothing is reached here
    const { store } = openStore(options);
    expect((store as PostgresStore).pool.options.max).toBe(4);
    await store.close();
    const { store: unsized } = openStore({ ...options, databasePoolSize: undefined });
    expect((unsized as PostgresStore).pool.options.max).toBe(10);
    await unsized.close();
  });

  it.each(['0', '101', 'ten', '2.5'])('refuses DATABASE_POOL_SIZE=%s', (size) => {
    expect(() => readConfig({ DATABASE_POOL_SIZE: size })).toThrow(/DATABASE_POOL_SIZE must be a whole number from 1 to 100/);
  });

  it.each([['DATABASE_READONLY', '1'], ['DATABASE_READONLY', 'yes'], ['DATABASE_READONLY', 'TRUE'], ['TRUST_PROXY', '1']])('refuses %s=%s: a switch is true or false', (name, value) => {
    expect(() => readConfig({ [name]: value })).toThrow(`${name} must be true or false, got "${value}"`);
  });

  it('reads a switch set to false, or left empty, as off', () => {
    expect(readConfig({ DATABASE_READONLY: 'false', TRUST_PROXY: '' }).options).toMatchObject({ readOnly: false, trustProxy: false });
    expect(readConfig({ DATABASE_READONLY: 'true' }).options.readOnly).toBe(true);
  });

  it('refuses a LOG_LEVEL pino has no level for, and takes each of its levels', () => {
    expect(() => readConfig({ LOG_LEVEL: 'loud' })).toThrow('LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "loud"');
    expect(readConfig({ LOG_LEVEL: 'debug' }).options.logLevel).toBe('debug');
    expect(readConfig({}).options.logLevel).toBe('info');
  });

  describe('captcha', () => {
    function captchaOf(env: NodeJS.ProcessEnv): LocalCaptcha {
      const captcha = readConfig(env).options.captcha;
      if (!isLocalCaptcha(captcha)) throw new Error('expected the built-in captcha');
      return captcha;
    }
    async function solvedToken(captcha: LocalCaptcha): Promise<string> {
      const { challenge, prompt } = captcha.issueChallenge('form_block');
      const [left, right] = (prompt.match(/\d+/g) ?? []).map(Number);
      const solved = await captcha.solveChallenge(challenge, String(left! + right!));
      if (!solved.ok) throw new Error(solved.message);
      return solved.token;
    }

    it('says at start-up when it signs with the key the store keeps', () => {
      expect(readConfig({}).notices).toEqual([serverMessages.captchaStoredKeyLog]);
      expect(readConfig({ CAPTCHA_SECRET: 'k'.repeat(MIN_CAPTCHA_SECRET_LENGTH) }).notices).toEqual([]);
      expect(readConfig({ CAPTCHA: 'off' }).notices).toEqual([]);
    });

    it('is on by default, with a key of its own per process until the app binds it to the store', async () => {
      const first = captchaOf({});
      const second = captchaOf({});
      expect(first.keyMadeByProcess).toBe(true);
      expect(await second.verify(await solvedToken(first), 'form_block')).toBe(false);
      expect(await first.verify(await solvedToken(first), 'form_block')).toBe(true);
    });

    it('without CAPTCHA_SECRET signs with a key the store keeps, so two apps on one store accept each other\'s tokens once', async () => {
      const one = await startServer({ captcha: captchaOf({}) });
      const other = await startServer({ captcha: captchaOf({}), databasePath: one.databasePath, databaseUrl: one.app.deps.options.databaseUrl });
      try {
        const [first, second] = [one, other].map((server) => server.app.deps.captcha as LocalCaptcha);
        expect(first!.keyMadeByProcess).toBe(false);
        const token = await solvedToken(first!);
        expect(await second!.verify(token, 'form_block')).toBe(true);
        expect(await first!.verify(token, 'form_block')).toBe(false);
      } finally {
        await other.stop();
        await one.stop(true);
      }
    });

    it('signs with CAPTCHA_SECRET, so processes sharing it accept each other\'s tokens', async () => {
      const secret = 'x'.repeat(MIN_CAPTCHA_SECRET_LENGTH);
      expect(await captchaOf({ CAPTCHA_SECRET: secret }).verify(await solvedToken(captchaOf({ CAPTCHA_SECRET: secret })), 'form_block')).toBe(true);
    });

    it('is off with CAPTCHA=off and refuses an unknown mode or a short secret', () => {
      expect(readConfig({ CAPTCHA: 'off' }).options.captcha).toBeUndefined();
      expect(isLocalCaptcha(readConfig({ CAPTCHA: 'local' }).options.captcha)).toBe(true);
      expect(() => readConfig({ CAPTCHA: 'yes' })).toThrow(/CAPTCHA/);
      expect(() => readConfig({ CAPTCHA_SECRET: 'short' })).toThrow(/CAPTCHA_SECRET/);
    });

    it('serves the captcha challenge and gives pages the site key by default', async () => {
      const databasePath = temporaryDatabasePath();
      const server = await startServer({ ...readConfig({ DATABASE_PATH: databasePath }).options, logLevel: 'silent' });
      try {
        const challenge = await fetch(`${server.url}/api/captcha/challenge?action=product_waitlist`);
        expect(challenge.status).toBe(200);
        const page = await (await fetch(`${server.url}/shop/p/linen-shirt?format=json`)).json() as { website: { captchaSettings?: unknown } };
        expect(page.website.captchaSettings).toEqual({ siteKey: expect.any(String) });
      } finally {
        await server.stop(true);
      }
    });
  });
});

describe('migrations', () => {
  it('applies pending files in name order once and records them', async () => {
    const dir = migrationsDir({
      '002_second.sql': 'INSERT INTO things (name) VALUES (\'second\');',
      '001_first.sql': 'CREATE TABLE things (id INTEGER PRIMARY KEY, name TEXT);',
      'notes.txt': 'not a migration',
    });
    const db = new Database(':memory:');
    const store = new SqliteStore(db);
    expect(await migrate(store, dir)).toEqual(['001_first.sql', '002_second.sql']);
    expect(await migrate(store, dir)).toEqual([]);
    expect(db.prepare('SELECT COUNT(*) FROM things').pluck().get()).toBe(1);
    writeFileSync(join(dir, '003_third.sql'), 'INSERT INTO things (name) VALUES (\'third\');');
    expect(await migrate(store, dir)).toEqual(['003_third.sql']);
    expect(db.prepare('SELECT name FROM schema_migrations ORDER BY name').pluck().all()).toEqual(['001_first.sql', '002_second.sql', '003_third.sql']);
  });

  it('rolls a failing migration back entirely and does not record it', async () => {
    const dir = migrationsDir({
      '001_ok.sql': 'CREATE TABLE a (id INTEGER);',
      '002_broken.sql': 'CREATE TABLE b (id INTEGER); INSERT INTO missing VALUES (1);',
    });
    const db = new Database(':memory:');
    await expect(migrate(new SqliteStore(db), dir)).rejects.toThrow();
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all();
    expect(tables).toContain('a');
    expect(tables).not.toContain('b');
    expect(db.prepare('SELECT name FROM schema_migrations').pluck().all()).toEqual(['001_ok.sql']);
  });
});
