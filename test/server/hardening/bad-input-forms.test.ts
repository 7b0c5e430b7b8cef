import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM } from '../../../client/lib/messages.ts';
import { fillMessage, serverMessages } from '../../../server/messages.ts';
import { platformMessages } from '../../../server/platform-messages.ts';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';
import { expectRefused, HOSTILE_TEXT, NOT_AN_OBJECT, tenMegabyteJson } from '../helpers/refusal.ts';
import { Visitor } from '../helpers/visitor.ts';

const VALIDATE = '/api/rest/forms/validate/:formId';
const KEY = '/api/form/FormSubmissionKey';
const SAVE = '/api/form/SaveFormSubmission';
const TEMPLATE_SCHEMA = '/api/template/GetTemplateSchema';

const CONTACT_FORM = '6570a1b2c3d4e5f6a7b83002';
const validateUrl = (formId: string) => VALIDATE.replace(':formId', encodeURIComponent(formId));

/** A complete, valid contact-form answer. */
function contactValues(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    'name-contact': ['Ada', 'Lovelace'],
    'email-contact': 'ada@example.com',
    'textarea-message': 'Could you make a larger one?',
    'radio-contact-method': 'Email',
    'select-topic': 'Custom piece',
    ...overrides,
  };
}

let server: PlatformServer;
beforeAll(async () => {
  server = await startPlatformServer();
});
afterAll(async () => {
  await server.stop(true);
});

const db = () => server.app.deps.store;
const visitor = () => new Visitor(server.url).start();

async function freshKey(v: Visitor): Promise<string> {
  const answer = await v.post<{ data: { key: string } }>(KEY);
  expect(answer.status).toBe(200);
  return answer.body.data.key;
}

async function saveBody(v: Visitor, overrides: Record<string, unknown> = {}, values: Record<string, unknown> = contactValues()) {
  return { key: await freshKey(v), formId: CONTACT_FORM, form: JSON.stringify(values), pagePath: '/contact', ...overrides };
}

describe(`POST ${VALIDATE}`, () => {
  it('answers 404 with the form message for an unknown form id, SQL metacharacters included', async () => {
    const v = await visitor();
    for (const formId of ['no-such-form', HOSTILE_TEXT.sql, HOSTILE_TEXT.controlAndUnicode]) {
      await expectRefused(db(), () => v.post(validateUrl(formId), contactValues()), { status: 404, message: FORM.status404 });
    }
  });

  it('refuses malformed JSON and bodies that are not an object', async () => {
    const v = await visitor();
    await expectRefused(db(), () => v.post(validateUrl(CONTACT_FORM), '{"email-contact": '), { status: 400, message: serverMessages.malformedJson });
    for (const [, body] of NOT_AN_OBJECT.filter(([label]) => label !== 'JSON null')) {
      await expectRefused(db(), () => v.post(validateUrl(CONTACT_FORM), body), { status: 400 });
    }
  });

  it('names the fields whose values have the wrong type', async () => {
    const v = await visitor();
    const { body } = await expectRefused(db(), () => v.post(validateUrl(CONTACT_FORM), contactValues({
      'email-contact': 42, 'name-contact': { first: 'Ada' }, 'select-topic': ['a', 'b'], 'checkbox-interests': 'Linen',
    })), { status: 400, message: FORM.invalidFields });
    expect(Object.keys(body.errors as object).sort()).toEqual(['checkbox-interests', 'email-contact', 'name-contact', 'select-topic']);
  });

  it('answers 413 to a 10 MB body', async () => {
    const v = await visitor();
    await expectRefused(db(), () => v.post(validateUrl(CONTACT_FORM), tenMegabyteJson('textarea-message')), { status: 413, message: serverMessages.bodyTooLarge });
  });
});

describe(`POST ${KEY}`, () => {
  it('refuses malformed JSON and a 10 MB body without issuing a key', async () => {
    const v = await visitor();
    await expectRefused(db(), () => v.post(KEY, '{'), { status: 400, message: serverMessages.malformedJson });
    await expectRefused(db(), () => v.post(KEY, tenMegabyteJson()), { status: 413, message: serverMessages.bodyTooLarge });
  });
});

describe(`POST ${SAVE}`, () => {
  it('refuses malformed JSON, non-object bodies and a 10 MB body', async () => {
    const v = await visitor();
    await expectRefused(db(), () => v.post(SAVE, '{"key": "abc", "form": '), { status: 400, message: serverMessages.malformedJson });
    for (const [, body] of NOT_AN_OBJECT) await expectRefused(db(), () => v.post(SAVE, body), { status: 400 });
    await expectRefused(db(), () => v.post(SAVE, tenMegabyteJson('form')), { status: 413, message: serverMessages.bodyTooLarge });
  });

  it('names a missing or mistyped submission key', async () => {
    const v = await visitor();
    const { key: _key, ...withoutKey } = await saveBody(v);
    await expectRefused(db(), () => v.post(SAVE, withoutKey), { status: 400, message: /^key: / });
    await expectRefused(db(), () => v.post(SAVE, { ...withoutKey, key: 12345 }), { status: 400, message: /^key: / });
    await expectRefused(db(), () => v.post(SAVE, { ...withoutKey, key: '' }), { status: 400, message: /^key: / });
  });

  it('answers the form message when the form field is missing, not text, not JSON or not an object of answers', async () => {
    const v = await visitor();
    const base = await saveBody(v);
    for (const form of [undefined, { 'email-contact': 'a@example.com' }, 'not json {', '[1,2]', '"text"', '{"": "empty field id"}']) {
      await expectRefused(db(), () => v.post(SAVE, { ...base, form }), { status: 400, message: FORM.cannotParseFields });
    }
  });

  it('names every field whose value has the wrong type or an option the field does not offer', async () => {
    const v = await visitor();
    const body = await saveBody(v, {}, contactValues({ 'email-contact': 42, 'radio-contact-method': "Email' OR '1'='1", 'checkbox-interests': ['Linen', 'Not offered'] }));
    const refusal = await expectRefused(db(), () => v.post(SAVE, body), { status: 400, message: FORM.invalidFields });
    const errors = (refusal.body.data as { errors: Record<string, string> }).errors;
    expect(Object.keys(errors).sort()).toEqual(['checkbox-interests', 'email-contact', 'radio-contact-method']);
  });

  it('names mistyped page fields', async () => {
    const v = await visitor();
    for (const [name, value] of [['pageTitle', 7], ['contentSource', 'x'], ['pagePath', { path: '/' }], ['pagePermissionTypeValue', [1]], ['formId', 12]] as const) {
      const body = await saveBody(v, { [name]: value });
      await expectRefused(db(), () => v.post(SAVE, body), { status: 400, message: new RegExp(`^${name}: `) });
    }
  });

  it('answers 404 with the form message for an unknown form id, and the key stays unused', async () => {
    const v = await visitor();
    for (const formId of ['no-such-form', HOSTILE_TEXT.sql]) {
      const body = await saveBody(v, { formId });
      await expectRefused(db(), () => v.post(SAVE, body), { status: 404, message: FORM.status404 });
      const key = await db().get<{ used_on: number | null }>('SELECT used_on FROM form_submission_keys WHERE key = ?', [body.key]);
      expect(key?.used_on).toBeNull();
    }
  });

  it('answers 401 with the form message for an unknown or already used key', async () => {
    const v = await visitor();
    const body = await saveBody(v);
    await expectRefused(db(), () => v.post(SAVE, { ...body, key: 'never-issued' }), { status: 401, message: FORM.status401 });
    expect((await v.post(SAVE, body)).status).toBe(200);
    await expectRefused(db(), () => v.post(SAVE, body), { status: 401, message: FORM.status401 });
  });

  it('stores SQL metacharacters, control characters and unicode verbatim as text and drops nothing', async () => {
    const v = await visitor();
    const hostile = `${HOSTILE_TEXT.sql} ${HOSTILE_TEXT.controlAndUnicode} ${HOSTILE_TEXT.rightToLeft}`;
    const body = await saveBody(v, { pageTitle: HOSTILE_TEXT.sqlTautology }, contactValues({ 'textarea-message': hostile, 'text-subject': HOSTILE_TEXT.sql }));
    const answer = await v.post<{ submissionId: string }>(SAVE, body);
    expect(answer.status, answer.text).toBe(200);
    const stored = (await db().get<{ valuesJson: string; pageTitle: string }>('SELECT values_json AS "valuesJson", page_title AS "pageTitle" FROM form_submissions WHERE id = ?', [answer.body.submissionId]))!;
    const values = JSON.parse(stored.valuesJson) as Record<string, unknown>;
    expect(values['textarea-message']).toBe(hostile);
    expect(values['text-subject']).toBe(HOSTILE_TEXT.sql);
    expect(stored.pageTitle).toBe(HOSTILE_TEXT.sqlTautology);
    await expect(db().get('SELECT COUNT(*) AS n FROM site_users'), 'the table survived').resolves.toBeDefined();
  });

  it('ignores a prototype-polluting answer object and keeps only the form\'s own fields', async () => {
    const v = await visitor();
    const form = `{"__proto__": {"polluted": true}, ${JSON.stringify(contactValues()).slice(1)}`;
    const answer = await v.post<{ submissionId: string }>(SAVE, { key: await freshKey(v), formId: CONTACT_FORM, form });
    expect(answer.status, answer.text).toBe(200);
    const valuesJson = (await db().get<{ values_json: string }>('SELECT values_json FROM form_submissions WHERE id = ?', [answer.body.submissionId]))?.values_json;
    expect(valuesJson).not.toContain('polluted');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe(`GET ${TEMPLATE_SCHEMA}`, () => {
  it('names a missing, repeated or unknown type', async () => {
    const v = await visitor();
    await expectRefused(db(), () => v.get(TEMPLATE_SCHEMA), { status: 400, message: /^type: / });
    await expectRefused(db(), () => v.get(TEMPLATE_SCHEMA), { status: 400, message: /^type: type is required/ });
    await expectRefused(db(), () => v.get(`${TEMPLATE_SCHEMA}?type=`), { status: 400, message: /^type: type is required/ });
    // present but wrong: the message must not claim it is missing
    await expectRefused(db(), () => v.get(`${TEMPLATE_SCHEMA}?type=a&type=b`), { status: 400, message: /^type: (?!type is required).*array/ });
    await expectRefused(db(), () => v.get(`${TEMPLATE_SCHEMA}?type=${'x'.repeat(65)}`), { status: 400, message: /^type: (?!type is required).*64/ });
    for (const type of ['no-such-type', "'; DROP TABLE forms; --"]) {
      await expectRefused(db(), () => v.get(`${TEMPLATE_SCHEMA}?type=${encodeURIComponent(type)}`), {
        status: 400, message: fillMessage(platformMessages.unknownTemplateSchemaType, { type }),
      });
    }
  });
});
