// @vitest-environment jsdom
/**
 * The parts of a date, time or phone field are labelled as on Squarespace ("MM", "###"), which a
 * screen reader would read out as letters and signs: each such part is named for what it asks,
 * in its field's group, and a part whose label is already words keeps it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { FormFields } from '../../client/components/FormFields.tsx';
import { initialFormState } from '../../client/lib/form-values.ts';
import type { FormFieldDefinition } from '../../client/lib/rules.ts';

const fields: FormFieldDefinition[] = [
  { id: 'needed-by', type: 'date', title: 'Needed by' },
  { id: 'call-at', type: 'time', title: 'Best time to call' },
  { id: 'phone', type: 'phone', title: 'Phone', showCountryCode: true },
  { id: 'local-phone', type: 'phone', title: 'Local phone' },
  { id: 'name', type: 'name', title: 'Name' },
];

function partNames(group: string): string[] {
  const boxes = within(screen.getByRole('group', { name: group })).getAllByRole('textbox');
  return boxes.map((box) => box.getAttribute('aria-label') ?? box.closest('label')?.textContent ?? '');
}

describe('form field part names', () => {
  afterEach(() => cleanup());

  it('names the parts of a date, a time and a phone number in words', () => {
    render(<FormFields formId="f1" fields={fields} values={initialFormState(fields)} errors={{}} onChange={() => {}} />);
    expect(partNames('Needed by')).toEqual(['Month', 'Day', 'Year']);
    expect(partNames('Best time to call')).toEqual(['Hour', 'Minute', 'Second', 'AM or PM']);
    expect(partNames('Phone')).toEqual(['Country code', 'Area code', 'Phone number']);
    expect(partNames('Local phone')).toEqual(['Area code', 'Phone number']);
    // the visible labels stay Squarespace's
    expect(screen.getByRole('group', { name: 'Needed by' }).textContent).toContain('MM');
  });

  it('leaves a part already labelled in words to its label', () => {
    render(<FormFields formId="f1" fields={fields} values={initialFormState(fields)} errors={{}} onChange={() => {}} />);
    const first = within(screen.getByRole('group', { name: 'Name' })).getByRole('textbox', { name: 'First Name' });
    expect(first.hasAttribute('aria-label')).toBe(false);
  });
});
