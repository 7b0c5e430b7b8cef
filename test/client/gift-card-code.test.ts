import { describe, expect, it } from 'vitest';
import {
  formattedGiftCardCode, GIFT_CARD_CODE_ALPHABET, giftCardCodeLast4, isGiftCardCodeShape, normalisedGiftCardCode,
} from '../../client/lib/gift-card-code.ts';

describe('gift card codes', () => {
  it('has no look-alike characters in its alphabet', () => {
    for (const lookAlike of ['I', 'O', '0', '1']) expect(GIFT_CARD_CODE_ALPHABET).not.toContain(lookAlike);
    expect(new Set(GIFT_CARD_CODE_ALPHABET).size).toBe(32);
  });

  it('reads a typed code and writes it in four groups', () => {
    const code = normalisedGiftCardCode(' wxyz-2345 abcd 6789 ');
    expect(code).toBe('WXYZ2345ABCD6789');
    expect(isGiftCardCodeShape(code)).toBe(true);
    expect(formattedGiftCardCode(code)).toBe('WXYZ-2345-ABCD-6789');
    expect(giftCardCodeLast4(code)).toBe('6789');
    expect(isGiftCardCodeShape('WXYZ2345ABCD678')).toBe(false);
    expect(isGiftCardCodeShape('WXYZ2345ABCD67890')).toBe(false);
  });
});
