/**
 * Reading a store item (a product record): its type, its variants and its
 * subscription flags, all under `structuredContent`.
 */
import { ProductType } from '../enums.ts';
import { asBoolean, asRecord, type JsonObject } from '../../runtime/values.ts';
import { intOf } from '../core/node-coercion.ts';

/** The product kinds the commerce rules distinguish; every other code behaves as `undefined`. */
export type ProductKind = 'physical' | 'digital' | 'service' | 'gift-card' | 'undefined';

const KIND_BY_CODE: ReadonlyMap<number, ProductKind> = new Map<number, ProductKind>([
  [ProductType.physical, 'physical'],
  [ProductType.digital, 'digital'],
  [ProductType.service, 'service'],
  [ProductType['gift-card'], 'gift-card'],
]);

export function structuredContentOf(item: unknown): unknown {
  return asRecord(item)?.structuredContent;
}

/** A product's `structuredContent` as a record to read fields from (undefined when it is not one). */
export function productContentOf(item: unknown): JsonObject | undefined {
  return asRecord(structuredContentOf(item));
}

/** Kind of a product from `structuredContent.productType` (a number or numeric text). */
export function productKindOf(item: unknown): ProductKind {
  return kindOfContent(productContentOf(item));
}

/** The kind, from a product's `structuredContent` already read (see productKindOf). */
export function kindOfContent(content: JsonObject | undefined): ProductKind {
  const code = content?.productType;
  if (code === undefined) return 'undefined';
  return KIND_BY_CODE.get(intOf(code)) ?? 'undefined';
}

const NO_VARIANTS: readonly unknown[] = Object.freeze([]);

/** The variants of a product; anything but an array counts as no variants. */
export function variantsOf(item: unknown): readonly unknown[] {
  return variantsOfContent(productContentOf(item));
}

/** The variants, from a product's `structuredContent` already read (see variantsOf). */
export function variantsOfContent(content: JsonObject | undefined): readonly unknown[] {
  const variants = content?.variants;
  return Array.isArray(variants) ? variants : NO_VARIANTS;
}

/** Whether the product is sold as a subscription (`structuredContent.isSubscribable`, text "true" included). */
export function isSubscribable(item: unknown): boolean {
  return asBoolean(asRecord(asRecord(item)?.structuredContent)?.isSubscribable);
}

/** Only physical products and services can be sold as subscriptions. */
export function canBeSubscription(kind: ProductKind): boolean {
  return kind === 'physical' || kind === 'service';
}

