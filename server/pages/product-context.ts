import type { AddToCartProps } from '../../client/islands/AddToCart.tsx';
import type { MoneyFormat } from '../../client/lib/money.ts';
import { extraFieldsFormFrom } from '../../client/lib/extra-fields-form.ts';
import type { ProductRecord, VariantRecord } from '../db/catalogue-repository.ts';
import { stringsOf } from '../db/json-column.ts';
import { moneyObject } from '../commerce/money.ts';
import { hasUnlimitedStock, isSubscribable, PRODUCT_TYPE, unitPriceCents } from '../commerce/pricing.ts';
import { PRODUCT_URL_PREFIX } from '../api/cart-session.ts';
import { isSoldOut, showsQuantityInput } from '../../engine/plugins/commerce/product-status.ts';
import { RecordType } from '../../engine/plugins/enums.ts';
import { recordTypeOf } from './record-type.ts';
import { absoluteUrl } from './seo.ts';
import { uploadVariants } from '../admin/image-upload.ts';
import { colorDataOrNeutral } from '../db/color-data-column.ts';
import { variantImage } from '../commerce/variant-image.ts';

type Json = Record<string, unknown>;

function asObject(value: unknown): Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
}

/** The option names in display order: the stored ordering, then any other attribute seen. */
export function optionOrdering(product: ProductRecord): string[] {
  const ordered = stringsOf(product.data.variantOptionOrdering);
  for (const variant of product.variants) {
    for (const name of Object.keys(variant.attributes)) if (!ordered.includes(name)) ordered.push(name);
  }
  return ordered;
}

function variantContext(product: ProductRecord, variant: VariantRecord, currency: string, ordering: string[], images: Json[]): Json {
  const image = variantImage(images as Array<Json & { id: string }>, variant);
  return {
    id: variant.id,
    sku: variant.sku,
    price: variant.priceCents,
    salePrice: variant.salePriceCents,
    onSale: variant.onSale,
    priceMoney: moneyObject(variant.priceCents, currency),
    salePriceMoney: moneyObject(variant.salePriceCents, currency),
    qtyInStock: variant.qtyInStock,
    unlimited: hasUnlimitedStock(product, variant),
    attributes: variant.attributes,
    optionValues: ordering
      .filter((name) => name in variant.attributes)
      .map((name) => ({ optionName: name, value: variant.attributes[name] })),
    // the platform's shape: the variant's image as the product's images are given, where it has one of its own
    ...(image ? { mainImageId: image.id, mainImage: image } : {}),
  };
}

function imageContext(product: ProductRecord): Json[] {
  return product.images.map((image) => {
    // an upload's resized copies, which the image-srcset formatter lists
    const variants = uploadVariants(image);
    return {
      id: image.id,
      title: image.altText,
      assetUrl: image.assetUrl,
      originalSize: image.originalSize,
      ...(variants ? { systemDataVariants: variants } : {}),
      mediaFocalPoint: { x: image.focalX, y: image.focalY },
      // the platform's colours of the image; a neutral grey until the store has read them
      colorData: image.colorData ?? colorDataOrNeutral(null),
      altText: image.altText,
      ...recordTypeOf(RecordType.image),
    };
  });
}

/** Variants a visitor can ask to be told about: limited, physical or service, none left. */
export function soldOutVariants(product: ProductRecord): VariantRecord[] {
  if (product.productType !== PRODUCT_TYPE.PHYSICAL && product.productType !== PRODUCT_TYPE.SERVICE) return [];
  return product.variants.filter((variant) => !hasUnlimitedStock(product, variant) && variant.qtyInStock === 0);
}

/** A product as a collection item, shaped like the platform's (item.structuredContent…). */
export function productItem(product: ProductRecord, currency: string, form: Json | null): Json {
  const ordering = optionOrdering(product);
  const images = imageContext(product);
  const structuredContent: Json = {
    _type: 'Product',
    productType: product.productType,
    variants: product.variants.map((variant) => variantContext(product, variant, currency, ordering, images)),
    variantOptionOrdering: ordering,
    isSubscribable: isSubscribable(product),
    useCustomAddButtonText: product.data.useCustomAddButtonText === true,
    customAddButtonText: typeof product.data.customAddButtonText === 'string' ? product.data.customAddButtonText : '',
  };
  if (isSubscribable(product)) structuredContent.subscriptionPlan = product.data.subscriptionPlan;
  if (product.productType === PRODUCT_TYPE.DIGITAL) {
    const first = product.variants[0];
    const price = typeof product.data.priceCents === 'number' ? product.data.priceCents : first?.priceCents ?? 0;
    const sale = typeof product.data.salePriceCents === 'number' ? product.data.salePriceCents : 0;
    structuredContent.priceMoney = moneyObject(price, currency);
    structuredContent.salePriceMoney = moneyObject(sale, currency);
    structuredContent.onSale = product.data.onSale === true;
  }
  if (product.additionalFieldsFormId && form) {
    structuredContent.additionalFieldsFormId = product.additionalFieldsFormId;
    structuredContent.additionalFieldsForm = form;
  }
  const item: Json = {
    id: product.id,
    collectionId: product.collectionId,
    ...recordTypeOf(RecordType['store-item']),
    title: product.title,
    urlId: product.urlId,
    fullUrl: `${PRODUCT_URL_PREFIX}${product.urlId}`,
    body: product.body,
    excerpt: product.excerpt,
    addedOn: product.createdOn,
    publishOn: product.createdOn,
    tags: stringsOf(product.data.tags),
    categories: stringsOf(product.data.categories),
    assetUrl: images[0]?.assetUrl ?? '',
    originalSize: images[0]?.originalSize ?? '',
    ...(images[0]?.systemDataVariants ? { systemDataVariants: images[0].systemDataVariants } : {}),
    mediaFocalPoint: images[0]?.mediaFocalPoint ?? { x: 0.5, y: 0.5 },
    colorData: images[0]?.colorData ?? colorDataOrNeutral(null),
    items: images,
    structuredContent,
  };
  // The engine's own rule, so the page mark and the server agree.
  item.soldOut = isSoldOut(item);
  return item;
}

const IN_STOCK = 'https://schema.org/InStock';
const OUT_OF_STOCK = 'https://schema.org/OutOfStock';

/**
 * The product as schema.org Product data for search engines: name, description, pictures and one
 * Offer per variant with its price (the sale price when on sale), currency and availability.
 */
export function productStructuredData(product: ProductRecord, currency: string, origin: string): Json {
  const url = absoluteUrl(origin, `${PRODUCT_URL_PREFIX}${product.urlId}`);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.title,
    description: product.excerpt,
    url,
    image: product.images.map((image) => absoluteUrl(origin, image.assetUrl)),
    sku: product.variants.length === 1 ? product.variants[0]!.sku : undefined,
    offers: product.variants.map((variant) => ({
      '@type': 'Offer',
      sku: variant.sku,
      price: moneyObject(unitPriceCents(product, variant), currency).value,
      priceCurrency: currency,
      availability: hasUnlimitedStock(product, variant) || variant.qtyInStock > 0 ? IN_STOCK : OUT_OF_STOCK,
      url,
    })),
  };
}

/** Per-product scarcity, sold-out and restock settings, keyed by product id like the platform's. */
export function merchandisingContext(product: ProductRecord, storeSettings: Json): Json {
  const scarcity = asObject(storeSettings.scarcity);
  const restock = asObject(storeSettings.restock);
  const threshold = typeof scarcity.threshold === 'number' ? scarcity.threshold : 0;
  const limited = product.variants.filter((variant) => !hasUnlimitedStock(product, variant));
  const soldOut = soldOutVariants(product);
  const onlyVariant = product.variants.length === 1;
  return {
    scarcityEnabled: scarcity.enabled === true,
    scarcityText: typeof scarcity.text === 'string' ? scarcity.text : '',
    scarcityShownByDefault: scarcity.shownByDefault === true && onlyVariant,
    scarcityTemplateViews: limited
      .filter((variant) => variant.qtyInStock > 0 && variant.qtyInStock <= threshold)
      .map((variant) => ({ qtyInStock: variant.qtyInStock, attributes: variant.attributes })),
    customSoldOutText: typeof storeSettings.customSoldOutText === 'string' ? storeSettings.customSoldOutText : '',
    mailingListSignUpEnabled: restock.mailingListSignUpEnabled === true,
    mailingListOptInByDefault: restock.mailingListOptInByDefault === true,
    restockNotificationMessages: asObject(restock.messages),
    // A product with one variant shows its box at once; others wait for that variant's selection.
    restockNotificationViews: restock.enabled === true
      ? soldOut.map((variant) => ({ variantId: variant.id, hiddenByDefault: !onlyVariant }))
      : [],
  };
}

export interface AddToCartOptions {
  currency: string;
  form: Json | null;
  storeSettings: Json;
  restockSuccessText: string;
  captchaEnabled: boolean;
  locale: string;
  moneyFormat: MoneyFormat;
}

/** The add-to-cart island's props: variants with stock, options, restock and instalment settings. */
export function addToCartProps(product: ProductRecord, options: AddToCartOptions): AddToCartProps {
  const ordering = optionOrdering(product);
  const restock = asObject(options.storeSettings.restock);
  const messages = asObject(restock.messages);
  const instalments = asObject(options.storeSettings.instalments);
  // Same display rule as the quantity-input formatter (type, subscription, service setting, stock).
  const showQuantity = showsQuantityInput(
    productItem(product, options.currency, null),
    { storeSettings: options.storeSettings },
  );
  return {
    itemId: product.id,
    productName: product.title,
    productType: product.productType,
    currency: options.currency,
    moneyFormat: options.moneyFormat,
    variantOptions: ordering.map((name) => ({
      name,
      values: [...new Set(product.variants.map((variant) => variant.attributes[name]).filter((value): value is string => !!value))],
    })),
    variants: product.variants.map((variant) => ({
      id: variant.id,
      sku: variant.sku,
      attributes: variant.attributes,
      qtyInStock: variant.qtyInStock,
      unlimited: hasUnlimitedStock(product, variant),
      priceCents: variant.priceCents,
      salePriceCents: unitPriceCents(product, variant),
      onSale: unitPriceCents(product, variant) !== variant.priceCents,
      // the gallery turns to it when the variant is picked; null: the page stays on the photo shown
      imageUrl: variantImage(product.images, variant)?.assetUrl ?? null,
    })),
    soldOutText: typeof options.storeSettings.customSoldOutText === 'string' && options.storeSettings.customSoldOutText !== ''
      ? options.storeSettings.customSoldOutText
      : undefined,
    // The product's own switch: the button takes the visitor straight to checkout.
    expressCheckout: product.data.expressCheckout === true,
    buttonText: product.data.useCustomAddButtonText === true && typeof product.data.customAddButtonText === 'string'
      ? product.data.customAddButtonText
      : undefined,
    showQuantity,
    isSubscribable: isSubscribable(product),
    additionalFieldsForm: extraFieldsFormFrom(options.form),
    restock: restock.enabled === true && soldOutVariants(product).length > 0
      ? {
          callToAction: typeof messages.CTAText === 'string' ? messages.CTAText : undefined,
          mailingListSignUpEnabled: restock.mailingListSignUpEnabled === true,
          mailingListOptInByDefault: restock.mailingListOptInByDefault === true,
          successText: options.restockSuccessText,
          captchaEnabled: options.captchaEnabled,
        }
      : null,
    // Only when the owner turns the offer on (off as seeded: the built-in checkout has no instalment
    // option to keep its promise), physical products only, and never a subscription, which is
    // billed every period rather than split into payments.
    instalments: product.productType === PRODUCT_TYPE.PHYSICAL && instalments.enabled === true && !isSubscribable(product)
      ? {
          locale: options.locale,
          minCents: typeof instalments.afterPayMin === 'number' ? instalments.afterPayMin : 0,
          maxCents: typeof instalments.afterPayMax === 'number' ? instalments.afterPayMax : 0,
          available: true,
        }
      : null,
  };
}
