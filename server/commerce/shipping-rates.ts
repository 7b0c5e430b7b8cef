import { z } from 'zod';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { amountSchema } from './amount-schema.ts';

/**
 * The owner's shipping rates, kept in storeSettings.shippingRates (websiteSettings). A rate is
 * flat (one price per order) or by weight (a base price plus a price per started kilogram), may
 * be free from a subtotal, may apply only to orders up to a weight, and may ship only to some
 * countries (shipping-zones.ts). The checkout offers every rate that applies to the cart and the
 * country chosen; the admin's settings screen edits them.
 */
export const MAX_SHIPPING_RATES = 20;
const MAX_CENTS = 100_000_000;
const MAX_GRAMS = 1_000_000;
const MAX_RATE_COUNTRIES = 250;

const cents = amountSchema(MAX_CENTS);

/**
 * A rate's fields, its countries read by `countries`: ISO codes as stored, or the codes and names
 * an owner types in the settings (which the settings call turns into codes).
 */
function rateSchemaWith<Countries extends z.ZodType<string>>(countries: Countries) {
  return z.object({
    /** Stable id the checkout sends back ('standard', 'express', …). */
    id: z.string().trim().min(1).regex(/^[a-z0-9-]{1,40}$/, { error: ADMIN.server.rateIdCharacters }),
    name: z.string().trim().min(1).max(80),
    kind: z.enum(['flat', 'weight']),
    /** Flat price, or the base price of a by-weight rate. */
    priceCents: cents,
    /** By weight: added per started kilogram of the order's weight. */
    perKilogramCents: cents.default(0),
    /** The rate costs nothing from this subtotal; 0: never free. */
    freeOverCents: cents.default(0),
    /** Offered only for orders up to this weight; 0: any weight. */
    maxWeightGrams: z.number().int().min(0).max(MAX_GRAMS).default(0),
    /** The countries it ships to; empty: everywhere, as every rate stored before zones did. */
    countries: z.array(countries).max(MAX_RATE_COUNTRIES).default([]),
  });
}

/** A list of rates, each with its own id. */
function ratesSchemaOf<Rate extends z.ZodType<{ id: string }>>(rate: Rate) {
  return z.array(rate).max(MAX_SHIPPING_RATES).refine(
    (rates) => new Set(rates.map((one) => one.id)).size === rates.length,
    { message: ADMIN.server.rateIdRepeated },
  );
}

/**
 * A stored rate. Any two-letter code reads: one the checkout no longer lists must not drop the
 * store's rates to the default (the settings call saves only codes the checkout lists).
 */
export const shippingRateSchema = rateSchemaWith(z.string().regex(/^[A-Z]{2}$/));

export type ShippingRate = z.infer<typeof shippingRateSchema>;

export const shippingRatesSchema = ratesSchemaOf(shippingRateSchema);

/**
 * The rates as the settings screen sends them: each country as typed, a code or a name (`DE`,
 * `Austria`); a rate sent without countries (a caller written before zones) keeps its stored ones.
 */
export const typedShippingRatesSchema = ratesSchemaOf(rateSchemaWith(z.string().trim().min(1).max(80)).extend({
  countries: z.array(z.string().trim().min(1).max(80)).max(MAX_RATE_COUNTRIES).optional(),
}));

function nonNegativeInteger(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : 0;
}

/**
 * The rates of the store settings. A store from before rates existed has flatShippingCents and
 * freeShippingOverCents: that is one flat "Standard" rate.
 */
export function shippingRatesFrom(storeSettings: Record<string, unknown>): ShippingRate[] {
  const parsed = shippingRatesSchema.safeParse(storeSettings.shippingRates);
  if (parsed.success && parsed.data.length > 0) return parsed.data;
  return [{
    id: 'standard',
    name: 'Standard',
    kind: 'flat',
    priceCents: nonNegativeInteger(storeSettings.flatShippingCents),
    perKilogramCents: 0,
    freeOverCents: nonNegativeInteger(storeSettings.freeShippingOverCents),
    maxWeightGrams: 0,
    countries: [],
  }];
}

export interface ShippingOption {
  id: string;
  name: string;
  costCents: number;
}

/** What one rate costs for an order, or null when it does not apply (too heavy). */
export function shippingCost(rate: ShippingRate, subtotalCents: number, weightGrams: number): number | null {
  if (rate.maxWeightGrams > 0 && weightGrams > rate.maxWeightGrams) return null;
  if (rate.freeOverCents > 0 && subtotalCents >= rate.freeOverCents) return 0;
  if (rate.kind === 'flat') return rate.priceCents;
  return rate.priceCents + Math.ceil(weightGrams / 1000) * rate.perKilogramCents;
}

/** The options a checkout offers for an order, cheapest first. */
export function shippingOptions(rates: readonly ShippingRate[], subtotalCents: number, weightGrams: number): ShippingOption[] {
  const options: ShippingOption[] = [];
  for (const rate of rates) {
    const costCents = shippingCost(rate, subtotalCents, weightGrams);
    if (costCents !== null) options.push({ id: rate.id, name: rate.name, costCents });
  }
  return options.sort((a, b) => a.costCents - b.costCents);
}
