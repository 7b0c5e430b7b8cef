// @vitest-environment jsdom
/**
 * The product page's gallery turns to a picked variant's own image (the add-to-cart island says
 * which, client/lib/variant-image.ts); a variant without one leaves the photo shown, and another
 * product's variants never move it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import AddToCart, { type AddToCartVariant } from '../../client/islands/AddToCart.tsx';
import Gallery from '../../client/islands/Gallery.tsx';
import { GALLERY } from '../../client/lib/messages.ts';
import { showVariantImage } from '../../client/lib/variant-image.ts';

afterEach(cleanup);

const variant = (id: string, colour: string, imageUrl: string | null): AddToCartVariant => ({
  id, sku: `SKU-${id}`, attributes: { Colour: colour }, qtyInStock: 5, unlimited: false, priceCents: 2500, imageUrl,
});

const photos = ['/uploads/blue.jpg', '/uploads/green.jpg', '/uploads/red.jpg'].map((src) => ({ src, alt: '', width: 800, height: 600 }));

const position = (): string => document.querySelector('.gallery__position')!.textContent!;

describe('a variant with an image of its own', () => {
  it('turns the product page\'s gallery to that photo when picked', () => {
    render(
      <>
        <Gallery id="product-gallery-p1" images={photos} options={{ design: 'slideshow', controls: true, thumbnails: true }} productId="p1" />
        <AddToCart itemId="p1" productName="Jacket" productType={1} currency="USD"
          variantOptions={[{ name: 'Colour', values: ['Blue', 'Green', 'Red'] }]}
          variants={[variant('v1', 'Blue', null), variant('v2', 'Green', '/uploads/green.jpg'), variant('v3', 'Red', '/uploads/red.jpg')]} />
      </>,
    );
    expect(position()).toBe(GALLERY.slide(1, 3));
    const colour = screen.getByLabelText('Colour', { selector: 'select' });
    fireEvent.change(colour, { target: { value: 'Red' } });
    expect(position()).toBe(GALLERY.slide(3, 3));
    expect(screen.getByRole('button', { name: GALLERY.thumbnail(3) }).getAttribute('aria-current')).toBe('true');
    fireEvent.change(colour, { target: { value: 'Green' } });
    expect(position()).toBe(GALLERY.slide(2, 3));
    // none of its own: the photo shown stays
    fireEvent.change(colour, { target: { value: 'Blue' } });
    expect(position()).toBe(GALLERY.slide(2, 3));
    // another product's variant on the same page leaves this gallery alone
    showVariantImage('p2', '/uploads/red.jpg');
    expect(position()).toBe(GALLERY.slide(2, 3));
  });
});
