import type { VariantRecord } from '../db/catalogue-repository.ts';

/**
 * The variant's own image, one of its product's (the product page turns to it, its cart line
 * shows it); undefined where it has none (null: the product's first stands for it) or that image
 * is no longer the product's.
 */
export function variantImage<T extends { id: string }>(images: readonly T[], variant: Pick<VariantRecord, 'imageId'>): T | undefined {
  return variant.imageId === null ? undefined : images.find((image) => image.id === variant.imageId);
}
