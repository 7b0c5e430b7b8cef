/** Prices as the owner types them ("12.50") and as the server keeps them (minor units). */
import { ADMIN } from './admin-messages.ts';
import { formatAmount, fractionDigits } from './money.ts';

/**
 * A typed number as plain decimal text ("1250.5"), or null when its commas cannot be read
 * without guessing. Commas that group thousands are left out ("1,250", "12,345,678.50"; not
 * "0,500"); one comma with one or two digits after it, at the end and with no point, is a
 * decimal comma ("12,50", "12,5", as in much of Europe); any other comma ("12,5,0", "1,25.00",
 * "12.50,00") makes it no number, so that no amount is read 100 times too high or too low.
 */
export function decimalFromText(text: string): string | null {
  const typed = text.trim();
  if (/^-?\d+(\.\d+)?$/.test(typed)) return typed;
  if (/^-?[1-9]\d{0,2}(,\d{3})+(\.\d+)?$/.test(typed)) return typed.replace(/,/g, '');
  if (/^-?\d+,\d{1,2}$/.test(typed)) return typed.replace(',', '.');
  return null;
}

/**
 * One comma with three digits after it and no point ("1,250"): a thousand and more, or, typed
 * with a decimal comma, one and a quarter. Only a currency with thousandths (KWD) can mean both.
 */
const THOUSANDS_OR_THOUSANDTHS = /^-?\d{1,3},\d{3}$/;

/**
 * The typed amount in whole minor units of the currency (cents; yen have none: "1,250" is ¥1,250;
 * dinars have thousandths: "1.250" is 1250 fils); NaN for text that is not an amount, or that has
 * more decimals than the currency (other than zeros: "12.505" dollars, "12,50" yen), which are
 * refused rather than rounded, and for "1,250" in a currency with thousandths, which could be
 * either. The screens send NaN as null and the server then names the field.
 */
export function centsFromText(text: string, currency: string): number {
  const decimal = decimalFromText(text);
  if (decimal === null) return Number.NaN;
  const digits = fractionDigits(currency);
  if (digits === 3 && THOUSANDS_OR_THOUSANDTHS.test(text.trim())) return Number.NaN;
  const [whole = '', fraction = ''] = decimal.replace(/^-/, '').split('.');
  if (/[1-9]/.test(fraction.slice(digits))) return Number.NaN;
  const minor = Number(whole + fraction.slice(0, digits).padEnd(digits, '0'));
  return decimal.startsWith('-') && minor !== 0 ? -minor : minor;
}

/**
 * The decimal mark the admin's amount boxes write: the store's (a comma in a German or French
 * shop, as its pages write prices), set by the admin from the store's money format. A currency
 * with thousandths keeps the point: "1,250" could be read either way (centsFromText refuses it).
 */
let typedDecimalMark = '.';

export function setTypedDecimalMark(mark: string): void {
  typedDecimalMark = mark === ',' ? ',' : '.';
}

function markFor(currency: string): string {
  return fractionDigits(currency) === 3 ? '.' : typedDecimalMark;
}

/** Minor units as the fields show them, without grouping ("1250.00", "1250,00" in a comma shop; "1250" in yen; "1.250" in dinars), read back exactly by centsFromText. */
export function textFromCents(cents: number, currency: string): string {
  const text = formatAmount(cents, currency).replace(/,/g, '');
  return markFor(currency) === ',' ? text.replace('.', ',') : text;
}

/** A whole number typed in a field ("12"); NaN otherwise. */
export function integerFromText(text: string): number {
  return /^-?\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
}

/**
 * An amount as the owner would type it in `currency`: "12.50" ("12,50" in a comma shop), "1250"
 * in yen, which have no minor units, "12.500" in dinars; `mark` names the decimal mark outright
 * (a spreadsheet's, whose amounts are read with its own: the product import).
 */
export function amountExample(currency: string, mark: string = markFor(currency)): string {
  const digits = fractionDigits(currency);
  return digits === 0 ? '1250' : `12${mark}${'5'.padEnd(digits, '0')}`;
}

/** What a field is told when its text is no amount in `currency`: the example is written as that currency writes amounts (with `mark` when given). */
export function notAnAmountText(currency: string, mark?: string): string {
  return ADMIN.server.notAnAmount.replace('{example}', amountExample(currency, mark));
}

/**
 * A refusal's field errors with each amount the screen could not read from what was typed (NaN
 * in `payload`, which the server receives as null) told in `currency`. Only the screen knows the
 * currency the owner typed in (the settings may be changing it), so its words take the place of
 * the server's. Amounts are the payload's fields named "…Cents"; paths are the server's
 * ("variants.0.priceCents").
 */
export function withUnreadableAmounts(fieldErrors: Readonly<Record<string, string>>, payload: unknown, currency: string): Record<string, string> {
  const errors = { ...fieldErrors };
  const visit = (value: unknown, path: string): void => {
    if (value === null || typeof value !== 'object') return;
    for (const [key, item] of Object.entries(value)) {
      const at = path === '' ? key : `${path}.${key}`;
      if (key.endsWith('Cents') && Number.isNaN(item) && at in errors) errors[at] = notAnAmountText(currency);
      else visit(item, at);
    }
  };
  visit(payload, '');
  return errors;
}
