import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUTTON, FORM, emailNotValidMessage } from '../../../client/lib/messages.ts';
import { serverMessages } from '../../../server/messages.ts';
import { createFormSubmissionRepository } from '../../../server/db/form-submission-repository.ts';
import { field, startServer, tempDatabasePath, Visitor, type RunningServer } from './harness.ts';

const CONTACT_FORM = '6570a1b2c3d4e5f6a7b83002';
const EXTRA_FIELDS_FORM = '6570a1b2c3d4e5f6a7b83001';

/** A complete, valid contact-form answer in the platform's value shapes. */
function contactValues(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    'name-contact': ['Ada', 'Lovelace'],
    'email-contact': 'ada@example.com',
    'text-subject': 'A teapot',
    'textarea-message': 'Could you make a larger one?',
    'section-order': 'ignored',
    'date-needed-by': ['12', '24', '2026'],
    'time-call': ['10', '30', '00', 'AM'],
    'phone-contact': ['555', '0100'],
    'address-shipping': ['1 Main St', '', 'Springfield', 'IL', '62701', 'US'],
    'radio-contact-method': 'Email',
    'checkbox-interests': ['Linen', 'Workshops'],
    'select-topic': 'Custom piece',
    'likert-experience': { 'The shop was easy to use': '2' },
    'hidden-source': 'newsletter',
    ...overrides,
  };
}

const pageFields = { pageTitle: 'Contact', pageId: '6570a1b2c3d4e5f6a7b81002', contentSource: 'c', pagePath: '/contact', pagePermissionTypeValue: '1' };

async function submissionKey(visitor: Visitor): Promise<string> {
  const result = await visitor.call('/api/form/FormSubmissionKey', { method: 'POST' });
  expect(result.status).toBe(200);
  return field(result.body, 'data', 'key') as string;
}

describe('form calls', () => {
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

  describe('POST /api/rest/forms/validate/{formId}', () => {
    it('accepts a valid answer', async () => {
      const result = await new Visitor(server).call(`/api/rest/forms/validate/${CONTACT_FORM}`, { json: contactValues() });
      expect(result.status).toBe(200);
      expect(result.body).toEqual({ errors: {} });
    });

    it('keys errors by field id: required, email, character limit, date', async () => {
      const result = await new Visitor(server).call(`/api/rest/forms/validate/${CONTACT_FORM}`, {
        json: contactValues({
          'name-contact': ['', ''],
          'email-contact': 'not-an-email',
          'textarea-message': 'x'.repeat(501),
          'radio-contact-method': undefined,
          'date-needed-by': ['02', '30', '2026'],
          'likert-experience': {},
        }),
      });
      expect(result.status).toBe(400);
      expect(field(result.body, 'message')).toBe(FORM.invalidFields);
      expect(field(result.body, 'errors')).toEqual({
        'name-contact': FORM.required,
        'email-contact': emailNotValidMessage(),
        'textarea-message': FORM.characterLimit,
        'radio-contact-method': FORM.required,
        'date-needed-by': FORM.invalidDate,
      });
    });

    it('accepts a text area exactly at its limit and an empty optional email', async () => {
      const result = await new Visitor(server).call(`/api/rest/forms/validate/${CONTACT_FORM}`, {
        json: contactValues({ 'textarea-message': 'x'.repeat(500) }),
      });
      expect(result.status).toBe(200);
    });

    it('flags values of the wrong shape or a choice the field does not offer', async () => {
      const result = await new Visitor(server).call(`/api/rest/forms/validate/${CONTACT_FORM}`, {
        json: contactValues({ 'name-contact': 'Ada Lovelace', 'select-topic': 'Refund', 'phone-contact': ['1'] }),
      });
      expect(result.status).toBe(400);
      expect(field(result.body, 'errors')).toEqual({
        'name-contact': FORM.cannotParseFields,
        'select-topic': FORM.cannotParseFields,
        'phone-contact': FORM.cannotParseFields,
      });
    });

    it('answers 404 for an unknown form and 400 for a body that is not an object', async () => {
      const visitor = new Visitor(server);
      const missing = await visitor.call('/api/rest/forms/validate/nope', { json: {} });
      expect(missing.status).toBe(404);
      expect(field(missing.body, 'message')).toBe(FORM.status404);
      expect((await visitor.call(`/api/rest/forms/validate/${CONTACT_FORM}`, { json: ['a'] })).status).toBe(400);
    });

    it('needs the crumb', async () => {
      const result = await new Visitor(server).call(`/api/rest/forms/validate/${CONTACT_FORM}`, { json: contactValues(), withoutCrumb: true });
      expect(result.status).toBe(403);
      expect(result.body).toEqual({ crumbFail: true, message: serverMessages.crumbFail });
    });
  });

  describe('POST /api/form/SaveFormSubmission', () => {
    it('stores a submission with the normalised value shapes and page fields', async () => {
      const visitor = new Visitor(server);
      const key = await submissionKey(visitor);
      const result = await visitor.call('/api/form/SaveFormSubmission', {
        json: { key, formId: CONTACT_FORM, form: JSON.stringify(contactValues()), ...pageFields },
      });
      expect(result.status).toBe(200);
      expect(field(result.body, 'success')).toBe(true);
      const [stored] = await createFormSubmissionRepository(server.app.deps.store).submissionsOf(CONTACT_FORM);
      const values = JSON.parse(stored.valuesJson);
      expect(values['phone-contact']).toEqual(['', '555', '0100']);
      expect(values['section-order']).toBeUndefined();
      expect(values['checkbox-interests']).toEqual(['Linen', 'Workshops']);
      expect(values['radio-contact-method']).toBe('Email');
      expect(values['likert-experience']).toEqual({ 'The shop was easy to use': '2' });
      expect(values['hidden-source']).toBe('newsletter');
      expect(stored).toMatchObject({ pageTitle: 'Contact', contentSource: 'c', pagePath: '/contact', pagePermissionTypeValue: '1' });
    });

    it('finds the form from its field ids when no formId is sent', async () => {
      const visitor = new Visitor(server);
      const key = await submissionKey(visitor);
      const values = { 'text-monogram-initials': 'AL', 'select-thread-colour': 'Rust' };
      const result = await visitor.call('/api/form/SaveFormSubmission', { json: { key, form: JSON.stringify(values) } });
      expect(result.status).toBe(200);
      expect(await createFormSubmissionRepository(server.app.deps.store).submissionsOf(EXTRA_FIELDS_FORM)).toHaveLength(1);
    });

    it('answers 400 with data.errors for invalid fields and keeps the key usable', async () => {
      const visitor = new Visitor(server);
      const key = await submissionKey(visitor);
      const bad = await visitor.call('/api/form/SaveFormSubmission', {
        json: { key, formId: CONTACT_FORM, form: JSON.stringify(contactValues({ 'select-topic': '' })) },
      });
      expect(bad.status).toBe(400);
      expect(field(bad.body, 'data', 'errors')).toEqual({ 'select-topic': FORM.required });
      const good = await visitor.call('/api/form/SaveFormSubmission', {
        json: { key, formId: CONTACT_FORM, form: JSON.stringify(contactValues()) },
      });
      expect(good.status).toBe(200);
    });

    it('answers 400 with data.error when the form text is not JSON', async () => {
      const visitor = new Visitor(server);
      const key = await submissionKey(visitor);
      const result = await visitor.call('/api/form/SaveFormSubmission', { json: { key, formId: CONTACT_FORM, form: '{oops' } });
      expect(result.status).toBe(400);
      expect(field(result.body, 'data', 'error')).toBe(FORM.cannotParseFields);
    });

    it('answers 401 for an unknown or already used key', async () => {
      const visitor = new Visitor(server);
      const unknown = await visitor.call('/api/form/SaveFormSubmission', {
        json: { key: 'made-up', formId: CONTACT_FORM, form: JSON.stringify(contactValues()) },
      });
      expect(unknown.status).toBe(401);
      expect(field(unknown.body, 'message')).toBe(FORM.status401);
      const key = await submissionKey(visitor);
      const payload = { json: { key, formId: CONTACT_FORM, form: JSON.stringify(contactValues()) } };
      expect((await visitor.call('/api/form/SaveFormSubmission', payload)).status).toBe(200);
      expect((await visitor.call('/api/form/SaveFormSubmission', payload)).status).toBe(401);
      expect(await createFormSubmissionRepository(server.app.deps.store).submissionsOf(CONTACT_FORM)).toHaveLength(1);
    });

    it('answers 404 for a form that does not exist', async () => {
      const visitor = new Visitor(server);
      const key = await submissionKey(visitor);
      const result = await visitor.call('/api/form/SaveFormSubmission', { json: { key, formId: 'nope', form: '{}' } });
      expect(result.status).toBe(404);
      expect(field(result.body, 'message')).toBe(FORM.status404);
    });

    it('answers 500 with the form message when the stored form is broken', async () => {
      await server.app.deps.store.run('INSERT INTO forms (id, name, definition_json) VALUES (?, ?, ?)', ['broken', 'Broken', '[1,2']);
      const visitor = new Visitor(server);
      const key = await submissionKey(visitor);
      const result = await visitor.call('/api/form/SaveFormSubmission', { json: { key, formId: 'broken', form: '{}' } });
      expect(result.status).toBe(500);
      expect(field(result.body, 'message')).toBe(FORM.status500);
      expect(JSON.stringify(result.body)).not.toContain('at ');
    });

    it('needs the crumb', async () => {
      const visitor = new Visitor(server);
      const key = await submissionKey(visitor);
      const result = await visitor.call('/api/form/SaveFormSubmission', {
        json: { key, formId: CONTACT_FORM, form: JSON.stringify(contactValues()) }, withoutCrumb: true,
      });
      expect(result.status).toBe(403);
      expect(field(result.body, 'crumbFail')).toBe(true);
    });

    it('requires a solved captcha on a form with captcha enabled', async () => {
      await server.app.deps.store.run('INSERT INTO forms (id, name, definition_json) VALUES (?, ?, ?)', [
        'captcha-form', 'Captcha', JSON.stringify({ captchaEnabled: true, fields: [{ id: 'text-a', type: 'text', title: 'A', required: true }] }),
      ]);
      const visitor = new Visitor(server);
      const save = async (captchaKey?: string) => visitor.call('/api/form/SaveFormSubmission', {
        json: { key: await submissionKey(visitor), formId: 'captcha-form', form: JSON.stringify({ 'text-a': 'hi' }), captchaKey },
      });
      const missing = await save();
      expect(missing.status).toBe(400);
      expect(field(missing.body, 'data', 'error')).toBe(FORM.completeCaptcha);
      expect((await save('forged.token.value.sig')).status).toBe(400);

      const challenge = await visitor.call('/api/captcha/challenge?action=form_block');
      const prompt = field(challenge.body, 'prompt') as string;
      const [left, right] = (prompt.match(/\d+/g) ?? []).map(Number);
      const solved = await visitor.call('/api/captcha/solve', { json: { challenge: field(challenge.body, 'challenge'), answer: String(left + right) } });
      expect(solved.status).toBe(200);
      const token = field(solved.body, 'token') as string;
      expect((await save(token)).status).toBe(200);
      // single use
      expect((await save(token)).status).toBe(400);
    });
  });

  it('answers 429 with the form message past the save budget', async () => {
    await server.stop();
    server = await startServer(db.path, { rateLimits: { formSave: 2 } });
    const visitor = new Visitor(server);
    const statuses: number[] = [];
    let last: unknown;
    for (let i = 0; i < 3; i += 1) {
      const key = await submissionKey(visitor);
      const result = await visitor.call('/api/form/SaveFormSubmission', { json: { key, formId: CONTACT_FORM, form: JSON.stringify(contactValues()) } });
      statuses.push(result.status);
      last = result.body;
    }
    expect(statuses).toEqual([200, 200, 429]);
    expect(field(last, 'message')).toBe(FORM.status429);
  });

  it('keeps submissions across a restart', async () => {
    const visitor = new Visitor(server);
    const key = await submissionKey(visitor);
    await visitor.call('/api/form/SaveFormSubmission', { json: { key, formId: CONTACT_FORM, form: JSON.stringify(contactValues()) } });
    await server.stop();
    server = await startServer(db.path);
    const stored = await createFormSubmissionRepository(server.app.deps.store).submissionsOf(CONTACT_FORM);
    expect(stored).toHaveLength(1);
    expect(JSON.parse(stored[0].valuesJson)['email-contact']).toBe('ada@example.com');
  });

  describe('GET /api/template/GetTemplateSchema', () => {
    it('describes the extra-fields form', async () => {
      const result = await new Visitor(server).call('/api/template/GetTemplateSchema?type=additional-fields');
      expect(result.status).toBe(200);
      expect(field(result.body, 'defaultSubmitButtonText')).toBe(BUTTON.addToCart);
      expect(field(result.body, 'defaultName')).toBe(FORM.defaultFormName);
      const types = field(result.body, 'fieldTypes') as { type: string; properties: string[] }[];
      expect(types.find((t) => t.type === 'hidden')?.properties).toEqual(['key', 'value']);
      expect(types.find((t) => t.type === 'phone')?.properties).toContain('showCountryCode');
    });

    it('answers 400 for a missing or unknown type', async () => {
      const visitor = new Visitor(server);
      const missing = await visitor.call('/api/template/GetTemplateSchema');
      expect(missing.status).toBe(400);
      expect(String(field(missing.body, 'message'))).toContain('type');
      expect((await visitor.call('/api/template/GetTemplateSchema?type=unknown')).status).toBe(400);
    });
  });
});
