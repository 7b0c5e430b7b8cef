/**
 * Issue 16, item 4: an analytics event whose `data` text nested 8,000 deep passed the body check
 * (it is a string), was queued, and made JSON.stringify throw when the batch was written: 100
 * acknowledged events of other visitors were lost. Payloads are now parsed with a depth bound
 * before they are queued, and each record is written as JSON alone, so one bad record only ever
 * loses itself.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_DEPTH } from '../../../server/api/body-nesting.ts';
import { createTrackingWriter } from '../../../server/api/tracking-writer.ts';
import { BackgroundWork } from '../../../server/background-work.ts';
import { createTrackingRepository, type TrackingRecord } from '../../../server/db/tracking-repository.ts';
import { fillMessage, serverMessages } from '../../../server/messages.ts';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';
import { settleWrites } from '../helpers/refusal.ts';
import { Visitor } from '../helpers/visitor.ts';

const RECORD_EVENT = '/api/events/RecordEvent';
const DEEP = 8_000;
const deepText = `${'['.repeat(DEEP)}${']'.repeat(DEEP)}`;
const tooDeep = fillMessage(serverMessages.bodyTooDeep, { max: MAX_BODY_DEPTH });

let server: PlatformServer;
beforeAll(async () => {
  server = await startPlatformServer();
});
afterAll(async () => {
  await server.stop(true);
});
const store = () => server.app.deps.store;
const countOf = async (kind: string): Promise<number> =>
  Number((await store().get<{ n: number }>('SELECT COUNT(*) AS n FROM tracking_events WHERE kind = ?', [kind]))!.n);

describe('a poisoned analytics event', () => {
  it('is refused with a 400 before it is queued, and the 100 events sent with it are all kept', async () => {
    const visitors = await Promise.all(Array.from({ length: 10 }, () => new Visitor(server.url).start()));
    const poisoner = await new Visitor(server.url).start();
    const sent = await Promise.all([
      ...Array.from({ length: 100 }, (_, i) => visitors[i % 10]!.post(RECORD_EVENT, { event: 'kept-event', data: JSON.stringify({ n: i }) })),
      poisoner.post(RECORD_EVENT, { event: 'poisoned-event', data: deepText }),
      poisoner.post(RECORD_EVENT, undefined, { form: { event: 'poisoned-event', data: deepText } }),
    ]);
    const poisoned = sent.slice(100);
    for (const answer of poisoned) {
      expect(answer.status).toBe(400);
      expect((answer.body as { message: string }).message).toBe(tooDeep);
    }
    expect(sent.slice(0, 100).every((answer) => answer.status === 204)).toBe(true);
    await settleWrites();
    await expect.poll(() => countOf('kept-event')).toBe(100);
    expect(await countOf('poisoned-event')).toBe(0);
  });

  it('data within the depth bound is still kept parsed', async () => {
    const v = await new Visitor(server.url).start();
    const nested = `${'['.repeat(MAX_BODY_DEPTH)}1${']'.repeat(MAX_BODY_DEPTH)}`;
    expect((await v.post(RECORD_EVENT, { event: 'nested-event', data: nested })).status).toBe(204);
    await settleWrites();
    await expect.poll(() => countOf('nested-event')).toBe(1);
  });
});

describe('the tracking writer', () => {
  const silent = pino({ level: 'silent' });
  const deepValue = (): unknown => {
    let value: unknown = 1;
    for (let i = 0; i < DEEP; i++) value = [value];
    return value;
  };

  it('leaves out a record that cannot be written as JSON and writes the others of the batch', async () => {
    const writer = createTrackingWriter(createTrackingRepository(store()), silent, new BackgroundWork(silent));
    const records: TrackingRecord[] = Array.from({ length: 10 }, (_, i) => ({ kind: 'writer-good', visitorId: null, payload: { i } }));
    records.splice(5, 0, { kind: 'writer-bad', visitorId: null, payload: deepValue() }, { kind: 'writer-bad', visitorId: null, payload: { n: 1n } });
    expect(writer.enqueue('tracking_events', records)).toBe(10);
    await writer.flush();
    expect(await countOf('writer-good')).toBe(10);
    expect(await countOf('writer-bad')).toBe(0);
  });

  it('a record the database refuses loses only itself', async () => {
    const writer = createTrackingWriter(createTrackingRepository(store()), silent, new BackgroundWork(silent));
    writer.enqueue('tracking_events', [
      { kind: 'writer-row', visitorId: null, payload: 1 },
      // kind is NOT NULL: this insert fails inside the batch's transaction
      { kind: null as unknown as string, visitorId: null, payload: 2 },
      { kind: 'writer-row', visitorId: null, payload: 3 },
    ]);
    await writer.flush();
    expect(await countOf('writer-row')).toBe(2);
  });
});
