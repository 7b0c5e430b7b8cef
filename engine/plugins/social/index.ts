import type { FormatterTable, PredicateTable } from '../types.ts';

export const socialFormatters: FormatterTable = {};
export const socialPredicates: PredicateTable = {};
