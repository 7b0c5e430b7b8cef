import { describe, expect, test } from 'vitest';
import { intOf } from '../../../../engine/plugins/core/node-coercion.ts';
import { truthy, wholeNumberOf } from '../../../../engine/plugins/core/quick-coercion.ts';
import { isTruthy, JsonDouble } from '../../../../engine/runtime/values.ts';

/** Every kind of value a template's data can hold, and the edges of each. */
const VALUES: unknown[] = [
  undefined, null, true, false, '', ' ', '0', 'false', 'text', '12', ' 7 ', '1e3', '-3.9', '0x10',
  0, -0, 1, -1, 0.5, -0.5, 1.5, 2 ** 31 - 1, 2 ** 31, -(2 ** 31), -(2 ** 31) - 1, 2 ** 53, 1e21, Number.NaN,
  Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY,
  new JsonDouble(0), new JsonDouble(-0), new JsonDouble(2), new JsonDouble(2.5),
  [], [0], {}, { a: 1 }, Object.create(null), Object.assign(Object.create({ inherited: 1 })),
];

describe('the quick reads answer as the shared ones', () => {
  test.each(VALUES.map((value) => [value]))('truthy(%o) is isTruthy', (value) => {
    expect(truthy(value)).toBe(isTruthy(value));
  });

  test.each(VALUES.map((value) => [value]))('wholeNumberOf(%o) is intOf', (value) => {
    expect(wholeNumberOf(value)).toBe(intOf(value));
  });
});
