import type { FormatterTable } from '../types.ts';

export const dateFormatters: FormatterTable = {};
