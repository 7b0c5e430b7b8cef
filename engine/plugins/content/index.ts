import type { FormatterTable, PredicateTable } from '../types.ts';

export const contentFormatters: FormatterTable = {};
export const contentPredicates: PredicateTable = {};
