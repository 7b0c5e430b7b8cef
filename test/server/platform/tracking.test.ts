import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTrackingRepository } from '../../../server/db/tracking-repository.ts';
import { CENSUS_VISIT_COOKIE, CENSUS_VISITOR_COOKIE, parseVisitorCookie } from '../../../server/security/census-cookie.ts';
import { eventually, field, startServer, tempDatabasePath, Visitor, type RunningServer } from './harness.ts';

function count(server: RunningServer, table: Parameters<ReturnType<typeof createTrackingRepository>['count']>[0]): Promise<number> {
  return createTrackingRepository(server.app.deps.store).count(table);
}

describe('tracking calls', () => {
  let db: ReturnType<typeof tempDatabasePath>;
  let server: RunningServer;

  beforeEach(async () => {
    db = tempDatabasePath();
    server = await startServer(db.path);
  });
  afterEach(async () => {
    await server.stop();
    db.remove();
  });

  it('records a form-encoded RecordEvent with its data', async () => {
    const visitor = new Visitor(server);
    const result = await visitor.call('/api/events/RecordEvent', { form: { event: 'AddToCart', data: JSON.stringify({ sku: 'SQ1' }) } });
    expect(result.status).toBe(204);
    await eventually(async () => (await count(server, 'tracking_events')) === 1);
    const [row] = await createTrackingRepository(server.app.deps.store).recent('tracking_events', 1);
    expect(row.kind).toBe('AddToCart');
    expect(JSON.parse(row.payloadJson)).toEqual({ event: 'AddToCart', data: { sku: 'SQ1' } });
  });

  it('rejects RecordEvent without an event and without a crumb', async () => {
    const visitor = new Visitor(server);
    const missing = await visitor.call('/api/events/RecordEvent', { form: { data: '{}' } });
    expect(missing.status).toBe(400);
    expect(String(field(missing.body, 'message'))).toContain('event');
    expect((await visitor.call('/api/events/RecordEvent', { form: { event: 'x' }, withoutCrumb: true })).status).toBe(403);
  });

  it('records JavaScript error reports (crumb header) and cuts long stacks', async () => {
    const visitor = new Visitor(server);
    const reports = [
      { event: 'error', data: { message: 'boom', stack: 's'.repeat(9000) }, timestamp: 1700000000000 },
      { event: 'unhandledrejection', data: { message: 'nope' }, timestamp: 1700000000001 },
    ];
    const result = await visitor.call('/api/events/RecordJavascriptErrors', { json: reports });
    expect(result.status).toBe(204);
    await eventually(async () => (await count(server, 'javascript_errors')) === 2);
    const rows = await createTrackingRepository(server.app.deps.store).recent('javascript_errors', 2);
    expect(rows.every((row) => row.payloadJson.length < 6000)).toBe(true);
    expect((await visitor.call('/api/events/RecordJavascriptErrors', { json: reports, withoutCrumb: true })).status).toBe(403);
    expect((await visitor.call('/api/events/RecordJavascriptErrors', { json: [] })).status).toBe(400);
    expect((await visitor.call('/api/events/RecordJavascriptErrors', { json: Array(21).fill(reports[1]) })).status).toBe(400);
  });

  describe('census visitor cookie', () => {
    it('issues ss_cvr (id and four positive integers, 2 years) and the 30-minute visit token', async () => {
      const visitor = new Visitor(server);
      const result = await visitor.call('/api/census/RecordHit', { form: { event: '1', data: '{}' } });
      expect(result.status).toBe(204);
      const cvr = visitor.cookies.get(CENSUS_VISITOR_COOKIE);
      expect(cvr).toMatch(/^[A-Za-z0-9-]+(\|[1-9]\d*){4}$/);
      expect(parseVisitorCookie(cvr)?.visitCount).toBe(1);
      const lines = result.headers.getSetCookie();
      const maxAge = (name: string) => Number(/Max-Age=(\d+)/i.exec(lines.find((line) => line.startsWith(`${name}=`)) ?? '')?.[1]);
      expect(maxAge(CENSUS_VISITOR_COOKIE)).toBe(2 * 365 * 24 * 60 * 60);
      expect(maxAge(CENSUS_VISIT_COOKIE)).toBe(30 * 60);
      await eventually(async () => (await count(server, 'census_hits')) === 1);
    });

    it('keeps the visitor during a visit and counts a new visit once the visit token lapsed', async () => {
      const visitor = new Visitor(server);
      await visitor.call('/api/census/RecordHit', { form: { event: '1' } });
      const first = parseVisitorCookie(visitor.cookies.get(CENSUS_VISITOR_COOKIE))!;
      await visitor.call('/api/census/RecordHit', { form: { event: '1' } });
      expect(parseVisitorCookie(visitor.cookies.get(CENSUS_VISITOR_COOKIE))).toEqual(first);
      visitor.cookies.delete(CENSUS_VISIT_COOKIE);
      await new Promise((resolve) => setTimeout(resolve, 5));
      await visitor.call('/api/census/RecordHit', { form: { event: '1' } });
      const second = parseVisitorCookie(visitor.cookies.get(CENSUS_VISITOR_COOKIE))!;
      expect(second.id).toBe(first.id);
      expect(second.visitCount).toBe(2);
      expect(second.previousVisit).toBe(first.currentVisit);
      expect(second.currentVisit).toBeGreaterThan(first.currentVisit);
    });

    it('replaces a malformed cookie', async () => {
      const visitor = new Visitor(server);
      for (const bad of ['garbage', 'abc|1|2|3', 'abc|1|2|3|0', 'abc|-1|2|3|4', 'a b|1|2|3|4']) {
        visitor.cookies.set(CENSUS_VISITOR_COOKIE, bad);
        await visitor.call('/api/census/RecordHit', { form: { event: '1' } });
        const replaced = visitor.cookies.get(CENSUS_VISITOR_COOKIE);
        expect(replaced).not.toBe(bad);
        expect(parseVisitorCookie(replaced)?.visitCount).toBe(1);
      }
    });
  });

  it('records the other census posts', async () => {
    const visitor = new Visitor(server);
    expect((await visitor.call('/api/census/button-click', { form: { event: 'click', data: '{}' } })).status).toBe(204);
    expect((await visitor.call('/api/census/button-render', { json: { event: 'render' } })).status).toBe(204);
    expect((await visitor.call('/api/census/overlay', { form: { event: 'shown' } })).status).toBe(204);
    expect((await visitor.call('/api/census/form-render', { form: { formId: '6570a1b2c3d4e5f6a7b83002', visitorCookie: 'v|1|2|3|4' } })).status).toBe(204);
    expect((await visitor.call('/api/census/RecordQuickView/6570a1b2c3d4e5f6a7b82001', { method: 'POST' })).status).toBe(204);
    await eventually(async () => (await count(server, 'census_hits')) === 5);
    const kinds = (await createTrackingRepository(server.app.deps.store).recent('census_hits', 5)).map((row) => row.kind).sort();
    expect(kinds).toEqual(['button-click', 'button-render', 'form-render', 'overlay', 'quick-view']);
    const formRender = (await createTrackingRepository(server.app.deps.store).recent('census_hits', 5)).find((row) => row.kind === 'form-render');
    expect(formRender?.visitorId).toBe('v');
    expect((await visitor.call('/api/census/form-render', { form: {} })).status).toBe(400);
    expect((await visitor.call('/api/census/RecordQuickView/bad%20id', { method: 'POST' })).status).toBe(400);
  });

  it('gives a fresh pageLoadId and stores performance batches', async () => {
    const visitor = new Visitor(server);
    const a = await visitor.call('/api/1/performance/settings');
    const b = await visitor.call('/api/1/performance/settings');
    expect(a.status).toBe(200);
    expect(field(a.body, 'pageLoadId')).toMatch(/^[0-9a-f-]{36}$/);
    expect(field(a.body, 'pageLoadId')).not.toBe(field(b.body, 'pageLoadId'));
    const batch = { pageLoadId: field(a.body, 'pageLoadId'), events: [{ name: 'LCP', value: 1200 }, { name: 'CLS', value: 0.05 }] };
    expect((await visitor.call('/api/1/performance/records', { json: batch })).status).toBe(204);
    // a beacon sends text/plain
    expect((await visitor.call('/api/1/performance/records', { text: JSON.stringify([{ name: 'TTFB', value: 80 }]) })).status).toBe(204);
    await eventually(async () => (await count(server, 'performance_records')) === 3);
    expect((await visitor.call('/api/1/performance/records', { json: { events: 'nope' } })).status).toBe(400);
  });

  it('accepts hosted events with 202 and validates event content', async () => {
    const visitor = new Visitor(server);
    const content = { analytics_id: 'a1', page_path: '/shop', event_timestamp: 1700000000000, source_environment: 'prod' };
    const sent = await visitor.call('/api/v1/clanker/events', { text: JSON.stringify({ eventSchemaName: 'page_view', eventContent: JSON.stringify(content) }) });
    expect(sent.status).toBe(202);
    await eventually(async () => (await count(server, 'clanker_events')) === 1);
    const wrong = await visitor.call('/api/v1/clanker/events', { json: { eventSchemaName: 'page_view', eventContent: JSON.stringify({ event_timestamp: 'soon' }) } });
    expect(wrong.status).toBe(400);
    expect(String(field(wrong.body, 'message'))).toContain('event_timestamp');
    expect((await visitor.call('/api/v1/clanker/events', { json: { eventContent: '{}' } })).status).toBe(400);

    const valid = await visitor.call('/api/v1/clanker/validate-event-content/page_view', { json: content });
    expect(valid.status).toBe(200);
    expect(field(valid.body, 'valid')).toBe(true);
    const invalid = await visitor.call('/api/v1/clanker/validate-event-content/page_view', { json: { source_environment: 'moon' } });
    expect(invalid.status).toBe(400);
    expect(field(invalid.body, 'errors')).toEqual(['source_environment must be one of dev, qa, staging, prod']);
  });

  it('answers the fullstory id as a string', async () => {
    const result = await new Visitor(server).call('/api/commerce/fullstory/getId');
    expect(result.status).toBe(200);
    expect(typeof result.body).toBe('string');
    expect((result.body as string).length).toBeGreaterThan(0);
  });
});

describe('bounded tracking tables', () => {
  let db: ReturnType<typeof tempDatabasePath>;
  let server: RunningServer;

  beforeEach(async () => {
    db = tempDatabasePath();
    server = await startServer(db.path);
  });
  afterEach(async () => {
    await server.stop();
    db.remove();
  });

  it('drops the oldest rows past the cap', async () => {
    const repository = createTrackingRepository(server.app.deps.store, 50);
    for (let batch = 0; batch < 12; batch += 1) {
      await repository.append('tracking_events', Array.from({ length: 10 }, (_, i) => ({ kind: `e${batch * 10 + i}`, visitorId: null, payload: {} })));
    }
    expect(await repository.count('tracking_events')).toBe(50);
    const kept = (await repository.recent('tracking_events', 50)).map((row) => row.kind);
    expect(kept[0]).toBe('e119');
    expect(kept.at(-1)).toBe('e70');
  });

  it('stays at the default cap under a flood of calls and keeps answering quickly', async () => {
    const repository = createTrackingRepository(server.app.deps.store, 10_000);
    // fill to the cap directly, then push more through the real call
    const filler = Array.from({ length: 10_000 }, (_, i) => ({ kind: `old${i}`, visitorId: null, payload: {} }));
    await repository.append('tracking_events', filler);
    const visitor = new Visitor(server);
    const started = Date.now();
    await Promise.all(Array.from({ length: 100 }, () => visitor.call('/api/events/RecordEvent', { form: { event: 'flood' } })));
    // not a timing (that is bench/'s): calls answered without waiting on the flood's writes finish, even on a busy machine
    expect(Date.now() - started).toBeLessThan(20_000);
    await eventually(async () => (await repository.recent('tracking_events', 100)).every((row) => row.kind === 'flood'));
    expect(await repository.count('tracking_events')).toBe(10_000);
  });

  it('cuts an oversized payload', async () => {
    const repository = createTrackingRepository(server.app.deps.store);
    await repository.append('tracking_events', [{ kind: 'big', visitorId: null, payload: { text: 'x'.repeat(50_000) } }]);
    expect((await repository.recent('tracking_events', 1))[0].payloadJson.length).toBeLessThan(17_000);
  });
});
