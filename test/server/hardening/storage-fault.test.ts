/**
 * What counts as a storage fault (503 with Retry-After and one log line a minute, never a 500
 * with a stack): SQLite refusing a write or staying locked, and a PostgreSQL server that cannot
 * be reached, told by the errors the pg driver raises; a PostgreSQL server with no connection slot left, which refuses the request alone;
 * PostgreSQL statements that waited too long (busy, like the locked file, not unreachable).
 */
import { describe, expect, it, vi } from 'vitest';
import { DatabaseBusy } from '../../../server/db/database-busy.ts';
import { FAULT_RETRY_AFTER_SECONDS, faultRetryAfterSeconds, isDatabaseFull, isPostgresBusy, isStoreLocked, reportStorageFault, storageFault, storageFaultCode } from '../../../server/db/storage-fault.ts';
import { serverMessages } from '../../../server/messages.ts';

function withCode(code: string, message = 'failed'): Error {
  return Object.assign(new Error(message), { code });
}

describe('storage faults', () => {
  it('a SQLite file locked by another process is waited out at start-up; no other fault is', () => {
    for (const code of ['SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_LOCKED']) expect(isStoreLocked(withCode(code)), code).toBe(true);
    for (const code of ['SQLITE_CORRUPT', 'SQLITE_NOTADB', 'SQLITE_CANTOPEN', 'SQLITE_READONLY', 'SQLITE_ERROR', 'ECONNREFUSED']) expect(isStoreLocked(withCode(code)), code).toBe(false);
    expect(isStoreLocked(new Error('database is locked'))).toBe(false);
  });

  it.each([
    ['ECONNREFUSED', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['ECONNRESET', withCode('ECONNRESET', 'read ECONNRESET')],
    ['ENOTFOUND', withCode('ENOTFOUND', 'getaddrinfo ENOTFOUND db.internal')],
    ['57P01', withCode('57P01', 'terminating connection due to administrator command')],
    ['57P03', withCode('57P03', 'the database system is starting up')],
    ['08006', withCode('08006', 'connection failure')],
    ['08P01', withCode('08P01', 'protocol violation')],
    ['28P01', withCode('28P01', 'password authentication failed for user "shop"')],
    ['3D000', withCode('3D000', 'database "shop" does not exist')],
    ['connect-timeout', new Error('Connection terminated due to connection timeout', { cause: new Error('Connection terminated unexpectedly') })],
    ['connection-lost', new Error('Connection terminated unexpectedly')],
    ['connection-lost', new Error('Client has encountered a connection error and is not queryable')],
    ['ECONNREFUSED', Object.assign(new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], ''), { code: 'ECONNREFUSED' })],
    ['ECONNREFUSED', new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], '')],
  ])('a database that cannot be reached or refuses connections (%s) is a fault: the outage message, logged as unreachable', (code, error) => {
    expect(storageFault(error)).toEqual({ code, message: serverMessages.outageText, logMessage: serverMessages.databaseUnreachableLog, unreachable: true, busy: false, reason: (error as Error).message });
  });

  it.each([
    withCode('53300', 'sorry, too many clients already'),
    withCode('53300', 'too many connections for role "shop"'),
  ])('a server with no connection slot left (53300, %s) answers: the request is refused as busy, not as an outage', (error) => {
    const fault = storageFault(error);
    expect(fault).toEqual({ code: '53300', message: serverMessages.databaseFull, logMessage: serverMessages.tooManyClientsLog, unreachable: false, busy: false, reason: (error as Error).message });
    expect(isDatabaseFull(fault)).toBe(true);
    expect(faultRetryAfterSeconds(fault!)).toBeLessThan(FAULT_RETRY_AFTER_SECONDS);
    expect(serverMessages.tooManyClientsLog).toContain('DATABASE_POOL_SIZE or WORKERS');
  });

  it.each([
    ['57014', withCode('57014', 'canceling statement due to statement timeout')],
    ['55P03', withCode('55P03', 'canceling statement due to lock timeout')],
    ['pool-wait', new Error('timeout exceeded when trying to connect')],
  ])('a statement PostgreSQL kept waiting too long (%s: a lock, the pool in use) answers: the store is busy, not unreachable', (code, error) => {
    const fault = storageFault(error);
    expect(fault).toEqual({ code, message: serverMessages.storeBusy, logMessage: serverMessages.databaseBusyLog, unreachable: false, busy: true, reason: (error as Error).message });
    expect(isPostgresBusy(fault)).toBe(true);
    expect(faultRetryAfterSeconds(fault!)).toBe(FAULT_RETRY_AFTER_SECONDS);
    expect(storageFaultCode(error)).toBe(code);
  });

  it.each([
    withCode('23505', 'duplicate key value violates unique constraint'),
    withCode('42P01', 'relation "x" does not exist'),
    new Error('Connection terminated'),
    new Error('timeout exceeded when trying to connect, and more'),
    new TypeError('Cannot read properties of undefined'),
    'ECONNREFUSED',
    null,
  ])('other errors are not faults: %s', (error) => {
    expect(storageFault(error)).toBeNull();
  });

  it('keeps SQLite\'s faults as they were', () => {
    expect(storageFault(withCode('SQLITE_READONLY'))).toMatchObject({ code: 'SQLITE_READONLY', message: serverMessages.cannotSaveNow, unreachable: false });
    expect(storageFault(withCode('SQLITE_BUSY'))).toMatchObject({ code: 'SQLITE_BUSY', message: serverMessages.storeBusy, unreachable: false, busy: true });
    expect(isPostgresBusy(storageFault(withCode('SQLITE_BUSY')))).toBe(false);
    expect(storageFault(withCode('SQLITE_CONSTRAINT'))).toBeNull();
  });

  it('names the driver\'s code for the log, SQLite\'s or PostgreSQL\'s', () => {
    expect(storageFaultCode(withCode('SQLITE_NOTADB'))).toBe('SQLITE_NOTADB');
    expect(storageFaultCode(withCode('28P01'))).toBe('28P01');
    expect(storageFaultCode(withCode('3D000'))).toBe('3D000');
    expect(storageFaultCode(withCode('ECONNREFUSED'))).toBe('ECONNREFUSED');
    expect(storageFaultCode(new Error('Connection terminated due to connection timeout'))).toBe('connect-timeout');
    expect(storageFaultCode(new Error('anything else'))).toBe('unknown');
  });

  it('logs a fault once per kind and minute: an unreachable server is one kind, whatever its codes', () => {
    const log = { error: vi.fn(), info: vi.fn() };
    const refused = storageFault(withCode('ECONNREFUSED'))!;
    const request = { method: 'GET', path: '/shop' };
    for (let second = 0; second < 59; second++) reportStorageFault(log, refused, request, 1_000_000 + second * 1000);
    reportStorageFault(log, storageFault(withCode('57P01'))!, request, 1_000_500);
    reportStorageFault(log, storageFault(new Error('Connection terminated unexpectedly'))!, request, 1_000_600);
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.error.mock.calls[0]![0]).toMatchObject({ code: 'ECONNREFUSED', reason: 'failed', path: '/shop' });
    // SQLite's kinds are their codes
    reportStorageFault(log, storageFault(withCode('SQLITE_BUSY'))!, request, 1_000_000);
    reportStorageFault(log, storageFault(withCode('SQLITE_READONLY'))!, request, 1_000_000);
    reportStorageFault(log, storageFault(withCode('SQLITE_BUSY'))!, request, 1_001_000);
    expect(log.error).toHaveBeenCalledTimes(3);
    reportStorageFault(log, refused, request, 1_000_000 + 60_000);
    expect(log.error).toHaveBeenCalledTimes(4);
  });

  it('says a busy spell in one line when it starts and one when it eases, not per request, and a spell again within the minute not at all', () => {
    const log = { error: vi.fn(), info: vi.fn() };
    const busy = new DatabaseBusy(log);
    const timeout = storageFault(withCode('57014', 'canceling statement due to statement timeout'))!;
    for (let second = 0; second < 20; second++) busy.busy(timeout, { method: 'POST', path: '/api/commerce/shopping-cart/entries' }, 1_000_000 + second * 1000);
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.error.mock.calls[0]).toEqual([expect.objectContaining({ code: '57014', path: '/api/commerce/shopping-cart/entries' }), serverMessages.databaseBusyLog]);
    busy.eased(1_025_000);
    busy.eased(1_026_000);
    expect(log.info).toHaveBeenCalledTimes(1);
    expect(log.info.mock.calls[0]).toEqual([{ busyForSeconds: 25 }, serverMessages.databaseBusyEndedLog]);
    // flapping: a spell within the minute of the last line is not said, nor its end
    busy.busy(timeout, undefined, 1_030_000);
    busy.eased(1_031_000);
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.info).toHaveBeenCalledTimes(1);
    busy.busy(timeout, undefined, 1_070_000);
    expect(log.error).toHaveBeenCalledTimes(2);
  });
});
