import { z } from 'zod';
import { DISCOUNT_KINDS, isDiscountCodeShape, WHOLE_IN_BASIS_POINTS } from '../../client/lib/discount-code.ts';

/** Shapes of the seed files in fixtures/seed/, checked before anything is written. */

const jsonObject = z.record(z.string(), z.unknown());

export const siteFixtureSchema = z.object({
  website: z.object({ id: z.string().min(1), siteTitle: z.string() }).passthrough(),
  websiteSettings: z.object({ storeSettings: z.object({ currency: z.string().length(3) }).passthrough() }).passthrough(),
  siteLayout: jsonObject,
  collections: z.array(
    z.object({
      id: z.string().min(1),
      urlId: z.string().min(1),
      title: z.string().min(1),
      typeCode: z.number().int(),
      description: z.string().default(''),
      data: jsonObject.default({}),
    }),
  ),
});

const variantFixtureSchema = z.object({
  id: z.string().min(1),
  sku: z.string().min(1),
  priceCents: z.number().int().nonnegative(),
  salePriceCents: z.number().int().nonnegative().default(0),
  onSale: z.boolean().default(false),
  qtyInStock: z.number().int().nonnegative().default(0),
  unlimited: z.boolean().default(false),
  attributes: z.record(z.string(), z.string()).default({}),
});

export const productFixtureSchema = z.object({
  id: z.string().min(1),
  collectionId: z.string().min(1),
  urlId: z.string().min(1),
  title: z.string().min(1),
  productType: z.number().int().min(1).max(5),
  excerpt: z.string().default(''),
  body: z.string().default(''),
  additionalFieldsFormId: z.string().optional(),
  displayOrder: z.number().int().default(0),
  data: jsonObject.default({}),
  variants: z.array(variantFixtureSchema).min(1),
  images: z.array(
    z.object({
      id: z.string().min(1),
      assetUrl: z.string().min(1),
      originalSize: z.string().regex(/^\d+x\d+$/),
      altText: z.string().default(''),
    }),
  ),
  /** A digital product's file: its name in the seed folder (what the buyer's download is called) and its type. */
  downloadFile: z.object({ file: z.string().regex(/^[a-z0-9][a-z0-9._-]*$/), contentType: z.string().min(1) }).optional(),
});

export const formFixtureSchema = z
  .object({ id: z.string().min(1), name: z.string().min(1), fields: z.array(jsonObject) })
  .passthrough();

export const contentFixtureSchema = z.object({
  id: z.string().min(1),
  collectionId: z.string().min(1),
  urlId: z.string().min(1),
  title: z.string().min(1),
  recordType: z.number().int(),
  excerpt: z.string().default(''),
  body: z.string().default(''),
  displayOrder: z.number().int().default(0),
  data: jsonObject.default({}),
});

/** A demo discount code, made in the store's currency when seeded, applying at once, without a limit. */
export const discountCodeFixtureSchema = z.object({
  id: z.string().min(1),
  code: z.string().refine((code) => isDiscountCodeShape(code)),
  kind: z.enum(DISCOUNT_KINDS),
  percentBasisPoints: z.number().int().min(0).max(WHOLE_IN_BASIS_POINTS).default(0),
  amountCents: z.number().int().nonnegative().default(0),
  minimumSubtotalCents: z.number().int().nonnegative().default(0),
});

export type SiteFixture = z.infer<typeof siteFixtureSchema>;
export type ProductFixture = z.infer<typeof productFixtureSchema>;
export type FormFixture = z.infer<typeof formFixtureSchema>;
export type ContentFixture = z.infer<typeof contentFixtureSchema>;
