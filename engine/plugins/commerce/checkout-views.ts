/**
 * Views of the product checkout pieces: the add-to-cart button, the quantity
 * input and the variant pickers.
 *
 * Production renders these templates against the item inside the page, so a
 * name the item lacks is looked up in the enclosing scopes; `resolveFrom`
 * keeps that lookup order while the views themselves render isolated.
 */
import type { Path, RenderContext } from '../types.ts';
import { messages } from '../../messages.ts';
import { asRecord, getPath, isTruthy } from '../../runtime/values.ts';
import { localizedOr, resolveFrom } from './lookup.ts';
import { productKindOf } from './product.ts';
import { itemVariantOptions, type VariantOption } from './variant-options.ts';

/** Limits of the quantity input: a number from 1 to 9999 in steps of 1, starting at 1. */
export const QUANTITY_INPUT_LIMITS = Object.freeze({ size: 4, min: 1, max: 9999, step: 1, initial: 1 });

function elementCount(value: unknown): number {
  if (Array.isArray(value)) return value.length;
  if (typeof value === 'object' && value !== null) return Object.keys(value).length;
  return 0;
}

export interface AddToCartButtonView {
  readonly collectionId: unknown;
  readonly itemId: unknown;
  readonly productType: unknown;
  readonly useCustomLabel: unknown;
  readonly isSubscribable: unknown;
  readonly usesForm: boolean;
  readonly form: unknown;
  readonly label: unknown;
  readonly hasSubscriptionOption: boolean;
  readonly subscriptionOptionId: unknown;
}

/**
 * The button label is the merchant's custom text when enabled, otherwise the
 * (translated) "Subscribe" for subscriptions or "Add To Cart". A product with
 * an extra-fields form carries it for the form lightbox; a subscription
 * carries its first subscription option.
 */
export function addToCartButtonView(item: unknown, ctx: RenderContext): AddToCartButtonView {
  const at = (...path: Path) => resolveFrom(item, path, ctx);
  const content = (field: string) => at('structuredContent', field);

  const useCustomLabel = content('useCustomAddButtonText');
  const customLabel = content('customAddButtonText');
  const isSubscribable = content('isSubscribable');
  const formId = content('additionalFieldsFormId');
  const form = content('additionalFieldsForm');
  const subscriptionOptions = content('productSubscriptionOptions');

  let label: unknown;
  if (isTruthy(useCustomLabel) && isTruthy(customLabel)) {
    label = customLabel;
  } else if (isTruthy(isSubscribable)) {
    const subscribeText = at('localizedStrings', 'productSubscribeText');
    label = isTruthy(subscribeText) ? subscribeText : messages.commerceSubscribe;
  } else {
    const addText = at('localizedStrings', 'productAddToCartText');
    label = isTruthy(addText) ? addText : messages.commerceAddToCart;
  }

  return {
    collectionId: at('collectionId'),
    itemId: at('id'),
    productType: content('productType'),
    useCustomLabel,
    isSubscribable,
    usesForm: isTruthy(formId) && isTruthy(form),
    form,
    label,
    hasSubscriptionOption: elementCount(subscriptionOptions) > 0 && isTruthy(isSubscribable),
    subscriptionOptionId: getPath(subscriptionOptions, [0, 'id']),
  };
}

export interface QuantityInputView {
  readonly itemId: unknown;
  readonly label: unknown;
  readonly size: number;
  readonly min: number;
  readonly max: number;
  readonly step: number;
  readonly initial: number;
}

export function quantityInputView(item: unknown, ctx: RenderContext): QuantityInputView {
  const label = resolveFrom(item, ['localizedStrings', 'productQuantityInputLabel'], ctx);
  return {
    itemId: resolveFrom(item, ['id'], ctx),
    label: isTruthy(label) ? label : messages.commerceQuantity,
    ...QUANTITY_INPUT_LIMITS,
  };
}

export interface VariantsSelectView {
  readonly itemId: unknown;
  readonly variants: unknown;
  readonly isSubscribable: unknown;
  readonly subscriptionPlan: unknown;
  readonly options: VariantOption[];
  /** Option title message, placeholder {name}. */
  readonly displayText: string;
  /** Dropdown prompt message, placeholder {variantName}. */
  readonly selectText: string;
}

/**
 * The variant pickers of a product, or undefined when it offers no choice.
 * Gift cards name their only option "Value" and use their own translations.
 */
export function variantsSelectView(item: unknown, ctx: RenderContext): VariantsSelectView | undefined {
  const options = itemVariantOptions(item);
  if (options.length === 0) return undefined;
  const giftCard = productKindOf(item) === 'gift-card';
  return {
    itemId: asRecord(item)?.id,
    variants: asRecord(asRecord(item)?.structuredContent)?.variants,
    isSubscribable: asRecord(asRecord(item)?.structuredContent)?.isSubscribable,
    subscriptionPlan: asRecord(asRecord(item)?.structuredContent)?.subscriptionPlan,
    options,
    displayText: giftCard
      ? localizedOr(ctx, 'giftCardValueDisplayText', messages.commerceGiftCardValue)
      : messages.commerceVariantName,
    selectText: giftCard
      ? localizedOr(ctx, 'giftCardVariantSelectText', messages.commerceSelectGiftCardValue)
      : localizedOr(ctx, 'productVariantSelectText', messages.commerceSelectVariant),
  };
}
