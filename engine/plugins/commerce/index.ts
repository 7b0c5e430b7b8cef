import type { FormatterTable, PredicateTable } from '../types.ts';

export const commerceFormatters: FormatterTable = {};
export const commercePredicates: PredicateTable = {};
