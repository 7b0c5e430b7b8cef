/**
 * Gift card codes as shoppers type them and the store keeps them: 16 characters from an alphabet
 * without the look-alikes (no I, O, 0 or 1), written in four groups (ABCD-EFGH-JKLM-NPQR). A
 * shopper may type them in either case, with or without the dashes or with spaces.
 */
export const GIFT_CARD_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export const GIFT_CARD_CODE_LENGTH = 16;

const CODE_SHAPE = new RegExp(`^[${GIFT_CARD_CODE_ALPHABET}]{${GIFT_CARD_CODE_LENGTH}}$`);

/** The code as the store keeps it: upper case, spaces and dashes dropped. */
export function normalisedGiftCardCode(typed: string): string {
  return typed.replace(/[\s-]/g, '').toUpperCase();
}

/** True for a normalised code of the right length and alphabet (whether the shop issued it is the store's answer). */
export function isGiftCardCodeShape(code: string): boolean {
  return CODE_SHAPE.test(code);
}

/** A normalised code in its four groups, as the recipient's email writes it. */
export function formattedGiftCardCode(code: string): string {
  return code.replace(/(.{4})(?=.)/g, '$1-');
}

/** The last four characters, all that the checkout, the order and the admin show of a code. */
export function giftCardCodeLast4(code: string): string {
  return code.slice(-4);
}
