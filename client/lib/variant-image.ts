/**
 * A product's picked variant showing its own image: the add-to-cart island says which (by the
 * image's address) and the product page's gallery, another island, turns to that photo. One DOM
 * event between the two, named by the product, so two products on a page never move each other's.
 */
const VARIANT_IMAGE_EVENT = 'product:variant-image';

interface VariantImageDetail {
  productId: string;
  src: string;
}

export function showVariantImage(productId: string, src: string): void {
  document.dispatchEvent(new CustomEvent<VariantImageDetail>(VARIANT_IMAGE_EVENT, { detail: { productId, src } }));
}

/** Calls `listener` with each image the product's picked variants show; returns the unsubscribe. */
export function onVariantImage(productId: string, listener: (src: string) => void): () => void {
  const handler = (event: Event): void => {
    const detail = (event as CustomEvent<VariantImageDetail>).detail;
    if (detail?.productId === productId) listener(detail.src);
  };
  document.addEventListener(VARIANT_IMAGE_EVENT, handler);
  return () => document.removeEventListener(VARIANT_IMAGE_EVENT, handler);
}
