// @vitest-environment jsdom
/**
 * A form's boxes open the keyboard their answer needs and let the browser fill what it knows: on a
 * phone the date, time and phone boxes open the digits pad, the name and address boxes are filled
 * from the browser's saved details, an amount gets the decimal pad and a handle is not capitalised.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { FormFields } from '../../client/components/FormFields.tsx';
import { initialFormState } from '../../client/lib/form-values.ts';
import type { FormFieldDefinition } from '../../client/lib/rules.ts';

const fields: FormFieldDefinition[] = [
  { id: 'name', type: 'name', title: 'Name' },
  { id: 'address', type: 'address', title: 'Shipping address' },
  { id: 'phone', type: 'phone', title: 'Phone', showCountryCode: true },
  { id: 'local-phone', type: 'phone', title: 'Local phone' },
  { id: 'needed-by', type: 'date', title: 'Needed by' },
  { id: 'call-at', type: 'time', title: 'Best time to call' },
  { id: 'budget', type: 'currency', title: 'Budget' },
  { id: 'handle', type: 'twitter', title: 'Social handle' },
  { id: 'email', type: 'email', title: 'Email' },
];

function renderFields(): void {
  render(<FormFields formId="f1" fields={fields} values={initialFormState(fields)} errors={{}} onChange={() => {}} />);
}

/** Each box of a field, in order, as `inputmode autocomplete`. */
function boxes(fieldId: string): string[] {
  return Array.from(document.querySelectorAll<HTMLInputElement>(`[data-field-id="${fieldId}"] input`))
    .map((input) => `${input.getAttribute('inputmode') ?? '-'} ${input.getAttribute('autocomplete') ?? '-'}`);
}

describe('form field keyboards and autofill', () => {
  afterEach(() => cleanup());

  it('fills a name and an address from the browser, part by part', () => {
    renderFields();
    expect(boxes('name')).toEqual(['- given-name', '- family-name']);
    expect(boxes('address')).toEqual([
      '- address-line1', '- address-line2', '- address-level2', '- address-level1', '- postal-code', '- country-name',
    ]);
  });

  it('opens the phone pad for each part of a phone number, with or without its country code', () => {
    renderFields();
    expect(boxes('phone')).toEqual(['tel tel-country-code', 'tel tel-area-code', 'tel tel-local']);
    expect(boxes('local-phone')).toEqual(['tel tel-area-code', 'tel tel-local']);
  });

  it('opens the digits pad for a date and the time\'s numbers, the letters for AM/PM', () => {
    renderFields();
    expect(boxes('needed-by')).toEqual(['numeric -', 'numeric -', 'numeric -']);
    expect(boxes('call-at')).toEqual(['numeric -', 'numeric -', 'numeric -', '- -']);
  });

  it('gives an amount the decimal pad, a handle no capital or corrections, an email its autofill', () => {
    renderFields();
    expect(boxes('budget')).toEqual(['decimal -']);
    const handle = document.querySelector<HTMLInputElement>('[data-field-id="handle"] input')!;
    expect([handle.getAttribute('autocapitalize'), handle.getAttribute('spellcheck')]).toEqual(['none', 'false']);
    expect(boxes('email')).toEqual(['- email']);
  });
});
