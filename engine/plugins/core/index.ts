/**
 * The core plugin library: the formatters and predicates every template can
 * use, reproducing the reference's released behaviour.
 */
import type { FormatterTable, PredicateTable } from '../types.ts';
import { applyFormatters } from './apply-formatter.ts';
import { comparisonPredicates } from './comparison-predicates.ts';
import { debugPredicates } from './debug-predicate.ts';
import { escapeFormatters } from './escape-formatters.ts';
import { jsonFormatters } from './json-formatters.ts';
import { lookupFormatters } from './lookup-formatters.ts';
import { numberFormatters } from './number-formatters.ts';
import { numberPredicates } from './number-predicates.ts';
import { textFormatters } from './text-formatters.ts';

export const coreFormatters: FormatterTable = {
  ...applyFormatters,
  ...escapeFormatters,
  ...jsonFormatters,
  ...lookupFormatters,
  ...numberFormatters,
  ...textFormatters,
};

export const corePredicates: PredicateTable = {
  ...comparisonPredicates,
  ...debugPredicates,
  ...numberPredicates,
};
