/**
 * A server started on a PostgreSQL database its role may not make tables in (one it does not own:
 * since PostgreSQL 15 only the owner may make tables in the public schema) stops at once with one
 * line saying what to do, the advice `npm run move-to-postgres` gives, and the exit code of a
 * setting the server cannot use (78), instead of serving the maintenance page and trying again.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { CANNOT_SERVE_EXIT_CODE } from '../../server/cluster.ts';
import { fillMessage, serverMessages } from '../../server/messages.ts';
import { jsonLogLines, runMainToExit } from './helpers/start-main.ts';
import { freshPostgresUrl, ON_POSTGRES, TEST_DATABASE_URL } from './helpers/test-database.ts';

const STACK_LINE = /^\s+at .+:\d+/m;

describe.runIf(ON_POSTGRES)('server/main.ts on a database its role does not own', () => {
  it('stops with one line saying to make the role the database\'s owner (exit 78), and makes nothing', async () => {
    const url = new URL(await freshPostgresUrl());
    const schema = /search_path=(\w+)/.exec(url.searchParams.get('options') ?? '')![1]!;
    const role = `server_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    try {
      // as a database made without -O: its schema readable by the role, not writable
      await admin.query(`CREATE ROLE ${role} LOGIN`);
      await admin.query(`GRANT USAGE ON SCHEMA ${schema} TO ${role}`);
      url.username = role;
      const { code, output } = await runMainToExit({ DATABASE_URL: url.toString() });
      expect(code, output).toBe(CANNOT_SERVE_EXIT_CODE);
      const errors = jsonLogLines(output).filter((line) => Number(line.level) >= 50);
      expect(errors.map((line) => line.msg)).toEqual([
        fillMessage(serverMessages.migrationsNotPermittedLog, { role, reason: `permission denied for schema ${schema}` }),
      ]);
      expect(errors[0]).toEqual(expect.objectContaining({ code: '42501' }));
      expect(jsonLogLines(output).some((line) => String(line.msg).startsWith('storefront listening'))).toBe(false);
      expect(output).not.toMatch(STACK_LINE);
      expect((await admin.query('SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = $1', [schema])).rows[0]).toEqual({ n: 0 });
    } finally {
      await admin.query(`REVOKE ALL ON SCHEMA ${schema} FROM ${role}`);
      await admin.query(`DROP ROLE ${role}`);
      await admin.end();
    }
  }, 60_000);
});
