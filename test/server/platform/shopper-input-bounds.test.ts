/**
 * What a shopper's call is told for a number far past a field's bound: the field's own message,
 * not the per-parse fallback that zod's safe-integer range (checked by `.int()`) would get.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HttpError } from '../../../server/security/http-error.ts';
import { parseShopperInput } from '../../../server/security/validation.ts';

const schema = z.object({ quantity: z.number().int().min(1, { error: 'At least one.' }).max(5, { error: 'At most five.' }) });

function refusal(input: unknown): string {
  try {
    parseShopperInput(schema, input, 'Please try again.');
  } catch (error) {
    if (error instanceof HttpError) return error.message;
    throw error;
  }
  throw new Error('accepted');
}

describe('a shopper number far past its bound', () => {
  it('is told the field\'s own bound', () => {
    expect(refusal({ quantity: 1e20 })).toBe('At most five.');
    expect(refusal({ quantity: -1e20 })).toBe('At least one.');
  });

  it('is still refused when the field has no bound of its own', () => {
    const unbounded = z.object({ quantity: z.number().int() });
    expect(() => parseShopperInput(unbounded, { quantity: 1e20 }, 'Please try again.')).toThrow('Please try again.');
  });
});
