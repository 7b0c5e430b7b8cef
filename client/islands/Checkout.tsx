/**
 * The checkout form: contact, shipping address (with the address autocomplete), shipping
 * choice, a discount code, a gift card's code, payment card, and the order summary. Every
 * shipping change, discount code and gift card asks the server for fresh totals (a code or card
 * applied stays applied through the others' changes; when a gift card pays everything, the card
 * details are not asked for); placing the order sends one attempt key, so a repeated submit makes one order. Field errors (checked here with the
 * server's own schema, and again by the server) sit under their fields, and several are also
 * listed above the fields; payment answers sit under the card, above the order's totals and the
 * button that pays them. Each box asks the phone for the keyboard and the autofill it needs, and
 * Enter moves to the next box until the last, which places the order. The contact and address
 * typed are kept a while (checkout-draft.ts), so a trip back to the cart does not empty them;
 * the discount code applied is kept by the server's cart, whose quote the page starts from.
 */
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { CheckoutDiscount, DiscountTotals } from '../components/CheckoutDiscount.tsx';
import { CheckoutErrorSummary, type CheckoutProblem } from '../components/CheckoutErrorSummary.tsx';
import { CheckoutGiftCard, GiftCardTotals } from '../components/CheckoutGiftCard.tsx';
import { TotalWithTax } from '../components/TotalWithTax.tsx';
import { api } from '../lib/api.ts';
import { API_PATHS, PAGE_PATHS } from '../lib/api-paths.ts';
import { cardNumberAsTyped, cardNumberOnLeaving } from '../lib/card-number-input.ts';
import { checkoutFieldErrors, postalCodeError, postalCodesAreDigits } from '../lib/checkout-rules.ts';
import { countryPostalCodes } from '../lib/shipping-countries.ts';
import { isDiscountCodeShape, normalisedDiscountCode } from '../lib/discount-code.ts';
import { expiryAsTyped, expiryOnLeaving } from '../lib/expiry-input.ts';
import { isGiftCardCodeShape, normalisedGiftCardCode } from '../lib/gift-card-code.ts';
import { navigation } from '../lib/navigation.ts';
import { clearCheckoutDraft, keepCheckoutDraft, readCheckoutDraft } from '../lib/checkout-draft.ts';
import { CART, CHECKOUT, REQUEST, SCRIPT_NEEDED } from '../lib/messages.ts';
import { useHydrated } from '../lib/hydrated.ts';
import { formatMoney, type MoneyFormat } from '../lib/money.ts';
import { shippingCostText, shownWithFreeShippingCode } from '../lib/shipping-cost.ts';

/** The server's quote (server/commerce/checkout-view.ts writes it): words and amounts only. */
export interface CheckoutQuoteProps {
  currency: string;
  lines: Array<{
    key: string; productName: string; variantLabel: string; quantity: number; unitPriceCents: number; lineTotalCents: number; billingInterval: string;
    /** The line's answers to the product's extra-field form, in words, to check before paying. */
    answers?: Array<{ label: string; value: string }>;
  }>;
  subtotalCents: number;
  requiresShipping: boolean;
  shippingOptions: Array<{ id: string; name: string; costCents: number }>;
  /**
   * Some rate ships to the country the quote was asked for; false: the shop does not ship there
   * (said instead of the options). Absent (a quote of before zones): it does.
   */
  shipsToCountry?: boolean;
  selectedShippingOptionId: string | null;
  shippingCents: number;
  taxCents: number;
  /** The prices include the tax: it is part of totalCents, shown under it, not added. */
  taxIncluded: boolean;
  /** What the shop calls its tax ('' for the platform's words: tax-label.ts). */
  taxName: string;
  /** The tax rate in tenths of a basis point (8875 = 8.875 %), said beside the tax; 0: not said. */
  taxRateTenths: number;
  totalCents: number;
  /** The checkout asks for a gift card recipient's email. */
  needsRecipient: boolean;
  /** The order has goods a discount code may take from (not gift cards alone): the code's box is shown. */
  discountable: boolean;
  /** The gift card paying part or all of the total (only its last four characters); null without one. */
  giftCard: { last4: string; appliedCents: number; balanceAfterCents: number } | null;
  /** Why the gift card code sent with the quote was not applied (shown under its field); null otherwise. */
  giftCardError: string | null;
  /** What the payment card is charged: the total less the gift card's part (0: no card asked for). */
  amountDueCents: number;
  /** What the discount code takes off (goods and shipping together; included in totalCents). */
  discountCents: number;
  /** The discount code applied (as the store keeps it); null without one. */
  discount: { code: string; freeShipping: boolean } | null;
  /** Why the discount code sent with the quote was not applied (shown under its field); null otherwise. */
  discountError: string | null;
}

export interface CheckoutProps {
  quote: CheckoutQuoteProps;
  moneyFormat?: MoneyFormat | null;
  /**
   * Countries shipped to, with their names in the store's language; `hasRegion` false where
   * addresses name no state or province (the box is left out; absent: asked for, optional).
   */
  countries: Array<{ code: string; name: string; hasRegion?: boolean }>;
  /** A subscription's or gift card's own cart. */
  cartToken?: string;
  /**
   * The code the cart kept from an earlier visit that no longer applies (ended, used up, the cart
   * no longer qualifies): back in its box, with the quote's discountError under it.
   */
  refusedDiscountCode?: string;
  testMode: boolean;
}

type FieldName = 'email' | 'name' | 'line1' | 'line2' | 'city' | 'region' | 'postalCode' | 'countryCode'
  | 'recipientEmail' | 'cardNumber' | 'cardExpiry' | 'cardCvc' | 'giftCardCode' | 'discountCode';

type Values = Record<FieldName, string>;

/**
 * The totals' shipping line: what the chosen option costs, `Free` for nothing, `Free with code
 * CODE` under a free-shipping code (shipping-cost.ts); none when nothing ships, nor while no
 * option can carry the order (the options say so, and nothing is free).
 */
function ShippingTotal({ quote, money, className }: { quote: CheckoutQuoteProps; money: (cents: number) => string; className?: string }) {
  if (!quote.requiresShipping || quote.selectedShippingOptionId === null) return null;
  const shown = shownWithFreeShippingCode(quote.shippingCents, quote.discountCents, quote.discount?.freeShipping ? quote.discount.code : null);
  return <><dt>{CART.shipping}</dt><dd className={className}>{shippingCostText(shown.shippingCents, money, shown.freeWithCode)}</dd></>;
}

/**
 * What each field is called in the list of problems, in the form's order (the shipping choice's
 * problem points at its first option); read when shown, in the page's language.
 */
const fieldLabels = (): Record<FieldName | 'shippingOptionId', string> => ({
  email: CHECKOUT.emailLabel, name: CHECKOUT.nameLabel, recipientEmail: CHECKOUT.recipientEmailLabel,
  line1: CHECKOUT.line1Label, line2: CHECKOUT.line2Label, city: CHECKOUT.cityLabel, countryCode: CHECKOUT.countryLabel,
  region: CHECKOUT.regionLabel, postalCode: CHECKOUT.postalCodeLabel, shippingOptionId: CHECKOUT.deliveryHeading,
  discountCode: CHECKOUT.discountCodeLabel, giftCardCode: CHECKOUT.giftCardCodeLabel,
  cardNumber: CHECKOUT.cardNumberLabel, cardExpiry: CHECKOUT.cardExpiryLabel, cardCvc: CHECKOUT.cardCvcLabel,
});

const CARD_FIELDS: readonly FieldName[] = ['cardNumber', 'cardExpiry', 'cardCvc'];

/** The names of the fields with a problem, in the order the form shows them. */
function inFormOrder(errors: Record<string, string>): string[] {
  return Object.keys(fieldLabels()).filter((name) => errors[name]);
}

/** The boxes Enter moves between: every text box and the country list (not the shipping choices or buttons). */
function typedControls(form: HTMLFormElement): HTMLElement[] {
  return Array.from(form.elements).filter((element): element is HTMLInputElement | HTMLSelectElement =>
    ((element instanceof HTMLInputElement && !['radio', 'checkbox', 'hidden', 'submit', 'button'].includes(element.type))
      || element instanceof HTMLSelectElement) && !element.disabled);
}

/** Enter in a box whose key says "next" moves to the next box rather than placing the order half filled in. */
function enterMovesToNextBox(event: KeyboardEvent<HTMLFormElement>): void {
  const box = event.target;
  if (event.key !== 'Enter' || event.nativeEvent.defaultPrevented || !(box instanceof HTMLInputElement)) return;
  if (box.getAttribute('enterkeyhint') !== 'next') return;
  const controls = typedControls(event.currentTarget);
  const next = controls[controls.indexOf(box) + 1];
  if (!next) return;
  event.preventDefault();
  next.focus();
}

/** A line the stock can no longer cover, as the server's refusal names it (server/commerce/stock-shortfall.ts). */
interface ShortLine { productName: string; variantLabel: string; left: number }

interface Prediction { placeId: string; description: string }
interface PlaceDetails { addressLine1: string; addressLine2: string; city: string; state: string; postalCode: string; countryCode: string }

/** One attempt key per checkout: random, from the browser's generator (works over plain http too). */
function newAttemptKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function Field({ name, label, values, errors, onChange, type = 'text', autoComplete, inputMode, enterKeyHint = 'next', optional, describedBy, asTyped, onLeaving }: {
  name: FieldName; label: string; values: Values; errors: Record<string, string>; onChange: (name: FieldName, value: string) => void;
  type?: string; autoComplete?: string; inputMode?: 'numeric' | 'email' | 'text'; optional?: boolean;
  /** The phone keyboard's Enter key: "next" (Enter moves on) but on the last box. */
  enterKeyHint?: 'next' | 'go';
  /** Another message about this box (a payment answer about the card), besides its own error. */
  describedBy?: string;
  /** Rewrites the text after a keystroke (given the text before it and whether the caret is at the end). */
  asTyped?: (typed: string, previous: string, caretAtEnd: boolean) => string;
  /** Rewrites the text when the shopper leaves the box. */
  onLeaving?: (value: string) => string;
}) {
  const id = `checkout-${name}`;
  const error = errors[name];
  const value = values[name];
  const descriptions = [error ? `${id}-error` : '', describedBy ?? ''].filter(Boolean).join(' ');
  return (
    <div className={error ? 'checkout-field has-error' : 'checkout-field'}>
      <label htmlFor={id}>{label}</label>
      <input id={id} name={name} type={type} value={value} autoComplete={autoComplete} inputMode={inputMode} enterKeyHint={enterKeyHint}
        required={!optional} aria-invalid={error ? true : undefined} aria-describedby={descriptions || undefined}
        onChange={(event) => {
          const input = event.target;
          onChange(name, asTyped ? asTyped(input.value, value, input.selectionStart === input.value.length) : input.value);
        }}
        onBlur={() => {
          const left = onLeaving ? onLeaving(value) : value;
          if (left !== value) onChange(name, left);
        }} />
      {error && <p className="field-error" id={`${id}-error`}>{error}</p>}
    </div>
  );
}

export default function Checkout({ quote: initialQuote, moneyFormat, countries, cartToken, refusedDiscountCode, testMode }: CheckoutProps) {
  // Place order stays off until the island is live: a tap (or Enter) before then would post the
  // server's form natively, which places nothing and loses what was typed
  const hydrated = useHydrated();
  const [quote, setQuote] = useState(initialQuote);
  const [values, setValues] = useState<Values>({
    email: '', name: '', line1: '', line2: '', city: '', region: '', postalCode: '', countryCode: countries[0]?.code ?? '',
    recipientEmail: '', cardNumber: '', cardExpiry: '', cardCvc: '', giftCardCode: '', discountCode: refusedDiscountCode ?? '',
  });
  // the code (normalised) of the gift card the quote applied; '' for none
  const [appliedCode, setAppliedCode] = useState('');
  const [giftCardBusy, setGiftCardBusy] = useState(false);
  const [giftCardNews, setGiftCardNews] = useState('');
  // the discount code the quote applied (as the store keeps it); '' for none. The cart keeps it, so
  // the page's own quote may have one applied already (a reload, back from the cart)
  const [appliedDiscount, setAppliedDiscount] = useState(initialQuote.discount?.code ?? '');
  const [discountBusy, setDiscountBusy] = useState(false);
  const [discountNews, setDiscountNews] = useState('');
  const [shippingOptionId, setShippingOptionId] = useState(initialQuote.selectedShippingOptionId ?? '');
  // a kept code that no longer applies says why under its box, as when Apply is refused
  const [errors, setErrors] = useState<Record<string, string>>(initialQuote.discountError ? { discountCode: initialQuote.discountError } : {});
  const [formError, setFormError] = useState<string | null>(null);
  // a payment answer (declined, try again) is about the card: the card box points at it
  const [paymentRefused, setPaymentRefused] = useState(false);
  const [shortLines, setShortLines] = useState<ShortLine[]>([]);
  const [submitting, setSubmitting] = useState(false);
  const [predictions, setPredictions] = useState<Prediction[]>([]);
  const [activePrediction, setActivePrediction] = useState(-1);
  const attemptKey = useRef<string | null>(null);
  // Sending the order disables the button, which drops the keyboard focus: once refused, the focus
  // goes where the shopper acts next (the first field named, the card after a decline, else the button).
  const submitButton = useRef<HTMLButtonElement>(null);
  const focusAfterRefusal = useRef<string | null>(null);
  useEffect(() => {
    if (submitting || focusAfterRefusal.current === null) return;
    const target = focusAfterRefusal.current;
    (document.getElementById(target) ?? submitButton.current)?.focus();
    // a declined card: its reason, under the card details, is brought into view with the box the
    // focus is in (with a discount or gift card shown it lay below a phone's window)
    if (target === 'checkout-cardNumber') document.getElementById('checkout-form-error')?.scrollIntoView?.({ block: 'nearest' });
    focusAfterRefusal.current = null;
  }, [submitting]);
  // set at once (state waits for the next render): a second submit in the same moment stops here
  const inFlight = useRef(false);
  // Back from the confirmation may show this page from the browser's memory, still filled in and
  // still "placing": it is loaded afresh instead, and the server shows the cart as it is now (bought).
  const placed = useRef(false);
  useEffect(() => {
    const afresh = (event: PageTransitionEvent): void => {
      if (event.persisted && placed.current) navigation.reload();
    };
    window.addEventListener('pageshow', afresh);
    return () => window.removeEventListener('pageshow', afresh);
  }, []);
  // Taking over the server's markup: what was typed before the script arrived is still in the
  // boxes (hydration leaves their values alone) and becomes the state before the next render,
  // which would otherwise empty them. Once; the draft below fills only boxes still empty.
  const form = useRef<HTMLFormElement>(null);
  useLayoutEffect(() => {
    const typed: Partial<Values> = {};
    for (const name of Object.keys(values) as FieldName[]) {
      const box = form.current?.elements.namedItem(name);
      if ((box instanceof HTMLInputElement || box instanceof HTMLSelectElement) && box.value !== '' && box.value !== values[name]) typed[name] = box.value;
    }
    if (Object.keys(typed).length > 0) setValues((current) => ({ ...current, ...typed }));
  }, []);
  // The contact and address typed before a trip back to the cart (checkout-draft.ts): put back once
  // the page is live (its first render is the server's), then kept as they change.
  const draftRestored = useRef(false);
  useEffect(() => {
    if (draftRestored.current) {
      if (!placed.current) keepCheckoutDraft(values);
      return;
    }
    draftRestored.current = true;
    const draft = readCheckoutDraft();
    if (!countries.some((country) => country.code === draft.countryCode)) delete draft.countryCode;
    // a box typed in already keeps what it holds
    setValues((current) => ({ ...current, ...Object.fromEntries(Object.entries(draft).filter(([field]) => field === 'countryCode' || current[field as FieldName] === '')) }));
  }, [values]);
  const lookup = useRef<ReturnType<typeof setTimeout> | null>(null);
  const addressBox = useRef<HTMLInputElement>(null);
  // A form that goes away takes its pending address lookup with it (and ignores an answer still on its way).
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      if (lookup.current) clearTimeout(lookup.current);
    };
  }, []);
  const money = (cents: number): string => formatMoney(cents, quote.currency, moneyFormat);
  // the card's line, Remove and the deductions, once the server applied the code sent
  const giftCard = appliedCode ? quote.giftCard : null;
  // the code's line, Remove and the deduction, once the server applied the code sent
  const discount = appliedDiscount ? quote.discount : null;
  // the codes applied leave nothing to pay (a card's balance, a 100% discount): no card is asked for
  const nothingToPay = (giftCard !== null || discount !== null) && quote.amountDueCents === 0;
  // the boxes the chosen country's addresses have: no region where none is named (Germany), no
  // postal code where there are none (Hong Kong), one that may be left empty in Ireland
  const asksRegion = countries.find((country) => country.code === values.countryCode)?.hasRegion !== false;
  const postalCodeUse = countryPostalCodes(values.countryCode)?.use ?? 'required';
  const countryNameOf = (code: string): string => countries.find((country) => country.code === code)?.name ?? code;

  function change(name: FieldName, value: string): void {
    setValues((current) => ({ ...current, [name]: value }));
    if (errors[name]) setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => key !== name)));
    if (name === 'countryCode') recheckPostalCode(value);
    if (name === 'line1') suggest(value);
    setFormError(null);
    setPaymentRefused(false);
  }

  // A postal code typed for another country is judged at once against the one now chosen (its
  // error cleared or replaced, the focus left on the list), rather than only at the next submit;
  // an empty box waits for the submit, as it did.
  function recheckPostalCode(countryCode: string): void {
    if (values.postalCode.trim() === '') return;
    const problem = postalCodeError(values.postalCode, countryCode, countries);
    setErrors((current) => {
      const others = Object.fromEntries(Object.entries(current).filter(([key]) => key !== 'postalCode'));
      return problem ? { ...others, postalCode: problem } : others;
    });
  }

  function suggest(input: string): void {
    if (lookup.current) clearTimeout(lookup.current);
    if (input.trim().length < 3) {
      setPredictions([]);
      return;
    }
    lookup.current = setTimeout(async () => {
      const answer = await api.get<{ predictions: Prediction[] }>('/api/google-maps/places/autocomplete', { query: { input, limit: 5 } });
      if (!mounted.current) return;
      // suggestions that arrive once the shopper has left the box (typed on, or autofilled from
      // another box) would stay open over the next fields, with nothing there to close them
      const stillTyping = document.activeElement === addressBox.current;
      setPredictions(answer.ok && stillTyping ? answer.data.predictions : []);
      setActivePrediction(-1);
    }, 200);
  }

  async function pick(prediction: Prediction): Promise<void> {
    setPredictions([]);
    const answer = await api.get<{ result: PlaceDetails }>('/api/google-maps/places/details', { query: { placeId: prediction.placeId } });
    if (!answer.ok) return;
    const place = answer.data.result;
    const known = countries.some((country) => country.code === place.countryCode);
    setValues((current) => ({
      ...current,
      line1: place.addressLine1,
      line2: place.addressLine2,
      city: place.city,
      region: place.state,
      postalCode: place.postalCode,
      countryCode: known ? place.countryCode : current.countryCode,
    }));
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !['line1', 'city', 'postalCode', 'countryCode'].includes(key))));
  }

  function onAddressKey(event: KeyboardEvent<HTMLInputElement>): void {
    if (predictions.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActivePrediction((index) => (index + step + predictions.length) % predictions.length);
    } else if (event.key === 'Enter' && activePrediction >= 0) {
      event.preventDefault();
      void pick(predictions[activePrediction]!);
    } else if (event.key === 'Escape') {
      setPredictions([]);
    }
  }

  /**
   * Takes the server's totals, asked for with this gift card code ('' for none) and a discount
   * code: each is applied, or the answer says why not under its box. Nothing left to pay (a card
   * paying all, a discount taking all), the card details are no longer shown, and their marks go with them.
   */
  function takeQuote(next: CheckoutQuoteProps, code: string): void {
    setQuote(next);
    // the option chosen, or the cheapest where the country has other rates than the one chosen before
    setShippingOptionId(next.selectedShippingOptionId ?? '');
    setAppliedCode(next.giftCard ? code : '');
    setAppliedDiscount(next.discount?.code ?? '');
    const { giftCardError, discountError } = next;
    const paysAll = (next.giftCard !== null || next.discount !== null) && next.amountDueCents === 0;
    if (!giftCardError && !discountError && !paysAll) return;
    setErrors((current) => ({
      ...Object.fromEntries(Object.entries(current).filter(([key]) => !(paysAll && CARD_FIELDS.includes(key as FieldName)))),
      ...(giftCardError ? { giftCardCode: giftCardError } : {}),
      ...(discountError ? { discountCode: discountError } : {}),
    }));
  }

  /**
   * A fresh quote for this shipping choice, gift card code and discount code ('' for none), to
   * the country chosen (only the rates that ship there are offered).
   */
  function requote(optionId: string, code: string, discountCode: string, countryCode = values.countryCode) {
    quoteRequests.current += 1;
    return api.post<{ quote: CheckoutQuoteProps }>(API_PATHS.checkoutQuote, {
      shippingOptionId: optionId, cartToken, ...(countryCode ? { countryCode } : {}),
      ...(code ? { giftCardCode: code } : {}), ...(discountCode ? { discountCode } : {}),
    });
  }

  // how many quotes the island has asked for: an answer is the latest when none was asked after it
  const quoteRequests = useRef(0);
  // the gift card and discount codes on their way to being applied or removed ('' removes; null:
  // none under way): a quote asked for meanwhile carries them, so its answer keeps what the shopper did
  const givingGiftCard = useRef<string | null>(null);
  const givingDiscount = useRef<string | null>(null);

  /**
   * requote's answer, or null when another quote was asked for before it came back: that later
   * one carries the country and the codes as they are now, and this older answer would undo them
   * (a gift card applied while the country's quote was on its way, or the reverse).
   */
  async function latestQuote(...args: Parameters<typeof requote>): Promise<Awaited<ReturnType<typeof requote>> | null> {
    const asked = requote(...args);
    const request = quoteRequests.current;
    const answer = await asked;
    return quoteRequests.current === request ? answer : null;
  }

  // Another country may have other rates (a German shop's DHL Paket Deutschland only to DE): its
  // options and totals are asked for whenever the country changes, by the list, a suggestion or
  // the kept draft. The page's own quote is for the list's first country; an answer for a country
  // chosen since is dropped.
  const quotedCountry = useRef(countries[0]?.code ?? '');
  useEffect(() => {
    const countryCode = values.countryCode;
    if (!quote.requiresShipping || countryCode === quotedCountry.current) return;
    let current = true;
    const code = givingGiftCard.current ?? appliedCode;
    void latestQuote(shippingOptionId, code, givingDiscount.current ?? appliedDiscount, countryCode).then((answer) => {
      if (!current || !mounted.current) return;
      if (answer === null) {
        quotedCountry.current = countryCode;
        return;
      }
      if (!answer.ok) {
        setFormError(answer.message);
        return;
      }
      quotedCountry.current = countryCode;
      takeQuote(answer.data.quote, code);
    });
    return () => {
      current = false;
    };
  }, [values.countryCode]);

  async function chooseShipping(id: string): Promise<void> {
    setShippingOptionId(id);
    // the card and the code applied stay applied: the card's share and a free-shipping code's part depend on the new total
    // (those on their way to being applied too)
    const code = givingGiftCard.current ?? appliedCode;
    const answer = await requote(id, code, givingDiscount.current ?? appliedDiscount);
    if (answer.ok) takeQuote(answer.data.quote, code);
    else setFormError(answer.message);
  }

  async function applyDiscount(): Promise<void> {
    const discountCode = normalisedDiscountCode(values.discountCode);
    if (!isDiscountCodeShape(discountCode)) {
      // Apply with nothing typed asks for a code, rather than saying what shape one has
      setErrors((current) => ({ ...current, discountCode: discountCode === '' ? CHECKOUT.discountCodeMissing : CHECKOUT.discountCodeInvalid }));
      return;
    }
    setDiscountBusy(true);
    setDiscountNews('');
    // the box's last refusal (the same code may be asked about again) goes; the answer may bring it back
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => key !== 'discountCode')));
    givingDiscount.current = discountCode;
    const answer = await latestQuote(shippingOptionId, appliedCode, discountCode);
    givingDiscount.current = null;
    setDiscountBusy(false);
    // the country changed meanwhile: its quote, asked for with this code, is the one to show
    if (answer === null) return;
    if (!answer.ok) {
      setErrors((current) => ({ ...current, discountCode: answer.message }));
      return;
    }
    const next = answer.data.quote;
    takeQuote(next, appliedCode);
    if (next.discount) setDiscountNews(CHECKOUT.discountApplied(next.discount.code, money(next.totalCents)));
  }

  async function removeDiscount(): Promise<void> {
    setDiscountBusy(true);
    setDiscountNews('');
    givingDiscount.current = '';
    const answer = await latestQuote(shippingOptionId, appliedCode, '');
    givingDiscount.current = null;
    setDiscountBusy(false);
    if (answer === null) {
      change('discountCode', '');
      return;
    }
    if (!answer.ok) {
      setFormError(answer.message);
      return;
    }
    takeQuote(answer.data.quote, appliedCode);
    change('discountCode', '');
    setDiscountNews(CHECKOUT.discountRemoved);
  }

  async function applyGiftCard(): Promise<void> {
    const code = normalisedGiftCardCode(values.giftCardCode);
    if (!isGiftCardCodeShape(code)) {
      setErrors((current) => ({ ...current, giftCardCode: code === '' ? CHECKOUT.giftCardCodeMissing : CHECKOUT.giftCardCodeInvalid }));
      return;
    }
    setGiftCardBusy(true);
    setGiftCardNews('');
    // the box's last refusal (the same code may be asked about again) goes; the answer may bring it back
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => key !== 'giftCardCode')));
    givingGiftCard.current = code;
    const answer = await latestQuote(shippingOptionId, code, appliedDiscount);
    givingGiftCard.current = null;
    setGiftCardBusy(false);
    // the country changed meanwhile: its quote, asked for with this card, is the one to show
    if (answer === null) return;
    if (!answer.ok) {
      setErrors((current) => ({ ...current, giftCardCode: answer.message }));
      return;
    }
    const next = answer.data.quote;
    takeQuote(next, code);
    if (next.giftCard) setGiftCardNews(CHECKOUT.giftCardApplied(next.giftCard.last4, money(next.amountDueCents)));
  }

  async function removeGiftCard(): Promise<void> {
    setGiftCardBusy(true);
    setGiftCardNews('');
    givingGiftCard.current = '';
    const answer = await latestQuote(shippingOptionId, '', appliedDiscount);
    givingGiftCard.current = null;
    setGiftCardBusy(false);
    if (answer === null) {
      change('giftCardCode', '');
      return;
    }
    if (!answer.ok) {
      setFormError(answer.message);
      return;
    }
    takeQuote(answer.data.quote, '');
    change('giftCardCode', '');
    setGiftCardNews(CHECKOUT.giftCardRemoved);
  }

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (inFlight.current) return;
    setFormError(null);
    setPaymentRefused(false);
    setShortLines([]);
    attemptKey.current ??= newAttemptKey();
    const payload = {
      ...values,
      // a box the country leaves out sends nothing, whatever was typed in it under another country
      region: asksRegion ? values.region : '',
      postalCode: postalCodeUse === 'none' ? '' : values.postalCode,
      // nothing left to pay (a gift card or a discount): no card is charged, whatever was typed before
      ...(nothingToPay ? { cardNumber: '', cardExpiry: '', cardCvc: '' } : {}),
      shippingOptionId: quote.requiresShipping ? shippingOptionId : 'none',
      recipientEmail: quote.needsRecipient ? values.recipientEmail : '',
      // the card applied, or a code typed and not applied: the server then applies it and, the
      // amount due being other than the one shown, answers with its totals rather than charging
      giftCardCode: appliedCode || normalisedGiftCardCode(values.giftCardCode),
      // the same for a discount code: the code applied, or one typed and not applied
      discountCode: appliedDiscount || normalisedDiscountCode(values.discountCode),
      idempotencyKey: attemptKey.current,
      expectedTotalCents: quote.totalCents,
      expectedAmountDueCents: quote.amountDueCents,
      ...(cartToken ? { cartToken } : {}),
    };
    const found: Record<string, string> = { ...checkoutFieldErrors(payload, new Date(), countries) };
    if (quote.needsRecipient && !values.recipientEmail.trim()) found.recipientEmail = CHECKOUT.recipientEmailInvalid;
    // no rate ships to the country: said under the country rather than as a missing shipping choice
    if (quote.shipsToCountry === false) {
      delete found.shippingOptionId;
      found.countryCode = CHECKOUT.notShippingTo(countryNameOf(values.countryCode));
    }
    if (Object.keys(found).length > 0) {
      setErrors(found);
      setFormError(CHECKOUT.fieldsInvalid);
      document.getElementById(`checkout-${inFormOrder(found)[0]}`)?.focus();
      return;
    }
    inFlight.current = true;
    setSubmitting(true);
    const answer = await api.post<{ orderNumber: number; confirmationUrl: string }>(API_PATHS.checkoutOrders, payload);
    if (answer.ok) {
      placed.current = true;
      clearCheckoutDraft();
      navigation.assign(answer.data.confirmationUrl);
      return;
    }
    inFlight.current = false;
    const body = answer.body ?? {};
    const named = body.fieldErrors && typeof body.fieldErrors === 'object' ? Object.keys(body.fieldErrors) : [];
    focusAfterRefusal.current = named.length > 0 ? `checkout-${named[0]}` : answer.status === 402 ? 'checkout-cardNumber' : '';
    setSubmitting(false);
    const fieldErrors = body.fieldErrors && typeof body.fieldErrors === 'object' ? body.fieldErrors as Record<string, string> : null;
    if (fieldErrors) setErrors(fieldErrors);
    const freshQuote = body.quote && typeof body.quote === 'object' ? body.quote as CheckoutQuoteProps : null;
    if (freshQuote) takeQuote(freshQuote, payload.giftCardCode);
    // a code typed but not applied is applied by the server, which then asks to review the order:
    // the total is as it was, so its "total changed" would mislead; say the card is now applied
    const cardNowApplied = appliedCode === '' && freshQuote?.giftCard
      ? CHECKOUT.giftCardAppliedOnOrder(freshQuote.giftCard.last4, money(freshQuote.amountDueCents)) : null;
    // the same for a discount code typed but not applied (with a card applied as well, the alert
    // names the card, which says what is charged, and the code's own status says it is applied)
    const discountNowApplied = appliedDiscount === '' && freshQuote?.discount ? { code: freshQuote.discount.code, total: money(freshQuote.totalCents) } : null;
    if (discountNowApplied && cardNowApplied) setDiscountNews(CHECKOUT.discountApplied(discountNowApplied.code, discountNowApplied.total));
    // the card or the code applied was refused meanwhile: its box is back with the reason (and the focus), then the totals without it
    const cardRefused = !body.quote && Boolean(fieldErrors?.giftCardCode) && appliedCode !== '';
    if (cardRefused) setAppliedCode('');
    const discountRefused = !body.quote && Boolean(fieldErrors?.discountCode) && appliedDiscount !== '';
    if (discountRefused) setAppliedDiscount('');
    // another shopper bought the last ones first: the summary marks those lines
    if (Array.isArray(body.shortLines)) setShortLines(body.shortLines as ShortLine[]);
    // a payment answer (402) or a refusal carries its catalogue message; a server fault does not.
    // No answer at all may hide an order written and charged: the retry sends the same attempt
    // key, which the server answers with that order, and the provider with that charge
    setFormError(answer.kind === 'network' ? CHECKOUT.orderUnconfirmed : answer.status >= 500 ? REQUEST.tryAgain
      : cardNowApplied ?? (discountNowApplied ? CHECKOUT.discountAppliedOnOrder(discountNowApplied.code, discountNowApplied.total) : answer.message));
    setPaymentRefused(answer.status === 402);
    if (cardRefused || discountRefused) {
      const card = cardRefused ? '' : appliedCode;
      const fresh = await requote(shippingOptionId, card, discountRefused ? '' : appliedDiscount);
      if (fresh.ok) takeQuote(fresh.data.quote, card);
    }
  }

  const listId = 'checkout-address-suggestions';
  // The highlighted suggestion is pointed at only while the list is there: a pick, Escape or
  // leaving the box removes the list, and a reference to a gone option misleads screen readers.
  const activeOptionId = predictions.length > 0 && activePrediction >= 0 ? `${listId}-${activePrediction}` : undefined;
  const shortOf = (line: CheckoutQuoteProps['lines'][number]): ShortLine | undefined =>
    shortLines.find((short) => short.productName === line.productName && short.variantLabel === line.variantLabel);
  const problems: CheckoutProblem[] = inFormOrder(errors).map((name) => ({
    fieldId: `checkout-${name}`, label: fieldLabels()[name as FieldName | 'shippingOptionId'], message: errors[name]!,
  }));
  // the autofill's section: a phone offers the saved shipping address, or the billing one when nothing ships
  const addressSection = quote.requiresShipping ? 'shipping' : 'billing';
  const itemCount = quote.lines.reduce((count, line) => count + line.quantity, 0);
  return (
    <form ref={form} className="checkout-form" method="post" noValidate onSubmit={(event) => void submit(event)} onKeyDown={enterMovesToNextBox} aria-busy={submitting}>
      <section className="checkout-summary" aria-labelledby="checkout-summary-heading">
        <h2 id="checkout-summary-heading">{CHECKOUT.summaryHeading}</h2>
        <ul className="checkout-lines">
          {quote.lines.map((line) => {
            const short = shortOf(line);
            return (
              <li key={line.key} className={short ? 'checkout-line is-short' : 'checkout-line'}>
                <span className="checkout-line__name">
                  {line.productName}
                  {line.variantLabel && <span className="variant"> {line.variantLabel}</span>}
                  {line.billingInterval && <span className="billing-interval"> {line.billingInterval}</span>}
                  {/* inside the name's span, so phrasing elements: one line per answer */}
                  {line.answers?.map((answer, index) => (
                    <span key={index} className="checkout-line__answer">{`${answer.label}: ${answer.value}`}</span>
                  ))}
                  {short && <strong className="checkout-line__stock"> {CHECKOUT.lineLeft(short.left)}</strong>}
                </span>
                <span className="checkout-line__quantity">× {line.quantity}</span>
                <span className="checkout-line__total">{money(line.lineTotalCents)}</span>
              </li>
            );
          })}
        </ul>
        <dl className="checkout-totals">
          <dt>{CART.subtotal}</dt><dd className="subtotal">{money(quote.subtotalCents)}</dd>
          <DiscountTotals applied={discount} discountCents={quote.discountCents} shippingCents={quote.shippingCents} money={money} />
          <ShippingTotal quote={quote} money={money} className="shipping" />
          <TotalWithTax tax={quote} money={money} amountClassName="tax">
            <dt>{CART.total}</dt><dd className="grand-total">{money(quote.totalCents)}</dd>
          </TotalWithTax>
          <GiftCardTotals applied={giftCard} amountDueCents={quote.amountDueCents} money={money} />
        </dl>
      </section>

      <CheckoutErrorSummary problems={problems} />

      <fieldset className="checkout-section">
        <legend>{CHECKOUT.contactHeading}</legend>
        <Field name="email" label={CHECKOUT.emailLabel} type="email" autoComplete="email" inputMode="email" values={values} errors={errors} onChange={change} />
        <Field name="name" label={CHECKOUT.nameLabel} autoComplete={`${addressSection} name`} values={values} errors={errors} onChange={change} />
      </fieldset>

      {quote.needsRecipient && (
        <fieldset className="checkout-section">
          <legend>{CHECKOUT.giftCardHeading}</legend>
          <Field name="recipientEmail" label={CHECKOUT.recipientEmailLabel} type="email" inputMode="email" autoComplete="off" values={values} errors={errors} onChange={change} />
        </fieldset>
      )}

      <fieldset className="checkout-section">
        <legend>{quote.requiresShipping ? CHECKOUT.shippingHeading : CHECKOUT.billingHeading}</legend>
        <div className={errors.line1 ? 'checkout-field has-error' : 'checkout-field'}>
          <label htmlFor="checkout-line1">{CHECKOUT.line1Label}</label>
          <div className="address-autocomplete">
            <input id="checkout-line1" name="line1" type="text" ref={addressBox} value={values.line1} autoComplete={`${addressSection} address-line1`} enterKeyHint="next" required
              role="combobox" aria-autocomplete="list" aria-expanded={predictions.length > 0} aria-controls={listId}
              aria-activedescendant={activeOptionId}
              aria-invalid={errors.line1 ? true : undefined} aria-describedby={errors.line1 ? 'checkout-line1-error' : undefined}
              onChange={(event) => change('line1', event.target.value)} onKeyDown={onAddressKey}
              onBlur={() => setTimeout(() => mounted.current && setPredictions([]), 150)} />
            {predictions.length > 0 && (
              <ul id={listId} role="listbox" aria-label={CHECKOUT.addressSuggestions} className="address-suggestions">
                {predictions.map((prediction, index) => (
                  <li key={prediction.placeId} id={`${listId}-${index}`} role="option" aria-selected={index === activePrediction}
                    className={index === activePrediction ? 'is-active' : undefined}
                    onMouseDown={(event) => { event.preventDefault(); void pick(prediction); }}>
                    {prediction.description}
                  </li>
                ))}
              </ul>
            )}
          </div>
          {errors.line1 && <p className="field-error" id="checkout-line1-error">{errors.line1}</p>}
        </div>
        <Field name="line2" label={CHECKOUT.line2Label} autoComplete={`${addressSection} address-line2`} optional values={values} errors={errors} onChange={change} />
        <Field name="city" label={CHECKOUT.cityLabel} autoComplete={`${addressSection} address-level2`} values={values} errors={errors} onChange={change} />
        {/* the country before the region and postal code: it decides the postal code's keyboard, which a shopper filling the form in order then meets right */}
        <div className={errors.countryCode ? 'checkout-field has-error' : 'checkout-field'}>
          <label htmlFor="checkout-countryCode">{CHECKOUT.countryLabel}</label>
          <select id="checkout-countryCode" name="countryCode" value={values.countryCode} autoComplete={`${addressSection} country`}
            aria-invalid={errors.countryCode ? true : undefined}
            aria-describedby={errors.countryCode ? 'checkout-countryCode-error' : quote.shipsToCountry === false ? 'checkout-not-shipped' : undefined}
            onChange={(event) => change('countryCode', event.target.value)}>
            {countries.map((country) => <option key={country.code} value={country.code}>{country.name}</option>)}
          </select>
          {errors.countryCode && <p className="field-error" id="checkout-countryCode-error">{errors.countryCode}</p>}
        </div>
        <div className="checkout-row">
          {asksRegion && <Field name="region" label={CHECKOUT.regionLabel} autoComplete={`${addressSection} address-level1`} optional values={values} errors={errors} onChange={change} />}
          {/* the number pad where the country's codes are digits alone; letters or a dash need the full keyboard */}
          {postalCodeUse !== 'none' && (
            <Field name="postalCode" label={postalCodeUse === 'optional' ? CHECKOUT.postalCodeOptionalLabel : CHECKOUT.postalCodeLabel}
              autoComplete={`${addressSection} postal-code`} optional={postalCodeUse === 'optional'}
              inputMode={postalCodesAreDigits(values.countryCode) ? 'numeric' : 'text'} values={values} errors={errors} onChange={change} />
          )}
        </div>
      </fieldset>

      {quote.requiresShipping && (
        <fieldset className="checkout-section checkout-shipping-options"
          aria-describedby={errors.shippingOptionId ? 'checkout-shippingOptionId-error' : undefined}>
          <legend>{CHECKOUT.deliveryHeading}</legend>
          {quote.shipsToCountry === false
            ? <p className="field-error" id="checkout-not-shipped">{CHECKOUT.notShippingTo(countryNameOf(values.countryCode))}</p>
            : quote.shippingOptions.length === 0 && <p className="field-error">{CHECKOUT.noShippingOption}</p>}
          {quote.shippingOptions.map((option, index) => (
            <label key={option.id} className="shipping-option">
              {/* the first option takes the choice's id, for the focus and the list of problems */}
              <input type="radio" name="shippingOptionId" value={option.id} checked={shippingOptionId === option.id}
                id={index === 0 ? 'checkout-shippingOptionId' : undefined}
                onChange={() => void chooseShipping(option.id)} />
              <span>{option.name}</span>
              <span className="shipping-option__cost">{shippingCostText(option.costCents, money)}</span>
            </label>
          ))}
          {errors.shippingOptionId && <p className="field-error" id="checkout-shippingOptionId-error">{errors.shippingOptionId}</p>}
        </fieldset>
      )}

      {/* a code is typed before paying: its box comes before the gift card's, which pays the discounted total.
          Where only gift cards are bought no code can take anything off, so the box is left out */}
      {quote.discountable && (
        <CheckoutDiscount typed={values.discountCode} applied={discount} discountCents={quote.discountCents} error={errors.discountCode} busy={discountBusy}
          announcement={discountNews} money={money}
          onType={(value) => change('discountCode', value)} onApply={() => void applyDiscount()} onRemove={() => void removeDiscount()} />
      )}

      {/* a gift card cannot pay for another one: the box is left out where one is bought. It comes
          before the card details: the card's last box places the order (a phone's Go key), so a box
          after it would be passed by, and a card that pays everything spares typing them */}
      {!quote.needsRecipient && (
        <CheckoutGiftCard typed={values.giftCardCode} applied={giftCard} error={errors.giftCardCode} busy={giftCardBusy} announcement={giftCardNews} money={money}
          onType={(value) => change('giftCardCode', value)} onApply={() => void applyGiftCard()} onRemove={() => void removeGiftCard()} />
      )}

      <fieldset className="checkout-section">
        <legend>{CHECKOUT.paymentHeading}</legend>
        {nothingToPay ? <p className="checkout-gift-card-pays-all">{giftCard !== null ? CHECKOUT.giftCardPaysAll : CHECKOUT.discountPaysAll}</p> : (
          <>
            {testMode && <p className="test-mode-note">{CHECKOUT.testCards}</p>}
            {/* grouped as printed on the card, whether typed, pasted or filled in by the phone */}
            <Field name="cardNumber" label={CHECKOUT.cardNumberLabel} autoComplete="cc-number" inputMode="numeric" values={values} errors={errors} onChange={change}
              asTyped={(typed, _previous, caretAtEnd) => cardNumberAsTyped(typed, caretAtEnd)} onLeaving={cardNumberOnLeaving}
              describedBy={paymentRefused ? 'checkout-form-error' : undefined} />
            <div className="checkout-row">
              {/* a phone's numeric keypad has no slash: the box puts it in, and reads 1230 or 12/2030 as 12/30 */}
              <Field name="cardExpiry" label={CHECKOUT.cardExpiryLabel} autoComplete="cc-exp" inputMode="numeric" values={values} errors={errors} onChange={change}
                asTyped={expiryAsTyped} onLeaving={expiryOnLeaving} />
              <Field name="cardCvc" label={CHECKOUT.cardCvcLabel} autoComplete="cc-csc" inputMode="numeric" enterKeyHint="go" values={values} errors={errors} onChange={change} />
            </div>
          </>
        )}
      </fieldset>

      {formError && (
        <p className="checkout-error" role="alert" id="checkout-form-error">
          {formError}
          {/* the visitor's own cart is where a line is changed (a subscription's or gift card's cart has no page) */}
          {shortLines.length > 0 && !cartToken && <> <a className="checkout-change-cart" href={PAGE_PATHS.cart}>{CHECKOUT.changeCart}</a></>}
        </p>
      )}
      {/* on a phone the summary is far up the page: what the button pays, just above it (beside the form on a wide screen) */}
      <div className="checkout-recap">
        <p className="checkout-recap__heading">{CHECKOUT.recapLabel} · {CHECKOUT.itemCount(itemCount)}</p>
        <dl className="checkout-totals">
          <dt>{CART.subtotal}</dt><dd>{money(quote.subtotalCents)}</dd>
          <DiscountTotals applied={discount} discountCents={quote.discountCents} shippingCents={quote.shippingCents} money={money} />
          <ShippingTotal quote={quote} money={money} />
          <TotalWithTax tax={quote} money={money}>
            <dt>{CART.total}</dt><dd className="checkout-recap__total">{money(quote.totalCents)}</dd>
          </TotalWithTax>
          <GiftCardTotals applied={giftCard} amountDueCents={quote.amountDueCents} money={money} />
        </dl>
      </div>
      <button type="submit" className="button checkout-submit" disabled={!hydrated || submitting} ref={submitButton}>
        {submitting ? CHECKOUT.placingOrder : `${CHECKOUT.placeOrder} · ${money(quote.amountDueCents)}`}
      </button>
      {/* until the island is live (a slow phone, or scripts off) the button is off: say why just under it
          (the totals it pays stay just above it) */}
      {!hydrated && <p className="checkout-waiting">{CHECKOUT.waitingForPage}</p>}
      <noscript><p className="form-noscript">{SCRIPT_NEEDED.form}</p></noscript>
      {/* the button's own words change while placing; a polite region says it once to a screen reader */}
      <p className="visually-hidden" role="status">{submitting ? CHECKOUT.placingOrder : ''}</p>
    </form>
  );
}
