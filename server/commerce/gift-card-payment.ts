/**
 * A gift card paying for a checkout: the code looked up (as the shopper typed it), and the quote
 * given the card's part, min(balance, total), and what is left for the payment card to pay. A card
 * that cannot pay says why in the quote's giftCardError, with no card applied.
 */
import { giftCardCodeLast4, isGiftCardCodeShape, normalisedGiftCardCode } from '../../client/lib/gift-card-code.ts';
import { CHECKOUT } from '../../client/lib/messages.ts';
import { GiftCardRepository, type GiftCardRecord } from '../db/gift-card-repository.ts';
import type { StoreSession } from '../db/store.ts';
import { hasGiftCard } from './checkout-lines.ts';
import type { CheckoutQuote } from './checkout-quote.ts';

/** Why the card cannot pay for this quote (a catalogue text), or null when it can. */
function refusalOf(card: GiftCardRecord | undefined, quote: CheckoutQuote): string | null {
  if (!card) return CHECKOUT.giftCardUnknown;
  if (card.cancelledOn !== null) return CHECKOUT.giftCardCancelled;
  if (card.currency !== quote.currency) return CHECKOUT.giftCardOtherCurrency;
  if (card.balanceCents <= 0) return CHECKOUT.giftCardUsedUp;
  return null;
}

/**
 * The quote with the gift card of `typedCode` applied; unchanged without a code. Inside the
 * order's transaction `lock` holds the card's row until it commits, so the balance read is the
 * one the order takes from.
 */
export async function withGiftCard(session: StoreSession, quote: CheckoutQuote, typedCode: string | undefined, lock = false): Promise<CheckoutQuote> {
  const code = normalisedGiftCardCode(typedCode ?? '');
  if (code === '') return quote;
  const refused = (giftCardError: string): CheckoutQuote => ({ ...quote, giftCard: null, giftCardError, amountDueCents: quote.totalCents });
  // a card bought with a card would be money moved from one card to another, never paid
  if (hasGiftCard(quote.lines)) return refused(CHECKOUT.giftCardForGiftCard);
  if (!isGiftCardCodeShape(code)) return refused(CHECKOUT.giftCardCodeInvalid);
  const card = await new GiftCardRepository(session).findByCode(code, lock);
  const refusal = refusalOf(card, quote);
  if (refusal !== null || !card) return refused(refusal ?? CHECKOUT.giftCardUnknown);
  const appliedCents = Math.min(card.balanceCents, quote.totalCents);
  return {
    ...quote,
    giftCard: { id: card.id, last4: giftCardCodeLast4(card.code), appliedCents, balanceAfterCents: card.balanceCents - appliedCents },
    giftCardError: null,
    amountDueCents: quote.totalCents - appliedCents,
  };
}
