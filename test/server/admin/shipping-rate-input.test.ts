/**
 * A shipping rate as the settings screen sends it: an empty id is a field to fill in (not a
 * matter of which characters), two rates with one id are refused in the catalogue's words, and
 * a rate without a free-from subtotal (0, what the screen sends for an empty box) is never free.
 */
import { describe, expect, it } from 'vitest';
import { ADMIN } from '../../../client/lib/admin-messages.ts';
import { checkAdminInput } from '../../../server/admin/admin-validation.ts';
import { shippingCost, shippingRatesSchema } from '../../../server/commerce/shipping-rates.ts';

const rate = { id: 'standard', name: 'Standard', priceCents: 600, perKilogramCents: 0, freeOverCents: 0, maxWeightGrams: 0, countries: [] as string[], kind: 'flat' as const };

describe('a shipping rate typed in the settings', () => {
  it('asks for an id left empty, and names the characters of one mistyped', () => {
    expect(checkAdminInput(shippingRatesSchema, [{ ...rate, id: '' }])).toEqual({ ok: false, fieldErrors: { '0.id': ADMIN.server.required } });
    expect(checkAdminInput(shippingRatesSchema, [{ ...rate, id: '   ' }])).toEqual({ ok: false, fieldErrors: { '0.id': ADMIN.server.required } });
    expect(checkAdminInput(shippingRatesSchema, [{ ...rate, id: 'Next Day' }])).toEqual({ ok: false, fieldErrors: { '0.id': ADMIN.server.rateIdCharacters } });
  });

  it('refuses two rates with one id in the catalogue\'s words', () => {
    expect(checkAdminInput(shippingRatesSchema, [rate, { ...rate, name: 'Other' }])).toEqual({ ok: false, fieldErrors: { _: ADMIN.server.rateIdRepeated } });
  });

  it('is never free without a free-from subtotal, and free from one when it has it', () => {
    expect(shippingCost(rate, 1_000_000, 0)).toBe(600);
    expect(shippingCost({ ...rate, freeOverCents: 5000 }, 5000, 0)).toBe(0);
  });
});
