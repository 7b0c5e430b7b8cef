// @vitest-environment jsdom
// @vitest-environment-options { "runScripts": "dangerously" }
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import FormBlock, { type FormBlockForm } from '../../client/islands/FormBlock.tsx';
import { navigation } from '../../client/lib/navigation.ts';
import { submissionValues, initialFormState } from '../../client/lib/form-values.ts';
import type { FormFieldDefinition } from '../../client/lib/rules.ts';
import { clearCookies, scriptFetch, settle, type ScriptedAnswer } from './helpers.ts';

const fields: FormFieldDefinition[] = [
  { id: 'name', type: 'name', title: 'Name', required: true },
  { id: 'email', type: 'email', title: 'Email', required: true },
  { id: 'message', type: 'textarea', title: 'Message', maxLength: 10 },
  { id: 'topic', type: 'select', title: 'Topic', options: ['Sales', 'Support'] },
];

function form(extra: Partial<FormBlockForm> = {}): FormBlockForm {
  return { id: 'f1', name: 'Contact', fields, parsedSubmissionMessage: '<p>Thanks, we got it.</p>', ...extra };
}

const type = (selector: string, value: string): void => {
  fireEvent.change(document.querySelector(selector)!, { target: { value } });
};

function fillValid(): void {
  type('input[name="name-0"]', 'Ada');
  type('input[name="name-1"]', 'Lovelace');
  type('#f1-email', 'ada@example.com');
}

function saveRoutes(save: ScriptedAnswer): ReturnType<typeof scriptFetch> {
  return scriptFetch([
    { method: 'POST', path: '/api/rest/forms/validate/f1', answer: { body: { errors: {} } } },
    { method: 'POST', path: '/api/form/FormSubmissionKey', answer: { body: { data: { key: 'k1' } } } },
    { method: 'POST', path: '/api/form/SaveFormSubmission', answer: save },
  ]);
}

describe('FormBlock island', () => {
  beforeEach(() => clearCookies());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows Required, the email message and the overall message above the field titles', async () => {
    const calls = scriptFetch([]);
    render(<FormBlock form={form()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await settle();
    expect(calls).toHaveLength(0);
    const nameField = document.querySelector('[data-field-id="name"]')!;
    expect(nameField.firstElementChild!.textContent).toBe('Required');
    expect(nameField.firstElementChild!.nextElementSibling!.className).toBe('field-title');
    expect(document.querySelector('.form-message')!.textContent).toBe('One or more fields is invalid, please check your entries.');
    type('#f1-email', 'not-an-email');
    expect(document.querySelector('[data-field-id="email"] .field-error')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(document.querySelector('[data-field-id="email"] .field-error')!.textContent)
      .toBe('Email is not valid. Email addresses should follow the format user@example.com.');
  });

  it('tells the census the form rendered when the census cookie exists', async () => {
    document.cookie = 'ss_cvr=v-1; path=/';
    const calls = scriptFetch([{ method: 'POST', path: '/api/census/form-render', answer: { body: {} } }]);
    render(<FormBlock form={form()} />);
    await settle();
    expect(new URLSearchParams(calls[0]!.body as string).toString()).toBe('formId=f1&visitorCookie=v-1');
  });

  it('hints to scroll up or down to an error that is off screen', () => {
    scriptFetch([]);
    render(<FormBlock form={form()} />);
    const rect = vi.spyOn(Element.prototype, 'getBoundingClientRect');
    rect.mockReturnValue({ top: -500, bottom: -400, left: 0, right: 0, width: 0, height: 100, x: 0, y: -500, toJSON: () => ({}) });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(document.querySelector('.form-scroll-hint')!.textContent).toBe('Your form has encountered a problem. Please scroll up to review.');
    rect.mockReturnValue({ top: 5000, bottom: 5100, left: 0, right: 0, width: 0, height: 100, x: 0, y: 5000, toJSON: () => ({}) });
    type('#f1-email', 'x');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(document.querySelector('.form-scroll-hint')!.textContent).toBe('Your form has encountered a problem. Please scroll down to review.');
  });

  it('counts characters as count / max and flags the limit', () => {
    scriptFetch([]);
    render(<FormBlock form={form()} />);
    expect(document.querySelector('.char-counter')!.textContent).toBe('0 / 10');
    type('#f1-message', 'more than ten chars');
    expect(document.querySelector('.char-counter')!.textContent).toBe('19 / 10');
    expect(document.querySelector('.char-counter')!.className).toContain('is-over');
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(document.querySelector('[data-field-id="message"] .field-error')!.textContent).toBe('You have exceeded the character limit.');
  });

  it('locks with Submitting… and then shows the success message and runs post-submit scripts under the page nonce where allowed', async () => {
    const calls = saveRoutes({ body: { success: true } });
    const pageScript = document.createElement('script');
    pageScript.type = 'application/json';
    pageScript.setAttribute('nonce', 'page-nonce-1');
    document.head.append(pageScript);
    render(<FormBlock form={form({ allowSubmissionScripts: true, submissionHTML: '<div id="after">x</div><script id="owner-script">document.body.dataset.formRan = "yes";</script>' })}
      page={{ pageTitle: 'Contact', pageId: 'pg1', contentSource: 'c', pagePath: '/contact' }} />);
    fillValid();
    fireEvent.change(document.querySelector('#f1-topic')!, { target: { value: 'Support' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('button', { name: 'Submitting…' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Submitting…' }) as HTMLButtonElement).disabled).toBe(true);
    await settle();
    const save = calls.find((c) => c.url === '/api/form/SaveFormSubmission')!;
    expect(save.body).toMatchObject({ key: 'k1', pageTitle: 'Contact', pageId: 'pg1', contentSource: 'c', pagePath: '/contact' });
    expect(JSON.parse((save.body as { form: string }).form)).toEqual({
      name: ['Ada', 'Lovelace'], email: 'ada@example.com', message: '', topic: 'Support',
    });
    expect(screen.getByRole('status').textContent).toBe('Thanks, we got it.');
    expect(document.querySelector('form')).toBeNull();
    expect(document.getElementById('after')).toBeTruthy();
    expect(document.body.dataset.formRan).toBe("yes");
    expect((document.getElementById('owner-script') as HTMLScriptElement).nonce).toBe('page-nonce-1');
    pageScript.remove();
    delete document.body.dataset.formRan;
  });

  it('shows the post-submit HTML without running its scripts when the form does not allow them', async () => {
    saveRoutes({ body: { success: true } });
    render(<FormBlock form={form({ submissionHTML: '<div id="after">x</div><script>document.body.dataset.formRan = "yes";</script>' })} />);
    fillValid();
    fireEvent.change(document.querySelector('#f1-topic')!, { target: { value: 'Support' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await settle();
    expect(document.getElementById('after')).toBeTruthy();
    expect(document.querySelector('.form-submission-html script')).toBeNull();
    expect(document.body.dataset.formRan).toBeUndefined();
  });

  it('redirects when a success redirect is set', async () => {
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => undefined);
    saveRoutes({ body: { success: true } });
    render(<FormBlock form={form({ successRedirect: '/thanks' })} />);
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await settle();
    expect(assign).toHaveBeenCalledWith('/thanks');
  });

  it('shows server field errors above the field title and unlocks', async () => {
    scriptFetch([{ method: 'POST', path: '/api/rest/forms/validate/f1', answer: { status: 400, body: { message: 'x', errors: { email: 'Taken' } } } }]);
    render(<FormBlock form={form()} />);
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await settle();
    expect(document.querySelector('[data-field-id="email"] .field-error')!.textContent).toBe('Taken');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeTruthy();
  });

  it.each([
    [401, 'Unable to submit form. Please try again later.'],
    [404, 'This form has not been configured yet.'],
    [429, 'Unable to submit form. Submission rate limit exceeded. Please try again later.'],
    [500, 'Unable to send form. Please try again later.'],
  ])('maps save status %i to its message', async (status, message) => {
    saveRoutes({ status, body: { message: 'server text' } });
    render(<FormBlock form={form()} />);
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await settle();
    expect(document.querySelector('.form-message')!.textContent).toBe(message);
  });

  it('reports a missing submission key', async () => {
    scriptFetch([
      { method: 'POST', path: '/api/rest/forms/validate/f1', answer: { body: {} } },
      { method: 'POST', path: '/api/form/FormSubmissionKey', answer: { body: {} } },
    ]);
    render(<FormBlock form={form()} />);
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await settle();
    expect(document.querySelector('.form-message')!.textContent).toBe('Could not get a form submission key, please try again later.');
  });

  it('asks for the captcha before submitting when the form has one', async () => {
    scriptFetch([{ method: 'GET', path: '/api/captcha/challenge', answer: { body: { challenge: 'c', prompt: 'What is 1 + 1?' } } }]);
    render(<FormBlock form={form({ captchaEnabled: true })} />);
    await settle();
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(document.querySelector('.form-message')!.textContent).toBe('Complete CAPTCHA before submitting.');
    expect(document.querySelector('[data-captcha-rendered="true"]')).toBeTruthy();
  });
});

describe('submitted value shapes', () => {
  const all: FormFieldDefinition[] = [
    { id: 'addr', type: 'address', title: 'Address' },
    { id: 'date', type: 'date', title: 'Date' },
    { id: 'time', type: 'time', title: 'Time' },
    { id: 'phone', type: 'phone', title: 'Phone' },
    { id: 'phone3', type: 'phone', title: 'Phone 3', showCountryCode: true },
    { id: 'boxes', type: 'checkbox', title: 'Boxes', options: ['a', 'b'] },
    { id: 'radio', type: 'radio', title: 'Radio', options: ['x', 'y'] },
    { id: 'likert', type: 'likert', title: 'Likert', questions: ['Q1'] },
    { id: 'hid', type: 'hidden', title: 'source', value: 'default' },
    { id: 'hid2', type: 'hidden', title: 'other', value: 'own' },
    { id: 'sec', type: 'section', title: 'Section' },
  ];

  it('builds lists of parts, a padded phone, lists, first radio, likert map, hidden from the query, no sections', () => {
    const state = initialFormState(all);
    state.phone = ['555', '1234'];
    state.phone3 = ['1', '555', '1234'];
    state.boxes = ['a', 'b'];
    state.radio = ['y', 'x'];
    state.likert = { Q1: '2' };
    const values = submissionValues(all, state, '?source=newsletter');
    expect(values.addr).toEqual(['', '', '', '', '', '']);
    expect(values.date).toEqual(['', '', '']);
    expect(values.time).toEqual(['', '', '', '']);
    expect(values.phone).toEqual(['', '555', '1234']);
    expect(values.phone3).toEqual(['1', '555', '1234']);
    expect(values.boxes).toEqual(['a', 'b']);
    expect(values.radio).toBe('y');
    expect(values.likert).toEqual({ Q1: '2' });
    expect(values.hid).toBe('newsletter');
    expect(values.hid2).toBe('own');
    expect('sec' in values).toBe(false);
  });
});
