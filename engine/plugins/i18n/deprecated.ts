/**
 * Deprecated plugins the Java reference still registers so old templates
 * compile: `datetimefield` and `unit` render nothing, `units-metric?` is
 * always true (metric when the locale cannot say otherwise).
 */
import type { Formatter, Predicate } from '../types.ts';

export const renderNothingFormatter: Formatter = {
  apply() {
    return undefined;
  },
};

export const unitsMetricPredicate: Predicate = {
  test() {
    return true;
  },
};
