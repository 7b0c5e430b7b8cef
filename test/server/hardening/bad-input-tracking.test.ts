import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillMessage, serverMessages } from '../../../server/messages.ts';
import { MAX_BODY_DEPTH } from '../../../server/api/body-nesting.ts';
import { platformMessages } from '../../../server/platform-messages.ts';
import { seededProduct } from '../helpers/fixtures.ts';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';
import { asStored, expectRefused, HOSTILE_TEXT, NOT_AN_OBJECT, settleWrites, tenMegabyteJson } from '../helpers/refusal.ts';
import { Visitor } from '../helpers/visitor.ts';

const RECORD_EVENT = '/api/events/RecordEvent';
const JAVASCRIPT_ERRORS = '/api/events/RecordJavascriptErrors';
const RECORD_HIT = '/api/census/RecordHit';
const CENSUS_BEACONS = ['/api/census/button-click', '/api/census/button-render', '/api/census/overlay'];
const FORM_RENDER = '/api/census/form-render';
const QUICK_VIEW = '/api/census/RecordQuickView/:id';
const PERFORMANCE = '/api/1/performance/records';
const CLANKER_EVENTS = '/api/v1/clanker/events';
const VALIDATE_EVENT = '/api/v1/clanker/validate-event-content/:schemaName';
const CAPTCHA_CHALLENGE = '/api/captcha/challenge';
const CAPTCHA_SOLVE = '/api/captcha/solve';
const AUTOCOMPLETE = '/api/google-maps/places/autocomplete';
const DETAILS = '/api/google-maps/places/details';

const CONTACT_FORM = '6570a1b2c3d4e5f6a7b83002';
const shirt = seededProduct('linen-shirt');

let server: PlatformServer;
let v: Visitor;
beforeAll(async () => {
  server = await startPlatformServer();
  v = await new Visitor(server.url).start();
});
afterAll(async () => {
  await server.stop(true);
});

const db = () => server.app.deps.store;
/** What a refusal leaves as it was: the store, once the tracking writes of the app's background work are in (a wait for them, not a sleep). */
const app = () => server.app.deps;
/** A beacon: navigator.sendBeacon posts its string as text/plain. */
const postText = (url: string, text: string) => fetch(`${server.url}${url}`, {
  method: 'POST',
  headers: { 'content-type': 'text/plain;charset=UTF-8', cookie: [...v.cookies].map(([name, value]) => `${name}=${value}`).join('; '), 'x-csrf-token': decodeURIComponent(v.crumb) },
  body: text,
}).then(async (response) => ({ status: response.status, headers: response.headers, body: JSON.parse((await response.text()) || 'null') as unknown }));

/** Malformed JSON (as JSON and as a beacon), a 10 MB body and bodies that are not an object. */
async function refusesUnreadableBodies(url: string, options: { beacon: boolean; arrays?: 'accepted' }): Promise<void> {
  await expectRefused(app(), () => v.post(url, '{"event": '), { status: 400, message: serverMessages.malformedJson });
  await expectRefused(app(), () => v.post(url, tenMegabyteJson('data')), { status: 413, message: serverMessages.bodyTooLarge });
  if (options.beacon) {
    await expectRefused(app(), () => postText(url, '{"event": '), { status: 400, message: serverMessages.malformedJson });
    await expectRefused(app(), () => postText(url, tenMegabyteJson('data')), { status: 413, message: serverMessages.bodyTooLarge });
    await expectRefused(app(), () => postText(url, 'null'), { status: 400 });
  }
  for (const [label, body] of NOT_AN_OBJECT) {
    if (label === 'a JSON array' && options.arrays === 'accepted') continue;
    await expectRefused(app(), () => v.post(url, body), { status: 400 });
  }
}

describe(`POST ${RECORD_EVENT}`, () => {
  it('refuses unreadable bodies', async () => {
    await refusesUnreadableBodies(RECORD_EVENT, { beacon: false });
  });

  it('names a missing, repeated, mistyped or oversized field', async () => {
    await expectRefused(app(), () => v.request('POST', RECORD_EVENT, undefined, { form: { data: '{}' } }), { status: 400, message: /^event: / });
    await expectRefused(app(), () => v.post(RECORD_EVENT, { event: 12 }), { status: 400, message: /^event: / });
    await expectRefused(app(), () => v.post(RECORD_EVENT, { event: ['a', 'b'] }), { status: 400, message: /^event: / });
    await expectRefused(app(), () => v.post(RECORD_EVENT, { event: 'x'.repeat(129) }), { status: 400, message: /^event: / });
    await expectRefused(app(), () => v.post(RECORD_EVENT, { event: 'e', data: { sku: 1 } }), { status: 400, message: /^data: / });
    await expectRefused(app(), () => v.post(RECORD_EVENT, { event: 'e', data: 'x'.repeat(16_001) }), { status: 400, message: /^data: / });
  });

  it('stores SQL metacharacters, control characters and unicode verbatim', async () => {
    const event = `${HOSTILE_TEXT.sql}${HOSTILE_TEXT.controlAndUnicode}`.slice(0, 128);
    expect((await v.request('POST', RECORD_EVENT, undefined, { form: { event, data: HOSTILE_TEXT.sqlTautology } })).status).toBe(204);
    await settleWrites(app().background);
    const row = (await db().get<{ kind: string; payloadJson: string }>('SELECT kind, payload_json AS "payloadJson" FROM tracking_events ORDER BY rowid DESC LIMIT 1'))!;
    expect(row.kind).toBe(asStored(event));
    expect(JSON.parse(row.payloadJson)).toEqual({ event, data: HOSTILE_TEXT.sqlTautology });
    await expect(db().get('SELECT COUNT(*) AS n FROM site_users'), 'the table survived').resolves.toBeDefined();
  });
});

describe(`POST ${JAVASCRIPT_ERRORS}`, () => {
  it('refuses unreadable bodies', async () => {
    await refusesUnreadableBodies(JAVASCRIPT_ERRORS, { beacon: true });
  });

  it('names empty, oversized or mistyped reports', async () => {
    const report = { event: 'TypeError', data: { stack: 'x' }, timestamp: 1 };
    for (const body of [[], Array.from({ length: 21 }, () => report), [{ data: {} }], [{ ...report, event: '' }], [{ ...report, timestamp: -1 }], [{ ...report, timestamp: 'now' }]]) {
      await expectRefused(app(), () => v.post(JAVASCRIPT_ERRORS, body), { status: 400 });
      await expectRefused(app(), () => postText(JAVASCRIPT_ERRORS, JSON.stringify(body)), { status: 400 });
    }
  });
});

describe('bodies nested too deeply', () => {
  const deep = (levels: number) => `{"a":${'['.repeat(levels)}${']'.repeat(levels)}}`;
  const tooDeep = fillMessage(serverMessages.bodyTooDeep, { max: MAX_BODY_DEPTH });

  it('are refused as JSON and as beacons, before any reader recurses into them', async () => {
    for (const url of [...CENSUS_BEACONS, PERFORMANCE, JAVASCRIPT_ERRORS, CLANKER_EVENTS]) {
      await expectRefused(app(), () => v.post(url, deep(40_000)), { status: 400, message: tooDeep });
      await expectRefused(app(), () => postText(url, deep(40_000)), { status: 400, message: tooDeep });
    }
  });

  it('up to the limit are read as usual', async () => {
    expect((await postText(CENSUS_BEACONS[0], deep(MAX_BODY_DEPTH - 1))).status).toBe(204);
    await expectRefused(app(), () => postText(CENSUS_BEACONS[0], deep(MAX_BODY_DEPTH)), { status: 400, message: tooDeep });
  });
});

describe(`POST ${RECORD_HIT}`, () => {
  it('refuses unreadable bodies', async () => {
    await refusesUnreadableBodies(RECORD_HIT, { beacon: false });
  });

  it('names mistyped or oversized fields', async () => {
    for (const [body, field] of [[{ event: 5 }, 'event'], [{ data: ['x'] }, 'data'], [{ ss_cvr: 'x'.repeat(257) }, 'ss_cvr'], [{ event: 'x'.repeat(129) }, 'event']] as const) {
      await expectRefused(app(), () => v.post(RECORD_HIT, body), { status: 400, message: new RegExp(`^${field}: `) });
    }
  });
});

describe(`POST ${CENSUS_BEACONS.join(', ')}`, () => {
  it('refuses unreadable bodies, a JSON null beacon included', async () => {
    for (const url of CENSUS_BEACONS) await refusesUnreadableBodies(url, { beacon: true });
  });

  it('refuses an overlong field name', async () => {
    for (const url of CENSUS_BEACONS) {
      await expectRefused(app(), () => v.post(url, { ['k'.repeat(129)]: 1 }), { status: 400 });
    }
  });
});

describe(`POST ${FORM_RENDER}`, () => {
  it('refuses unreadable bodies', async () => {
    await refusesUnreadableBodies(FORM_RENDER, { beacon: false });
  });

  it('names a missing or mistyped form id', async () => {
    for (const body of [{}, { formId: 3 }, { formId: '' }, { formId: 'x'.repeat(129) }, { formId: CONTACT_FORM, visitorCookie: ['v'] }]) {
      await expectRefused(app(), () => v.post(FORM_RENDER, body), { status: 400, message: /^(formId|visitorCookie): / });
    }
  });

  it('answers 404 for a form the site does not have, SQL metacharacters included', async () => {
    for (const formId of ['no-such-form', HOSTILE_TEXT.sql]) {
      await expectRefused(app(), () => v.post(FORM_RENDER, { formId }), { status: 404, message: platformMessages.formNotFound });
    }
  });
});

describe(`POST ${QUICK_VIEW}`, () => {
  const url = (id: string) => QUICK_VIEW.replace(':id', encodeURIComponent(id));

  it('names an id that is not an item id', async () => {
    for (const id of [HOSTILE_TEXT.sql, HOSTILE_TEXT.controlAndUnicode, 'x'.repeat(65)]) {
      await expectRefused(app(), () => v.post(url(id)), { status: 400, message: /^id: / });
    }
  });

  it('answers 404 for an item the store does not have', async () => {
    await expectRefused(app(), () => v.post(url('no-such-item')), { status: 404, message: serverMessages.productNotFound });
    expect((await v.post(url(shirt.id))).status).toBe(204);
  });

  it('refuses malformed JSON and a 10 MB body', async () => {
    await expectRefused(app(), () => v.post(url(shirt.id), '{'), { status: 400, message: serverMessages.malformedJson });
    await expectRefused(app(), () => v.post(url(shirt.id), tenMegabyteJson()), { status: 413, message: serverMessages.bodyTooLarge });
  });
});

describe(`POST ${PERFORMANCE}`, () => {
  it('refuses unreadable bodies', async () => {
    await refusesUnreadableBodies(PERFORMANCE, { beacon: true, arrays: 'accepted' });
  });

  it('refuses batches that are too long or hold something other than records', async () => {
    const tooMany = Array.from({ length: 201 }, () => ({ name: 'paint' }));
    for (const body of [tooMany, { events: tooMany }, [1, 2], ['paint'], { events: 'paint' }, { pageLoadId: 5, events: [] }]) {
      await expectRefused(app(), () => v.post(PERFORMANCE, body), { status: 400 });
    }
  });
});

describe(`POST ${CLANKER_EVENTS}`, () => {
  it('refuses unreadable bodies', async () => {
    await refusesUnreadableBodies(CLANKER_EVENTS, { beacon: true });
  });

  it('names a schema name or content that is missing or mistyped', async () => {
    for (const body of [{ eventContent: '{}' }, { eventSchemaName: HOSTILE_TEXT.sql, eventContent: '{}' }, { eventSchemaName: 'page_view' }, { eventSchemaName: 'page_view', eventContent: {} }]) {
      await expectRefused(app(), () => v.post(CLANKER_EVENTS, body), { status: 400, message: /^(eventSchemaName|eventContent): / });
    }
  });

  it('says which tracker fields of the content are wrong', async () => {
    for (const [content, message] of [
      ['[1]', 'eventContent must be a JSON object'], ['not json', 'eventContent must be a JSON object'],
      [JSON.stringify({ event_timestamp: 'soon', session_id: 5 }), 'session_id must be a string; event_timestamp must be a number'],
      [JSON.stringify({ source_environment: "prod'; DROP TABLE clanker_events; --" }), 'source_environment must be one of dev, qa, staging, prod'],
    ] as const) {
      await expectRefused(app(), () => postText(CLANKER_EVENTS, JSON.stringify({ eventSchemaName: 'page_view', eventContent: content })), { status: 400, message });
    }
  });
});

describe(`POST ${VALIDATE_EVENT}`, () => {
  const url = (schemaName: string) => VALIDATE_EVENT.replace(':schemaName', encodeURIComponent(schemaName));

  it('answers 404 for a schema name that cannot be one', async () => {
    for (const schemaName of [HOSTILE_TEXT.sql, HOSTILE_TEXT.controlAndUnicode]) {
      await expectRefused(app(), () => v.post(url(schemaName), {}), { status: 404, message: fillMessage(platformMessages.unknownEventSchema, { schemaName }) });
    }
  });

  it('refuses unreadable bodies and says what is wrong with the content', async () => {
    await refusesUnreadableBodies(url('page_view'), { beacon: true });
    const { body } = await expectRefused(app(), () => v.post(url('page_view'), { browser_window_width: 'wide' }), { status: 400, message: 'browser_window_width must be a number' });
    expect(body).toMatchObject({ valid: false, errors: ['browser_window_width must be a number'] });
  });
});

describe(`GET ${CAPTCHA_CHALLENGE} and POST ${CAPTCHA_SOLVE}`, () => {
  it('names an unknown action', async () => {
    for (const action of ['login', HOSTILE_TEXT.sql]) {
      await expectRefused(app(), () => v.get(`${CAPTCHA_CHALLENGE}?action=${encodeURIComponent(action)}`), { status: 400, message: /^action: action must be one of / });
    }
  });

  it('refuses unreadable bodies', async () => {
    await refusesUnreadableBodies(CAPTCHA_SOLVE, { beacon: false });
  });

  it('names missing or oversized fields and refuses a forged, tampered or wrongly answered challenge', async () => {
    const { challenge } = server.captcha.issueChallenge('form_block');
    for (const [body, field] of [[{ answer: '3' }, 'challenge'], [{ challenge }, 'answer'], [{ challenge, answer: ' ' }, 'answer'], [{ challenge, answer: '1'.repeat(17) }, 'answer'], [{ challenge: 'x'.repeat(1025), answer: '3' }, 'challenge']] as const) {
      await expectRefused(app(), () => v.post(CAPTCHA_SOLVE, body), { status: 400, message: new RegExp(`^${field}: `) });
    }
    for (const forged of [HOSTILE_TEXT.sql, `${challenge.slice(0, -2)}xx`]) {
      await expectRefused(app(), () => v.post(CAPTCHA_SOLVE, { challenge: forged, answer: '3' }), { status: 400, message: platformMessages.captchaWrongAnswer });
    }
    await expectRefused(app(), () => v.post(CAPTCHA_SOLVE, { challenge, answer: '-1' }), { status: 400, message: platformMessages.captchaWrongAnswer });
  });
});

describe(`GET ${AUTOCOMPLETE} and GET ${DETAILS}`, () => {
  it('names a missing, oversized or malformed query', async () => {
    for (const [query, field] of [
      ['', 'input'], ['input=%20', 'input'], [`input=${'x'.repeat(201)}`, 'input'], ['input=main&country=usa', 'country'],
      ['input=main&country=%27%3B--', 'country'], ['input=main&limit=0', 'limit'], ['input=main&limit=-1', 'limit'],
      ['input=main&limit=1.5', 'limit'], ['input=main&limit=1e300', 'limit'], ['input=main&limit=ten', 'limit'], ['input=a&input=b', 'input'],
    ] as const) {
      await expectRefused(app(), () => v.get(`${AUTOCOMPLETE}?${query}`), { status: 400, message: new RegExp(`^${field}: `) });
    }
  });

  it('answers SQL metacharacters and unicode in the search with places or none, never an error', async () => {
    for (const input of [HOSTILE_TEXT.sql, HOSTILE_TEXT.controlAndUnicode]) {
      const answer = await v.get<{ predictions: unknown[] }>(`${AUTOCOMPLETE}?input=${encodeURIComponent(input)}`);
      expect(answer.status).toBe(200);
      expect(Array.isArray(answer.body.predictions)).toBe(true);
    }
  });

  it('names a missing or oversized place id and answers 404 for an unknown one without recording it', async () => {
    await expectRefused(app(), () => v.get(DETAILS), { status: 400, message: /^placeId: / });
    await expectRefused(app(), () => v.get(`${DETAILS}?placeId=${'x'.repeat(129)}`), { status: 400, message: /^placeId: / });
    await expectRefused(app(), () => v.get(`${DETAILS}?placeId=p&productPage=${'x'.repeat(129)}`), { status: 400, message: /^productPage: / });
    for (const placeId of ['no-such-place', HOSTILE_TEXT.sql]) {
      await expectRefused(app(), () => v.get(`${DETAILS}?placeId=${encodeURIComponent(placeId)}`), { status: 404, message: platformMessages.placeNotFound });
    }
  });
});
