// @vitest-environment jsdom
/**
 * Photos chosen for a new product before its first save: shown at once with their alt text and
 * order, sent by the save that creates the product, a refused one kept beside its reason, and
 * leaving before they are sent asks first.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { IMAGE_TOO_LARGE, MAX_IMAGE_BYTES } from '../../client/lib/image-upload-limits.ts';
import { ProductEditor } from '../../client/admin/screens/ProductEditor.tsx';
import { mayLeave } from '../../client/admin/unsaved-changes.ts';
import { scriptFetch, settle, type FetchCall } from './helpers.ts';
import { withAdminSession } from './admin-session.ts';

withAdminSession();

const product = {
  id: 'p9', title: 'Jacket', description: '', excerpt: '', productType: 'physical', urlSlug: 'jacket', visible: true, categories: [], tags: [],
  variantOptions: [], additionalFieldsFormId: null, images: [], revision: 1,
  variants: [{ id: 'v1', sku: 'J-1', priceCents: 1250, salePriceCents: 0, onSale: false, qtyInStock: 4, unlimited: false, weightGrams: 0, attributes: {} }],
};

const photo = (name: string, bytes = 3) => new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' });

/** The upload call answers each photo by its name: front and back are stored, notes.jpg is not an image, lost.jpg loses its connection. */
function scriptNewProduct() {
  let stored = 0;
  const addresses = new Map<string, string>();
  return scriptFetch([
    { method: 'GET', path: /\/api\/admin\/(messages\/forms|settings)/, answer: { body: { forms: [], settings: { currency: 'USD' } } } },
    { method: 'POST', path: '/api/admin/products', answer: { status: 201, body: { product } } },
    { method: 'POST', path: '/api/admin/products/p9/images', answer: (call: FetchCall) => {
      const file = (call.body as FormData).get('image') as File;
      if (file.name === 'notes.jpg') return { status: 415, body: { message: ADMIN.server.notAnImage, fieldErrors: { image: ADMIN.server.notAnImage } } };
      if (file.name === 'lost.jpg') return { networkError: true };
      stored += 1;
      const altText = String((call.body as FormData).get('altText'));
      addresses.set(`i-${file.name}`, `/uploads/${String(stored).padStart(24, '0')}.jpg`);
      return { status: 201, body: { image: { id: `i-${file.name}`, assetUrl: addresses.get(`i-${file.name}`), altText }, revision: 1 + stored } };
    } },
    // the save answers the images it was sent, as stored
    { method: 'PUT', path: '/api/admin/products/p9', answer: (call: FetchCall) => {
      const images = (call.body as { images: Array<{ id: string; altText: string }> }).images;
      return { body: { product: { ...product, images: images.map((image) => ({ ...image, assetUrl: addresses.get(image.id) })) } } };
    } },
  ]);
}

const uploads = (calls: FetchCall[]) => calls.filter((call) => call.url.endsWith('/images')).map((call) => {
  const body = call.body as FormData;
  return [(body.get('image') as File).name, body.get('altText')];
});

const rows = () => [...document.querySelectorAll('.admin-images > li')] as HTMLElement[];

describe('images chosen for a new product', () => {
  beforeEach(() => {
    let previews = 0;
    vi.stubGlobal('URL', Object.assign(class extends URL {}, { createObjectURL: () => `blob:preview-${++previews}`, revokeObjectURL: () => {} }));
  });

  it('are shown at once, then sent in their order with their alt text by the save that creates the product', async () => {
    const calls = scriptNewProduct();
    render(<ProductEditor productId={null} navigate={() => {}} canEdit />);
    await settle();
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Jacket' } });
    fireEvent.change(screen.getByLabelText(ADMIN.uploadImages), { target: { files: [photo('front.jpg'), photo('back.jpg')] } });
    // shown from the files, nothing sent yet
    expect(rows().map((row) => row.querySelector('img')!.getAttribute('src'))).toEqual(['blob:preview-1', 'blob:preview-2']);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    expect(within(rows()[0]!).getByText(ADMIN.imageWaitsForSave)).toBeTruthy();
    // the owner puts the back first and describes the front
    fireEvent.click(within(rows()[1]!).getByRole('button', { name: ADMIN.moveUp }));
    fireEvent.change(within(rows()[1]!).getByLabelText(ADMIN.altText), { target: { value: 'The front' } });

    fireEvent.click(screen.getByRole('button', { name: ADMIN.save }));
    await settle();
    await settle();
    const created = calls.find((call) => call.method === 'POST' && call.url === '/api/admin/products')!;
    // the product itself knows no waiting photo
    expect((created.body as { images: unknown[] }).images).toEqual([]);
    expect(uploads(calls)).toEqual([['back.jpg', ''], ['front.jpg', 'The front']]);
    expect(rows().map((row) => row.querySelector('img')!.getAttribute('src'))).toEqual([
      '/uploads/000000000000000000000001.jpg?format=300w', '/uploads/000000000000000000000002.jpg?format=300w',
    ]);
    expect(screen.getByRole('status').textContent).toBe(ADMIN.productSavedImagesUploaded(2));
    // everything chosen is stored: nothing is left to ask about
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    expect(mayLeave()).toBe(true);
    expect(confirm).not.toHaveBeenCalled();
    // the next save writes the images in their order with their alt text
    fireEvent.click(screen.getByRole('button', { name: ADMIN.save }));
    await settle();
    expect((calls.find((call) => call.method === 'PUT')!.body as { images: unknown[] }).images)
      .toEqual([{ id: 'i-back.jpg', altText: '' }, { id: 'i-front.jpg', altText: 'The front' }]);
  });

  it('keeps a photo the store refuses, or one too large, beside its reason, while the product and the others are saved', async () => {
    const calls = scriptNewProduct();
    render(<ProductEditor productId={null} navigate={() => {}} canEdit />);
    await settle();
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Jacket' } });
    fireEvent.change(screen.getByLabelText(ADMIN.uploadImages), {
      target: { files: [photo('front.jpg'), photo('notes.jpg'), photo('huge.jpg', MAX_IMAGE_BYTES + 1), photo('lost.jpg')] },
    });
    // too large is said at once, beside the photo
    expect(within(rows()[2]!).getByRole('alert').textContent).toBe(IMAGE_TOO_LARGE);
    fireEvent.click(screen.getByRole('button', { name: ADMIN.save }));
    await settle();
    await settle();
    // the one too large is never sent
    expect(uploads(calls).map(([name]) => name)).toEqual(['front.jpg', 'notes.jpg', 'lost.jpg']);
    expect(rows()).toHaveLength(4);
    expect(within(rows()[1]!).getByRole('alert').textContent).toBe(ADMIN.server.notAnImage);
    expect(within(rows()[3]!).getByRole('alert').textContent).toBe(ADMIN.imageUploadBroken('lost.jpg'));
    const saved = [...document.querySelectorAll('.admin-notice')].map((notice) => notice.textContent);
    expect(saved).toContain(ADMIN.productSavedImagesRefused(3));
    // only a photo whose connection failed may be sent again
    expect(within(rows()[1]!).queryByRole('button', { name: ADMIN.uploadAgain('notes.jpg') })).toBeNull();
    expect(within(rows()[3]!).getByRole('button', { name: ADMIN.uploadAgain('lost.jpg') })).toBeTruthy();
    // the photos not stored keep the form unsaved: leaving asks
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    expect(mayLeave()).toBe(false);
    expect(confirm).toHaveBeenCalledWith(ADMIN.unsavedChanges);

    // a save now keeps them in their places and sends none of them as stored images
    fireEvent.click(screen.getByRole('button', { name: ADMIN.save }));
    await settle();
    const put = calls.find((call) => call.method === 'PUT')!;
    expect((put.body as { images: Array<{ id: string }> }).images.map((image) => image.id)).toEqual(['i-front.jpg']);
    expect(rows()).toHaveLength(4);
    // removed, the refused ones leave nothing unsaved
    for (let removed = 0; removed < 3; removed += 1) fireEvent.click(within(rows()[rows().length - 1]!).getByRole('button', { name: ADMIN.removeImage }));
    expect(rows()).toHaveLength(1);
    expect(mayLeave()).toBe(true);
  });
});
