// @vitest-environment jsdom
/**
 * The product editor on a phone: Save, with the line it says, in the bar that stays at the foot of
 * the window (its height the page's scroll padding, so a focused field stops above it); the photos'
 * thumbnails are small copies of an upload, not the original; the title is counted near its limit.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { MAX_TITLE_LENGTH } from '../../client/lib/product-text-limits.ts';
import { ProductEditor } from '../../client/admin/screens/ProductEditor.tsx';
import { editorThumbnail } from '../../client/admin/editor-thumbnail.ts';
import { SAVE_BAR_HEIGHT } from '../../client/admin/save-bar-clearance.ts';
import { scriptFetch, settle } from './helpers.ts';
import { withAdminSession } from './admin-session.ts';

withAdminSession();
afterEach(() => {
  document.documentElement.style.removeProperty(SAVE_BAR_HEIGHT);
});

const UPLOAD = '/uploads/0123456789abcdef01234567.jpg';
const product = (overrides: Record<string, unknown> = {}) => ({
  id: 'p1', title: 'Jacket', description: '', excerpt: '', productType: 'physical', urlSlug: 'jacket', visible: true, categories: [], tags: [],
  variantOptions: [], additionalFieldsFormId: null, revision: 3,
  images: [
    { id: 'i1', assetUrl: UPLOAD, altText: 'Front' },
    { id: 'i2', assetUrl: 'https://cdn.example.com/jacket.jpg', altText: 'Back' },
    { id: 'i3', assetUrl: '/uploads/0123456789abcdef01234568.gif', altText: 'Spinning' },
  ],
  variants: [{ id: 'v1', sku: 'J-1', priceCents: 1250, salePriceCents: 0, onSale: false, qtyInStock: 4, unlimited: false, weightGrams: 0, attributes: {} }],
  ...overrides,
});

function scriptProduct(save: { status?: number; body: unknown; after?: Promise<unknown> }) {
  return scriptFetch([
    { method: 'GET', path: /\/api\/admin\/(messages\/forms|settings)/, answer: { body: { forms: [], settings: { currency: 'USD' } } } },
    { method: 'GET', path: '/api/admin/products/p1', answer: { body: { product: product() } } },
    { method: 'PUT', path: '/api/admin/products/p1', answer: save },
  ]);
}

function hintOf(field: HTMLElement): string | null {
  const ids = (field.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)).find((element) => element?.classList.contains('admin-hint'))?.textContent ?? null;
}

describe('the product editor on a phone', () => {
  it("keeps Save and the line it says in the bar at the foot of the window, disabled while saving, its height the page's scroll padding", async () => {
    // a bar 61 px tall, measured as the browser draws it
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      return { height: this.classList.contains('admin-save-bar') ? 60.4 : 0, width: 0, top: 0, left: 0, right: 0, bottom: 0, x: 0, y: 0, toJSON: () => ({}) } as DOMRect;
    });
    let answer: (value?: unknown) => void = () => {};
    scriptProduct({ status: 500, body: { message: 'The store could not save the product.' }, after: new Promise((resolve) => { answer = resolve; }) });
    const { unmount } = render(<ProductEditor productId="p1" navigate={() => {}} canEdit />);
    await settle();
    const bar = document.querySelector<HTMLElement>('.admin-save-bar')!;
    expect(bar).not.toBeNull();
    const save = within(bar).getByRole('button', { name: ADMIN.save }) as HTMLButtonElement;
    // the whole of the editor's actions are in it, after every field of the form
    expect(within(bar).getByRole('button', { name: ADMIN.delete })).toBeTruthy();
    expect(bar.closest('form')).not.toBeNull();
    expect(Array.from(bar.closest('form')!.querySelectorAll('input, select, textarea')).every((field) => !bar.contains(field))).toBe(true);
    expect(document.documentElement.style.getPropertyValue(SAVE_BAR_HEIGHT)).toBe('61px');

    fireEvent.click(save);
    await settle();
    // saving: the button says so and is off with the form
    expect(save.textContent).toBe(ADMIN.saving);
    expect(save.closest('fieldset')!.disabled).toBe(true);
    answer();
    await settle();
    // the refusal is said in the bar, beside the button
    expect(within(bar).getByRole('alert').textContent).toContain('The store could not save the product.');
    unmount();
    // gone with the editor, the page keeps no padding for it
    expect(document.documentElement.style.getPropertyValue(SAVE_BAR_HEIGHT)).toBe('');
    vi.restoreAllMocks();
  });

  it('scrolls a field the focus reaches partly under the bar clear of it, and one taller than the room above it to its top', async () => {
    scriptProduct({ body: { product: product() } });
    render(<ProductEditor productId="p1" navigate={() => {}} canEdit />);
    await settle();
    const bar = document.querySelector<HTMLElement>('.admin-save-bar')!;
    // a window 390 px tall, the bar's top at 329
    const boxes = new Map<Element, { top: number; bottom: number }>([[bar, { top: 329, bottom: 390 }]]);
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const box = boxes.get(this) ?? { top: 0, bottom: 0 };
      return { ...box, height: box.bottom - box.top, width: 0, left: 0, right: 0, x: 0, y: box.top, toJSON: () => ({}) } as DOMRect;
    });
    vi.stubGlobal('requestAnimationFrame', (step: FrameRequestCallback) => { step(0); return 0; });
    const scrolled = vi.fn();
    vi.stubGlobal('scrollBy', scrolled);
    const title = screen.getByLabelText(ADMIN.title);
    const description = screen.getByLabelText(ADMIN.description);
    const price = within(screen.getByRole('group', { name: 'Variant 1' })).getByLabelText(ADMIN.price);
    boxes.set(price, { top: 300, bottom: 344 });
    price.focus();
    expect(scrolled).toHaveBeenLastCalledWith({ top: 344 + 8 - 329 });
    // in sight above it: left where it is
    boxes.set(title, { top: 100, bottom: 144 });
    title.focus();
    expect(scrolled).toHaveBeenCalledTimes(1);
    // taller than the room above the bar: its top comes to the window's top
    boxes.set(description, { top: 200, bottom: 700 });
    description.focus();
    expect(scrolled).toHaveBeenLastCalledWith({ top: 200 - 8 });
    // the bar's own buttons are never under it
    within(bar).getByRole('button', { name: ADMIN.save }).focus();
    expect(scrolled).toHaveBeenCalledTimes(2);
    // the phone turned with the focus in the price, which the new layout puts under the bar
    price.focus();
    expect(scrolled).toHaveBeenCalledTimes(3);
    boxes.set(price, { top: 310, bottom: 354 });
    window.dispatchEvent(new Event('resize'));
    expect(scrolled).toHaveBeenCalledTimes(4);
    expect(scrolled).toHaveBeenLastCalledWith({ top: 354 + 8 - 329 });
    vi.restoreAllMocks();
  });

  it("shows an upload's thumbnail from its 300 px copy, the 500 px one on a 3× screen, and a picture without copies as it is", async () => {
    scriptProduct({ body: { product: product() } });
    render(<ProductEditor productId="p1" navigate={() => {}} canEdit />);
    await settle();
    const [upload, external, gif] = Array.from(document.querySelectorAll<HTMLImageElement>('.admin-images img'));
    expect(upload!.getAttribute('src')).toBe(`${UPLOAD}?format=300w`);
    expect(upload!.getAttribute('srcset')).toBe(`${UPLOAD}?format=300w 2x, ${UPLOAD}?format=500w 3x`);
    expect([upload!.width, upload!.height]).toEqual([96, 96]);
    expect(external!.getAttribute('src')).toBe('https://cdn.example.com/jacket.jpg');
    expect(external!.hasAttribute('srcset')).toBe(false);
    expect(gif!.getAttribute('src')).toBe('/uploads/0123456789abcdef01234568.gif');
    expect(gif!.hasAttribute('srcset')).toBe(false);
    // an address with a query of its own, or a name the store does not give, is left alone
    expect(editorThumbnail(`${UPLOAD}?v=2`)).toEqual({ src: `${UPLOAD}?v=2` });
    expect(editorThumbnail('/theme/images/linen-shirt.svg')).toEqual({ src: '/theme/images/linen-shirt.svg' });
  });

  it('counts the title from 180 characters on, so reaching its 200 is never silent', async () => {
    scriptProduct({ body: { product: product() } });
    render(<ProductEditor productId="p1" navigate={() => {}} canEdit />);
    await settle();
    const title = screen.getByLabelText(ADMIN.title) as HTMLInputElement;
    expect(title.maxLength).toBe(MAX_TITLE_LENGTH);
    expect(MAX_TITLE_LENGTH).toBe(200);
    expect(hintOf(title)).toBeNull();
    fireEvent.change(title, { target: { value: 'a'.repeat(179) } });
    expect(hintOf(title)).toBeNull();
    fireEvent.change(title, { target: { value: 'a'.repeat(180) } });
    expect(hintOf(title)).toBe('180 of 200 characters.');
    fireEvent.change(title, { target: { value: 'a'.repeat(200) } });
    expect(hintOf(title)).toBe('200 of 200 characters.');
  });
});
