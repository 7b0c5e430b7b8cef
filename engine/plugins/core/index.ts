import type { FormatterTable, PredicateTable } from '../types.ts';

export const coreFormatters: FormatterTable = {};
export const corePredicates: PredicateTable = {};
