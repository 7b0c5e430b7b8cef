/**
 * Work a call starts after answering (tracking writes, restock deliveries) is kept by the app:
 * closing it waits for that work before the store closes, and a failure is logged, not thrown.
 */
import pino from 'pino';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { BackgroundWork } from '../../server/background-work.ts';
import { serverMessages } from '../../server/messages.ts';
import { startServer } from './helpers/start-server.ts';
import { Visitor } from './helpers/visitor.ts';

const RECORD_EVENT = '/api/events/RecordEvent';
const nextTurn = (ms = 0) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function capturingLog(): { log: pino.Logger; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({ write(chunk, _enc, done) { lines.push(JSON.parse(String(chunk))); done(); } });
  return { log: pino({ level: 'info' }, sink), lines };
}

describe('background work', () => {
  it('settles only when every piece has ended, including work started by running work', async () => {
    const { log } = capturingLog();
    const work = new BackgroundWork(log);
    const done: string[] = [];
    work.start(async () => {
      await nextTurn(20);
      done.push('first');
      work.start(async () => {
        await nextTurn(20);
        done.push('started by the first');
      });
    });
    await work.settled();
    expect(done).toEqual(['first', 'started by the first']);
  });

  it('logs a failure instead of throwing it at whoever started the work, and still settles', async () => {
    const { log, lines } = capturingLog();
    const work = new BackgroundWork(log);
    work.start(async () => {
      throw new Error('mail server gone');
    });
    await work.settled();
    await nextTurn();
    expect(lines.map((line) => [line.msg, line.err])).toEqual([[serverMessages.backgroundWorkFailedLog, 'mail server gone']]);
  });

  it('closing the app waits for tracking records queued by calls that have already answered', async () => {
    const server = await startServer();
    const visitor = await new Visitor(server.url).start();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, n) => visitor.post(RECORD_EVENT, { event: 'closing-event', data: JSON.stringify({ n }) })));
    expect(answers.every((answer) => answer.status === 204)).toBe(true);
    await server.stop();
    const reopened = await startServer({ databasePath: server.databasePath });
    try {
      const row = await reopened.app.deps.store.get<{ n: number }>('SELECT COUNT(*) AS n FROM tracking_events WHERE kind = ?', ['closing-event']);
      expect(Number(row!.n)).toBe(20);
    } finally {
      await reopened.stop(true);
    }
  });
});
