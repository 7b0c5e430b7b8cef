import type { FormatterTable, PredicateTable } from '../types.ts';
import { centsMoneyFormatter, moneyStringFormatter } from './cents-money.ts';
import { datetimeFormatter, datetimeIntervalFormatter } from './datetime.ts';
import { decimalFormatter } from './decimal.ts';
import { renderNothingFormatter, unitsMetricPredicate } from './deprecated.ts';
import { legacyMoneyFormatter } from './legacy-money.ts';
import { messageFormatter } from './message.ts';
import { moneyFormatter } from './money.ts';
import { relativeTimeFormatter } from './relative-time.ts';

export { formatMoneyCLDR, DEFAULT_CURRENCY } from './money.ts';
export type { CldrMoneyOptions } from './money.ts';

export const i18nFormatters: FormatterTable = {
  datetime: datetimeFormatter,
  'datetime-interval': datetimeIntervalFormatter,
  datetimefield: renderNothingFormatter,
  decimal: decimalFormatter,
  'i18n-money-format': legacyMoneyFormatter,
  message: messageFormatter,
  money: moneyFormatter,
  'money-format': centsMoneyFormatter,
  moneyFormat: centsMoneyFormatter,
  'money-string': moneyStringFormatter,
  plural: messageFormatter,
  'relative-time': relativeTimeFormatter,
  unit: renderNothingFormatter,
};

export const i18nPredicates: PredicateTable = {
  'units-metric?': unitsMetricPredicate,
};
