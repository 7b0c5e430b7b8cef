// @vitest-environment jsdom
/**
 * The admin's checkbox field: its hint and its error describe the box, as a text field's do, so a
 * screen reader reads why a save was refused when the box has the focus.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { CheckboxField } from '../../client/admin/Field.tsx';

afterEach(cleanup);

function describedTexts(box: HTMLElement): string[] {
  return (box.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean).map((id) => document.getElementById(id)?.textContent ?? `missing ${id}`);
}

describe('CheckboxField', () => {
  it('is described by its hint, and by its error once refused', () => {
    const { rerender } = render(<CheckboxField label="Once per customer" hint="Each email once." checked={false} onChange={() => {}} />);
    const box = screen.getByLabelText('Once per customer');
    expect(describedTexts(box)).toEqual(['Each email once.']);
    expect(box.getAttribute('aria-invalid')).toBeNull();
    rerender(<CheckboxField label="Once per customer" hint="Each email once." error="Choose yes or no." checked={false} onChange={() => {}} />);
    expect(describedTexts(box)).toEqual(['Each email once.', 'Choose yes or no.']);
    expect(box.getAttribute('aria-invalid')).toBe('true');
  });

  it('is described by its error alone when it has no hint', () => {
    render(<CheckboxField label="Running low" error="Not saved." checked onChange={() => {}} />);
    expect(describedTexts(screen.getByLabelText('Running low'))).toEqual(['Not saved.']);
  });
});
