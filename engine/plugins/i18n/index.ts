import type { FormatterTable, PredicateTable } from '../types.ts';

export const i18nFormatters: FormatterTable = {};
export const i18nPredicates: PredicateTable = {};
