/** current-type?: whether the current slide's `currentType` is the slice type named by the argument. */
import { asRecord } from '../../runtime/values.ts';
import type { Predicate } from '../types.ts';
import { SliceType, codeOf } from '../enums.ts';
import { intOf } from '../core/node-coercion.ts';

export const currentType: Predicate = {
  test(value, args) {
    // An unknown slice name stands for the "undefined" type, as in the reference.
    const expected = codeOf(SliceType, args[0] ?? '') ?? SliceType.undefined;
    return intOf(asRecord(value)?.currentType) === expected;
  },
};
