/**
 * The keyboard and autofill of each box of a form field answered in several boxes (name, address,
 * phone, date, time) and of the simple fields whose text is not prose: on a phone a date or phone
 * box opens the digits pad, and the browser can fill a name, an address or a phone number it knows.
 */
import type { FormFieldDefinition } from './rules.ts';
import { phonePartCount } from './form-values.ts';

export interface KeyboardHints {
  inputMode?: 'numeric' | 'decimal' | 'tel';
  autoComplete?: string;
  autoCapitalize?: 'none';
  spellCheck?: false;
}

const NAME_PARTS: readonly KeyboardHints[] = [{ autoComplete: 'given-name' }, { autoComplete: 'family-name' }];
// a postal code may hold letters (UK, Canada), so its box keeps the letters keyboard
const ADDRESS_PARTS: readonly KeyboardHints[] = [
  { autoComplete: 'address-line1' }, { autoComplete: 'address-line2' }, { autoComplete: 'address-level2' },
  { autoComplete: 'address-level1' }, { autoComplete: 'postal-code' }, { autoComplete: 'country-name' },
];
const DIGITS: KeyboardHints = { inputMode: 'numeric' };
const DATE_PARTS: readonly KeyboardHints[] = [DIGITS, DIGITS, DIGITS];
// AM/PM is a word, typed on the letters keyboard
const TIME_PARTS: readonly KeyboardHints[] = [DIGITS, DIGITS, DIGITS, {}];
const PHONE_WITH_COUNTRY: readonly KeyboardHints[] = [
  { inputMode: 'tel', autoComplete: 'tel-country-code' }, { inputMode: 'tel', autoComplete: 'tel-area-code' }, { inputMode: 'tel', autoComplete: 'tel-local' },
];

/** The hints of the box at `index` of a field answered in several boxes. */
export function partKeyboard(field: FormFieldDefinition, index: number): KeyboardHints {
  switch (field.type) {
    case 'name': return NAME_PARTS[index] ?? {};
    case 'address': return ADDRESS_PARTS[index] ?? {};
    case 'date': return DATE_PARTS[index] ?? {};
    case 'time': return TIME_PARTS[index] ?? {};
    case 'phone': return (phonePartCount(field) === 3 ? PHONE_WITH_COUNTRY : PHONE_WITH_COUNTRY.slice(1))[index] ?? {};
    default: return {};
  }
}

/** The hints of a field answered in one box. */
export function fieldKeyboard(field: FormFieldDefinition): KeyboardHints {
  switch (field.type) {
    case 'email': return { autoComplete: 'email' };
    case 'currency': return { inputMode: 'decimal' };
    // a handle is not a word: no capital first letter, no corrections
    case 'twitter': return { autoCapitalize: 'none', spellCheck: false };
    default: return {};
  }
}
