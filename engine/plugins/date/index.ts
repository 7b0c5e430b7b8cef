import type { FormatterTable } from '../types.ts';
import { dateFormatter, timesinceFormatter } from './date-formatters.ts';

export const dateFormatters: FormatterTable = {
  date: dateFormatter,
  timesince: timesinceFormatter,
};
