// @vitest-environment jsdom
// @vitest-environment-options { "runScripts": "dangerously" }
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import FormBlock, { type FormBlockForm } from '../../client/islands/FormBlock.tsx';
import { ExtraFieldsLightbox } from '../../client/components/ExtraFieldsLightbox.tsx';
import { SCRIPT_NEEDED } from '../../client/lib/messages.ts';
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
    await settle();
    expect(document.querySelector('.form-message')!.textContent).toBe('Complete CAPTCHA before submitting.');
    expect(document.querySelector('[data-captcha-rendered="true"]')).toBeTruthy();
    // the focus waits in the answer box, named by its question
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'What is 1 + 1?' }));
  });

  it('verifies the typed captcha answer as the form is sent (one step), then focuses the success message', async () => {
    const calls = scriptFetch([
      { method: 'GET', path: '/api/captcha/challenge', answer: { body: { challenge: 'c', prompt: 'What is 7 plus 3?' } } },
      { method: 'POST', path: '/api/captcha/solve', answer: { body: { token: 'tok-10' } } },
      { method: 'POST', path: '/api/rest/forms/validate/f1', answer: { body: { errors: {} } } },
      { method: 'POST', path: '/api/form/FormSubmissionKey', answer: { body: { data: { key: 'k1' } } } },
      { method: 'POST', path: '/api/form/SaveFormSubmission', answer: { body: { success: true } } },
    ]);
    render(<FormBlock form={form({ captchaEnabled: true })} />);
    await settle();
    fillValid();
    fireEvent.change(screen.getByLabelText('What is 7 plus 3?'), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await settle();
    expect(calls.find((c) => c.url === '/api/captcha/solve')!.body).toEqual({ challenge: 'c', answer: '10' });
    expect(calls.find((c) => c.url === '/api/form/SaveFormSubmission')!.body).toMatchObject({ captchaKey: 'tok-10' });
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Thanks, we got it.');
    expect(document.activeElement).toBe(status);
  });

  it('marks invalid fields and ties their errors to them, and moves the focus (and scroll) to the first one', async () => {
    scriptFetch([]);
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function scrollIntoView(this: Element) {
      scrolled.push(this);
    };
    render(<FormBlock form={form({ fields: [...fields, { id: 'code', type: 'password', title: 'Order lookup code', description: 'From your receipt' }] })} />);
    const submit = screen.getByRole('button', { name: 'Submit' });
    submit.focus();
    fireEvent.click(submit);
    await settle();
    const first = document.querySelector<HTMLInputElement>('input[name="name-0"]')!;
    expect(document.activeElement).toBe(first);
    expect(scrolled).toEqual([document.querySelector('[data-field-id="name"]')]);
    for (const part of document.querySelectorAll('[data-field-id="name"] input')) {
      expect(part.getAttribute('aria-invalid')).toBe('true');
      expect(document.getElementById(part.getAttribute('aria-describedby')!)!.textContent).toBe('Required');
    }
    const emailBox = screen.getByRole('textbox', { name: /^Email/ });
    expect(emailBox.getAttribute('aria-invalid')).toBe('true');
    expect(emailBox.getAttribute('aria-describedby')).toBe('f1-email-error');
    // one alert, the form's message: each field's error is read with its field when the focus reaches it,
    // not as an alert of its own ("Required", "Required"… with no field named)
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    // a field without an error is not marked; its description still describes it
    const code = document.querySelector('#f1-code')!;
    expect(code.getAttribute('aria-invalid')).toBeNull();
    expect(document.getElementById(code.getAttribute('aria-describedby')!)!.textContent).toBe('From your receipt');
    // once corrected, the mark goes with the error
    type('#f1-email', 'ada@example.com');
    expect(emailBox.getAttribute('aria-invalid')).toBeNull();
    expect(emailBox.getAttribute('aria-describedby')).toBeNull();
    delete (Element.prototype as { scrollIntoView?: unknown }).scrollIntoView;
  });

  it('moves the focus to the field the server refused, and to the message when no field is named', async () => {
    scriptFetch([{ method: 'POST', path: '/api/rest/forms/validate/f1', answer: { status: 400, body: { message: 'x', errors: { topic: 'Pick one' } } } }]);
    render(<FormBlock form={form()} />);
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await settle();
    const topic = document.querySelector('#f1-topic')!;
    expect(document.activeElement).toBe(topic);
    expect(topic.getAttribute('aria-invalid')).toBe('true');
    cleanup();
    saveRoutes({ status: 500, body: {} });
    render(<FormBlock form={form()} />);
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await settle();
    expect(document.activeElement).toBe(document.querySelector('.form-message'));
    expect(document.activeElement!.textContent).toBe('Unable to send form. Please try again later.');
  });
});

describe('FormBlock labels and headings', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  const everyKind: FormFieldDefinition[] = [
    { id: 'name', type: 'name', title: 'Name', required: true },
    { id: 'email', type: 'email', title: 'Email' },
    { id: 'about', type: 'section', title: 'About an order' },
    { id: 'when', type: 'date', title: 'Needed by' },
    { id: 'time', type: 'time', title: 'Best time to call' },
    { id: 'phone', type: 'phone', title: 'Phone', showCountryCode: true },
    { id: 'address', type: 'address', title: 'Shipping address' },
    { id: 'method', type: 'radio', title: 'How should we answer?', options: ['Email', 'Phone'] },
    { id: 'interests', type: 'checkbox', title: 'Interested in', options: ['Linen', 'Ceramics'] },
    { id: 'topic', type: 'select', title: 'Topic', options: ['Order', 'Other'] },
    { id: 'visit', type: 'likert', title: 'Your last visit', questions: ['Easy to use'] },
  ];

  it('gives every control one label, and names a field of several controls as their group', () => {
    scriptFetch([]);
    render(<FormBlock form={form({ fields: everyKind })} />);
    const controls = Array.from(document.querySelectorAll<HTMLInputElement>('input, select, textarea'));
    expect(controls.length).toBeGreaterThan(15);
    // a second label (the field's title on its first part) is read, or dropped, differently by each screen reader
    expect(controls.filter((control) => control.labels!.length > 1).map((control) => control.name)).toEqual([]);
    const name = screen.getByRole('group', { name: 'Name' });
    expect(within(name).getByRole('textbox', { name: 'First Name' }).id).toBe('f1-name');
    for (const title of ['Needed by', 'Best time to call', 'Phone', 'Shipping address', 'Your last visit']) screen.getByRole('group', { name: title });
    screen.getByRole('radiogroup', { name: 'How should we answer?' });
    screen.getByRole('group', { name: 'Interested in' });
    screen.getByRole('combobox', { name: 'Topic' });
    screen.getByRole('textbox', { name: 'Email' });
  });

  it('heads its sections one level under the page\'s h1, and the lightbox\'s one under its title', () => {
    scriptFetch([]);
    render(<FormBlock form={form({ fields: everyKind })} />);
    expect(screen.getByRole('heading', { name: 'About an order' }).tagName).toBe('H2');
    cleanup();
    render(<ExtraFieldsLightbox open onClose={() => undefined} onSubmit={async () => null} form={form({ fields: everyKind })} />);
    expect(screen.getAllByRole('heading').map((heading) => heading.tagName)).toEqual(['H2', 'H3']);
  });
});

describe('FormBlock before scripts and without them', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('posts (so no answer, a password included, lands in the URL), keeps its button off until hydrated, and says why in <noscript>', async () => {
    scriptFetch([]);
    const errors = vi.spyOn(console, 'error');
    const contact = form({ fields: [...fields, { id: 'password-order-lookup', type: 'password', title: 'Order lookup code' }] });
    const element = createElement(FormBlock, { form: contact });
    const host = document.createElement('div');
    host.innerHTML = renderToString(element);
    document.body.append(host);
    const formElement = host.querySelector('form')!;
    expect(formElement.getAttribute('method')).toBe('post');
    expect(host.querySelector<HTMLButtonElement>('button[type="submit"]')!.disabled).toBe(true);
    expect(host.querySelector('noscript')!.textContent).toContain(SCRIPT_NEEDED.form);
    await act(async () => {
      hydrateRoot(host, element);
    });
    await settle();
    expect(host.querySelector<HTMLButtonElement>('button[type="submit"]')!.disabled).toBe(false);
    expect(errors).not.toHaveBeenCalled();
  });
});

describe('extra-fields lightbox', () => {
  afterEach(() => {
    cleanup();
  });

  it('marks the invalid fields and moves the focus to the first one', async () => {
    const onSubmit = vi.fn(async () => null);
    render(<ExtraFieldsLightbox open onClose={() => undefined} onSubmit={onSubmit}
      form={{ id: 'xf', name: 'Personalise', fields: [
        { id: 'note', type: 'text', title: 'Note' },
        { id: 'initials', type: 'text', title: 'Initials', required: true },
        { id: 'colour', type: 'select', title: 'Thread colour', required: true, options: ['Rust', 'Navy'] },
      ] }} />);
    const dialog = screen.getByRole('dialog');
    expect(dialog.querySelector('form')!.getAttribute('method')).toBe('post');
    fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await settle();
    const initials = dialog.querySelector('#extra-xf-initials')!;
    expect(document.activeElement).toBe(initials);
    expect(initials.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(initials.getAttribute('aria-describedby')!)!.textContent).toBe('Required');
    expect(dialog.querySelector('#extra-xf-colour')!.getAttribute('aria-invalid')).toBe('true');
    expect(dialog.querySelector('#extra-xf-note')!.getAttribute('aria-invalid')).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('moves the focus to the message when adding fails', async () => {
    render(<ExtraFieldsLightbox open onClose={() => undefined} onSubmit={async () => 'Unable to add item'}
      form={{ id: 'xf', fields: [{ id: 'note', type: 'text', title: 'Note' }] }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await settle();
    expect(document.activeElement!.textContent).toBe('Unable to add item');
    expect(document.activeElement!.getAttribute('role')).toBe('alert');
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
