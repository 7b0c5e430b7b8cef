import { describe, expect, it } from 'vitest';
import {
  discountAppliesTo, discountCodeState, goodsDiscountCents, isDiscountCodeShape, normalisedDiscountCode, targetedCents, type DiscountTerms,
} from '../../client/lib/discount-code.ts';

const percent = (percentBasisPoints: number): DiscountTerms => ({ kind: 'percent', percentBasisPoints, amountCents: 0, currency: 'USD', minimumSubtotalCents: 0, appliesTo: 'order', targets: [] });
const amount = (amountCents: number): DiscountTerms => ({ kind: 'amount', percentBasisPoints: 0, amountCents, currency: 'USD', minimumSubtotalCents: 0, appliesTo: 'order', targets: [] });

describe('discount codes', () => {
  it('keeps a code in upper case without its surrounding spaces, and knows its shape', () => {
    expect(normalisedDiscountCode('  summer-25 ')).toBe('SUMMER-25');
    expect(isDiscountCodeShape('SUMMER-25')).toBe(true);
    expect(isDiscountCodeShape('WELCOME_10')).toBe(true);
    expect(isDiscountCodeShape('AB')).toBe(false);
    expect(isDiscountCodeShape('A'.repeat(33))).toBe(false);
    expect(isDiscountCodeShape('SUMMER 25')).toBe(false);
    expect(isDiscountCodeShape('ÉTÉ-25')).toBe(false);
  });

  it('takes a percentage off rounded half up, and never more than the goods', () => {
    expect(goodsDiscountCents(percent(2500), 14000)).toBe(3500);
    expect(goodsDiscountCents(percent(1000), 1995)).toBe(200); // 199.5 rounds up
    expect(goodsDiscountCents(percent(1000), 1994)).toBe(199); // 199.4 rounds down
    expect(goodsDiscountCents(percent(10000), 1234)).toBe(1234);
    expect(goodsDiscountCents(percent(3333), 0)).toBe(0);
    // exact far beyond what a product of two doubles keeps: 10^14 cents at 33.33%
    expect(goodsDiscountCents(percent(3333), 100_000_000_000_001)).toBe(33_330_000_000_000);
  });

  it('takes an amount off up to the goods, and nothing off for free shipping', () => {
    expect(goodsDiscountCents(amount(1000), 14000)).toBe(1000);
    expect(goodsDiscountCents(amount(20000), 14000)).toBe(14000);
    expect(goodsDiscountCents({ ...amount(0), kind: 'free-shipping' }, 14000)).toBe(0);
  });

  describe('limited to chosen products or categories', () => {
    const mug = { productId: 'mug', categories: ['Ceramics', 'Kitchen'], cents: 6800 };
    const vase = { productId: 'vase', categories: ['Ceramics'], cents: 7400 };
    const tote = { productId: 'tote', categories: ['Accessories'], cents: 4200 };
    const cart = [mug, vase, tote];

    it('takes from every line for the whole order, and only the chosen lines otherwise', () => {
      expect(targetedCents(percent(2000), cart)).toBe(18400);
      expect(targetedCents({ ...percent(2000), appliesTo: 'products', targets: ['mug'] }, cart)).toBe(6800);
      expect(targetedCents({ ...percent(2000), appliesTo: 'categories', targets: ['Ceramics'] }, cart)).toBe(14200);
      // a line in two chosen categories counts once
      expect(targetedCents({ ...percent(2000), appliesTo: 'categories', targets: ['Kitchen', 'Ceramics'] }, cart)).toBe(14200);
      expect(targetedCents({ ...percent(2000), appliesTo: 'products', targets: ['lamp'] }, cart)).toBe(0);
      // categories are the owner's names as the products carry them
      expect(discountAppliesTo({ ...percent(2000), appliesTo: 'categories', targets: ['ceramics'] }, mug)).toBe(false);
    });

    it("prices a percentage on the chosen lines' goods, and an amount at most what they cost", () => {
      const ceramics = { ...percent(2000), appliesTo: 'categories' as const, targets: ['Ceramics'] };
      expect(goodsDiscountCents(ceramics, targetedCents(ceramics, cart))).toBe(2840);
      const mugFive = { ...amount(500), appliesTo: 'products' as const, targets: ['mug'] };
      expect(goodsDiscountCents(mugFive, targetedCents(mugFive, cart))).toBe(500);
      const toteHundred = { ...amount(10000), appliesTo: 'products' as const, targets: ['tote'] };
      expect(goodsDiscountCents(toteHundred, targetedCents(toteHundred, cart))).toBe(4200);
    });

    it('keeps a free shipping code on the whole order, whatever it was given', () => {
      const freeShipping: DiscountTerms = { ...amount(0), kind: 'free-shipping', appliesTo: 'products', targets: ['lamp'] };
      expect(discountAppliesTo(freeShipping, tote)).toBe(true);
      expect(targetedCents(freeShipping, cart)).toBe(18400);
    });
  });

  it('says where a code stands: stopped, ended and used up before scheduled', () => {
    const open = { startsOn: null, endsOn: null, usageLimit: null, timesUsed: 0, stoppedOn: null };
    expect(discountCodeState(open, 1000)).toBe('active');
    expect(discountCodeState({ ...open, startsOn: 2000 }, 1000)).toBe('scheduled');
    expect(discountCodeState({ ...open, startsOn: 1000 }, 1000)).toBe('active');
    expect(discountCodeState({ ...open, endsOn: 1000 }, 1000)).toBe('ended');
    expect(discountCodeState({ ...open, usageLimit: 3, timesUsed: 3 }, 1000)).toBe('used-up');
    expect(discountCodeState({ ...open, usageLimit: 3, timesUsed: 2 }, 1000)).toBe('active');
    expect(discountCodeState({ ...open, stoppedOn: 500, endsOn: 900 }, 1000)).toBe('stopped');
  });
});
