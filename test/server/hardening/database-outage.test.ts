/**
 * How a process tells its log that the PostgreSQL server went away and came back: one line when
 * it goes away, at most one a minute while it stays away, whoever meets it, and one when it answers
 * again (a flap within the minute of a line is not said, an outage that lasts is); the pool's idle connections dying together are one line, not one each.
 */
import { describe, expect, it, vi } from 'vitest';
import { DatabaseOutage, FLAP_MS, outageOf } from '../../../server/db/database-outage.ts';
import { watchPoolConnections } from '../../../server/db/pool-connection-watch.ts';
import { reportStorageFault, storageFault } from '../../../server/db/storage-fault.ts';
import { serverMessages } from '../../../server/messages.ts';

function withCode(code: string, message = 'failed'): Error {
  return Object.assign(new Error(message), { code });
}

function stubLog() {
  return { error: vi.fn(), info: vi.fn(), warn: vi.fn() };
}

const refused = storageFault(withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'))!;
const shop = { method: 'GET', path: '/shop' };
const T = 1_000_000;

/** Lets the watch's check (queued with setImmediate) run and finish. */
const settled = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 5));

describe('the outage account of a process', () => {
  it('says the server went away once, reminds once a minute with how long, and says once that it answers again', () => {
    const log = stubLog();
    const outage = new DatabaseOutage(log);
    outage.answered(T - 1);
    for (let second = 0; second < 60; second++) outage.unreachable(refused, shop, T + second * 1000);
    outage.unreachable(refused, { task: 'email outbox sweep' }, T + 30_000);
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.error.mock.calls[0]).toEqual([{ code: 'ECONNREFUSED', reason: 'connect ECONNREFUSED 127.0.0.1:5432', method: 'GET', path: '/shop', reqId: undefined }, serverMessages.databaseUnreachableLog]);

    outage.unreachable(refused, { task: 'email outbox sweep' }, T + 61_000);
    expect(log.error).toHaveBeenCalledTimes(2);
    expect(log.error.mock.calls[1]![0]).toEqual({ code: 'ECONNREFUSED', reason: 'connect ECONNREFUSED 127.0.0.1:5432', task: 'email outbox sweep', unreachableForSeconds: 61 });
    expect(log.info).not.toHaveBeenCalled();

    outage.answered(T + 75_000);
    outage.answered(T + 75_001);
    expect(log.info.mock.calls).toEqual([[{ unreachableForSeconds: 75 }, serverMessages.databaseReachedLog]]);
  });

  it('a server that flaps within the minute is not said again, nor its return, until the minute is out', () => {
    const log = stubLog();
    const outage = new DatabaseOutage(log);
    outage.unreachable(refused, shop, T);
    outage.answered(T + 1_000);
    outage.unreachable(refused, shop, T + 2_000);
    outage.answered(T + 3_000);
    outage.unreachable(refused, shop, T + 4_000);
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.info).toHaveBeenCalledTimes(1);
    // still away a minute after the last line: said, with how long this outage has lasted
    outage.unreachable(refused, shop, T + 60_000);
    expect(log.error).toHaveBeenCalledTimes(2);
    expect(log.error.mock.calls[1]![0]).toMatchObject({ unreachableForSeconds: 56 });
    outage.answered(T + 70_000);
    expect(log.info).toHaveBeenCalledTimes(2);
  });

  it('an outage that begins within the minute but lasts is said once it has lasted the flap time, and so is its end', () => {
    const log = stubLog();
    const outage = new DatabaseOutage(log);
    // a restart: said, and its end
    outage.unreachable(refused, shop, T);
    outage.answered(T + 300);
    // a stop 9 s later, for 20 s: requests keep meeting it
    for (let second = 9; second < 29; second++) outage.unreachable(refused, shop, T + second * 1000);
    outage.answered(T + 29_000);
    expect(log.error).toHaveBeenCalledTimes(2);
    expect(log.error.mock.calls[1]![0]).toMatchObject({ unreachableForSeconds: FLAP_MS / 1000 });
    expect(log.info.mock.calls.map((call) => call[0])).toEqual([{ unreachableForSeconds: 0 }, { unreachableForSeconds: 20 }]);
  });

  it('names the server that is away and back (host:port/database) on its lines, once the store has said where it is', () => {
    const log = stubLog();
    const database = 'db.internal:5432/shop';
    outageOf(log, database);
    // a request's 503 and a task meet the outage through the same account, which names the server
    reportStorageFault(log, refused, shop, T);
    outageOf(log).unreachable(refused, { task: 'email outbox sweep' }, T + 61_000);
    outageOf(log).answered(T + 62_000);
    expect(log.error.mock.calls.map((call) => call[0])).toEqual([
      expect.objectContaining({ database, code: 'ECONNREFUSED', method: 'GET', path: '/shop' }),
      expect.objectContaining({ database, task: 'email outbox sweep', unreachableForSeconds: 61 }),
    ]);
    expect(log.info.mock.calls).toEqual([[{ database, unreachableForSeconds: 62 }, serverMessages.databaseReachedLog]]);
  });

  it('requests and tasks share one account per logger: reportStorageFault says an outage once', () => {
    const log = stubLog();
    reportStorageFault(log, refused, shop, T);
    reportStorageFault(log, storageFault(withCode('57P01'))!, { task: 'email outbox sweep' }, T + 1_000);
    expect(log.error).toHaveBeenCalledTimes(1);
  });
});

describe("the pool's idle connections", () => {
  it('ten dying at once with the server away are one line, shared with the requests\', and a new connection says it is back', async () => {
    const log = stubLog();
    const ping = vi.fn(async () => { throw withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'); });
    const watch = watchPoolConnections(log, ping, '127.0.0.1:5432/shop');
    for (let i = 0; i < 10; i++) watch.onIdleError(withCode('57P01', 'terminating connection due to administrator command'));
    await settled();
    expect(ping).toHaveBeenCalledTimes(1);
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.error.mock.calls[0]).toEqual([{ database: '127.0.0.1:5432/shop', code: 'ECONNREFUSED', reason: 'connect ECONNREFUSED 127.0.0.1:5432', task: 'check after idle connections were lost' }, serverMessages.databaseUnreachableLog]);
    // a request meeting the same outage adds nothing
    reportStorageFault(log, refused, shop);
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.warn).not.toHaveBeenCalled();

    watch.onConnected();
    watch.onConnected();
    expect(log.info.mock.calls).toEqual([[{ database: '127.0.0.1:5432/shop', unreachableForSeconds: expect.any(Number) }, serverMessages.databaseReachedLog]]);
  });

  it('connections the server closed while it still answers are one quiet line, and no outage', async () => {
    const log = stubLog();
    const watch = watchPoolConnections(log, async () => {});
    for (let i = 0; i < 3; i++) watch.onIdleError(new Error('Connection terminated unexpectedly'));
    await settled();
    expect(log.error).not.toHaveBeenCalled();
    expect(log.info.mock.calls).toEqual([[{ closed: 3, code: 'connection-lost', reason: 'Connection terminated unexpectedly' }, serverMessages.databaseConnectionsClosedLog]]);
    watch.onConnected();
    expect(log.info).toHaveBeenCalledTimes(1);
  });

  it('a check the server refuses for want of connection slots (53300) is no outage: the server still answers', async () => {
    const log = stubLog();
    const watch = watchPoolConnections(log, async () => { throw withCode('53300', 'sorry, too many clients already'); });
    for (let i = 0; i < 3; i++) watch.onIdleError(new Error('Connection terminated unexpectedly'));
    await settled();
    expect(log.error).not.toHaveBeenCalled();
    expect(log.info.mock.calls).toEqual([[{ closed: 3, code: 'connection-lost', reason: 'Connection terminated unexpectedly' }, serverMessages.databaseConnectionsClosedLog]]);
  });

  it('an idle connection failing for another reason is logged with the error itself (its stack), each time', async () => {
    const log = stubLog();
    const ping = vi.fn(async () => {});
    const watch = watchPoolConnections(log, ping);
    const odd = new TypeError('Received unexpected message');
    watch.onIdleError(odd);
    watch.onIdleError(odd);
    await settled();
    expect(ping).not.toHaveBeenCalled();
    expect(log.warn.mock.calls).toEqual([[{ err: odd }, serverMessages.databaseConnectionErrorLog], [{ err: odd }, serverMessages.databaseConnectionErrorLog]]);
  });
});
