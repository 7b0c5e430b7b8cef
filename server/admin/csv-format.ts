/**
 * How the admin's CSV files separate their cells and write decimals, by the store's language.
 * Excel opens a CSV with the list separator of the computer's language: where decimals are
 * written with a comma (German, French, Dutch, Italian, Spanish …) that is the semicolon, and a
 * comma-separated file opens as one column. So a store in such a language gets semicolon files
 * whose amounts have a decimal comma (38,00), which Excel there reads as numbers; any other store
 * gets the comma and the point, as before. The import reads both (product-import.ts).
 */
import { centsToAmount, fractionDigits } from '../../client/lib/money.ts';
import { centsFromText } from '../../client/lib/money-input.ts';

export interface CsvFormat {
  separator: ',' | ';';
  decimalMark: '.' | ',';
}

export const COMMA_CSV: CsvFormat = { separator: ',', decimalMark: '.' };
export const SEMICOLON_CSV: CsvFormat = { separator: ';', decimalMark: ',' };

/** The CSV format for a store in `locale`: semicolons where the locale's decimal mark is a comma (as Intl writes 1.5). */
export function csvFormatOf(locale: string): CsvFormat {
  try {
    const decimal = new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value;
    return decimal === ',' ? SEMICOLON_CSV : COMMA_CSV;
  } catch {
    // a stored language no locale grammar accepts: the files stay as they always were
    return COMMA_CSV;
  }
}

/** The format of a file whose cells are separated by `separator`: a semicolon file writes decimals with a comma. */
export function csvFormatOfSeparator(separator: string): CsvFormat {
  return separator === ';' ? SEMICOLON_CSV : COMMA_CSV;
}

/** An amount as a spreadsheet reads it: the decimal number without symbol or grouping (12.50, or 12,50 in a semicolon file; JPY 1250). */
export function csvAmount(cents: number, currency: string, format: CsvFormat): string {
  const text = centsToAmount(cents, currency).toFixed(fractionDigits(currency));
  return format.decimalMark === ',' ? text.replace('.', ',') : text;
}

/** A point that groups thousands, as a decimal-comma spreadsheet may write them (1.250 or 1.250,00). */
const POINT_GROUPED = /^-?[1-9]\d{0,2}(\.\d{3})+(,\d+)?$/;

/**
 * A file's amount in minor units of `currency` (NaN when it is none), read with the file's
 * decimal mark. In a comma-decimal file the comma is the decimal mark (12,50; 1,250 dinars is
 * one and a quarter, as the export writes it), a point followed by groups of three digits groups
 * thousands (1.250,00 is a thousand and more, as Excel writes a grouped number there), and any
 * other point is a decimal point typed by hand (12.50); a point file is read as the amount boxes
 * read what is typed (centsFromText).
 */
export function centsFromCsv(text: string, currency: string, decimalMark: CsvFormat['decimalMark']): number {
  if (decimalMark === '.') return centsFromText(text, currency);
  const typed = text.trim();
  let decimal: string;
  if (POINT_GROUPED.test(typed)) decimal = typed.replace(/\./g, '').replace(',', '.');
  else if (/^-?\d+,\d+$/.test(typed)) decimal = typed.replace(',', '.');
  else if (/^-?\d+(\.\d+)?$/.test(typed)) decimal = typed;
  else return Number.NaN;
  return centsFromText(decimal, currency);
}
