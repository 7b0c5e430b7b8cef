// @vitest-environment jsdom
/**
 * What the product editor says before and after the owner acts: a sale price that shoppers will
 * not see while On sale is unticked, the product's page in the shop (closed to shoppers while the
 * product is hidden), and an image upload, which replaces an earlier save's notice,
 * shows how far it has gone, keeps what is typed meanwhile and can be sent again when it fails;
 * a file over the size limit is refused before any of it is sent.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { IMAGE_TOO_LARGE, MAX_IMAGE_BYTES } from '../../client/lib/image-upload-limits.ts';
import { ProductEditor } from '../../client/admin/screens/ProductEditor.tsx';
import { scriptFetch, settle, type FetchCall, type ScriptedAnswer } from './helpers.ts';
import { withAdminSession } from './admin-session.ts';

withAdminSession();

const product = (variant: Record<string, unknown> = {}) => ({
  id: 'p1', title: 'Jacket', description: '', excerpt: '', productType: 'physical', urlSlug: 'jacket', visible: true, categories: [], tags: [],
  variantOptions: [], additionalFieldsFormId: null, images: [],
  variants: [{ id: 'v1', sku: 'J-1', priceCents: 1250, salePriceCents: 0, onSale: false, qtyInStock: 4, unlimited: false, weightGrams: 0, attributes: {}, ...variant }],
});

const image = { id: 'i1', assetUrl: '/uploads/0123456789abcdef01234567.jpg', altText: '' };

function scriptProduct(stored: ReturnType<typeof product>, upload: ScriptedAnswer | ((call: FetchCall) => ScriptedAnswer) = { status: 201, body: { image } }) {
  return scriptFetch([
    { method: 'GET', path: /\/api\/admin\/(messages\/forms|settings)/, answer: { body: { forms: [], settings: { currency: 'USD' } } } },
    { method: 'GET', path: '/api/admin/products/p1', answer: { body: { product: stored } } },
    { method: 'PUT', path: '/api/admin/products/p1', answer: { body: { product: stored } } },
    { method: 'POST', path: '/api/admin/products/p1/images', answer: upload },
  ]);
}

/** The hint tied to a field by aria-describedby, or null. */
function hintOf(field: HTMLElement): string | null {
  const ids = (field.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  const hint = ids.map((id) => document.getElementById(id)).find((element) => element?.classList.contains('admin-hint'));
  return hint?.textContent ?? null;
}

describe('a sale price while On sale is unticked', () => {
  it('is said, beside the field, to be kept but not shown to shoppers, until On sale is ticked', async () => {
    scriptProduct(product({ salePriceCents: 900, onSale: false }));
    render(<ProductEditor productId="p1" navigate={() => {}} canEdit />);
    await settle();
    const variant = within(screen.getByRole('group', { name: 'Variant 1' }));
    const salePrice = variant.getByLabelText(ADMIN.salePrice);
    expect(hintOf(salePrice)).toBe(ADMIN.salePriceNotOnSaleHint);
    // the owner may be preparing a sale: nothing is ticked for them
    const onSale = variant.getByLabelText(ADMIN.onSale) as HTMLInputElement;
    expect(onSale.checked).toBe(false);

    fireEvent.click(onSale);
    expect(hintOf(salePrice)).toBeNull();
    fireEvent.click(onSale);
    expect(hintOf(salePrice)).toBe(ADMIN.salePriceNotOnSaleHint);
    // no sale price (empty, or 0, which is none): nothing to keep, nothing said
    fireEvent.change(salePrice, { target: { value: '' } });
    expect(hintOf(salePrice)).toBeNull();
    fireEvent.change(salePrice, { target: { value: '0' } });
    expect(hintOf(salePrice)).toBeNull();
    fireEvent.change(salePrice, { target: { value: '8.50' } });
    expect(hintOf(salePrice)).toBe(ADMIN.salePriceNotOnSaleHint);
  });

  it('says nothing of a product on sale or without a sale price', async () => {
    scriptProduct(product({ salePriceCents: 900, onSale: true }));
    render(<ProductEditor productId="p1" navigate={() => {}} canEdit />);
    await settle();
    expect(screen.queryByText(ADMIN.salePriceNotOnSaleHint)).toBeNull();
  });
});

describe('the link to the product in the shop', () => {
  it('is given for a visible product; a hidden one is said to be closed to shoppers, with no link to a page not found', async () => {
    scriptProduct(product());
    const shown = render(<ProductEditor productId="p1" navigate={() => {}} canEdit />);
    await settle();
    expect(screen.getByRole('link', { name: '/shop/p/jacket' }).getAttribute('href')).toBe('/shop/p/jacket');
    shown.unmount();

    scriptProduct({ ...product(), visible: false });
    render(<ProductEditor productId="p1" navigate={() => {}} canEdit />);
    await settle();
    expect(screen.queryByRole('link', { name: '/shop/p/jacket' })).toBeNull();
    expect(screen.getByText(ADMIN.hiddenProductPage('/shop/p/jacket'))).toBeTruthy();
  });
});

describe('an image upload', () => {
  const photo = () => new File([new Uint8Array([0xff, 0xd8, 0xff])], 'photo.jpg', { type: 'image/jpeg' });

  it('says the image was uploaded, in place of the last save\'s notice', async () => {
    const calls = scriptProduct(product());
    render(<ProductEditor productId="p1" navigate={() => {}} canEdit />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: ADMIN.save }));
    await settle();
    expect(screen.getByRole('status').textContent).toBe(ADMIN.productSaved);

    fireEvent.change(screen.getByLabelText(ADMIN.uploadImage), { target: { files: [photo()] } });
    await settle();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual(['/api/admin/products/p1/images']);
    expect(screen.getByRole('status').textContent).toBe(ADMIN.imageUploaded('photo.jpg'));
    expect(screen.queryByText(ADMIN.productSaved)).toBeNull();
    // an image without alt text yet is presentational: found by its element
    // its thumbnail is a resized copy of the upload (editor-thumbnail.ts), not the original
    expect(document.querySelector('.admin-images img')!.getAttribute('src')).toBe(`${image.assetUrl}?format=300w`);
  });

  it('leaves no earlier "Product saved." beside a refused upload, whose reason is under the field', async () => {
    scriptProduct(product(), { status: 415, body: { message: ADMIN.server.notAnImage, fieldErrors: { image: ADMIN.server.notAnImage } } });
    render(<ProductEditor productId="p1" navigate={() => {}} canEdit />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: ADMIN.save }));
    await settle();
    expect(screen.getByRole('status').textContent).toBe(ADMIN.productSaved);

    fireEvent.change(screen.getByLabelText(ADMIN.uploadImage), { target: { files: [photo()] } });
    await settle();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe(ADMIN.server.notAnImage);
  });

  it('shows how far the photo has gone, and keeps what is typed while it goes', async () => {
    let arrive = () => {};
    scriptProduct(product(), { status: 201, body: { image }, after: new Promise<void>((resolve) => { arrive = resolve; }) });
    render(<ProductEditor productId="p1" navigate={() => {}} canEdit />);
    await settle();
    fireEvent.change(screen.getByLabelText(ADMIN.uploadImage), { target: { files: [photo()] } });
    await settle();
    const progress = screen.getByRole('progressbar', { name: ADMIN.imageUploadProgress('photo.jpg') }) as HTMLProgressElement;
    // the scripted request reports the whole photo sent, then waits for its answer
    expect(progress.value).toBe(1);
    expect((screen.getByLabelText(ADMIN.uploadImage) as HTMLInputElement).disabled).toBe(true);
    // on a slow connection the owner goes on with the form
    fireEvent.change(screen.getByLabelText(ADMIN.title), { target: { value: 'Harbour Jacket' } });

    arrive();
    await settle();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect((screen.getByLabelText(ADMIN.title) as HTMLInputElement).value).toBe('Harbour Jacket');
    // its thumbnail is a resized copy of the upload (editor-thumbnail.ts), not the original
    expect(document.querySelector('.admin-images img')!.getAttribute('src')).toBe(`${image.assetUrl}?format=300w`);
  });

  it('says a lost connection under the field and sends the same photo again on request, the form as it was', async () => {
    let connected = false;
    const calls = scriptProduct(product(), () => (connected ? { status: 201, body: { image } } : { networkError: true }));
    render(<ProductEditor productId="p1" navigate={() => {}} canEdit />);
    await settle();
    fireEvent.change(screen.getByLabelText(ADMIN.title), { target: { value: 'Harbour Jacket' } });
    fireEvent.change(screen.getByLabelText(ADMIN.uploadImage), { target: { files: [photo()] } });
    await settle();
    expect(screen.getByRole('alert').textContent).toBe(ADMIN.imageUploadBroken('photo.jpg'));
    expect((screen.getByLabelText(ADMIN.title) as HTMLInputElement).value).toBe('Harbour Jacket');

    connected = true;
    fireEvent.click(screen.getByRole('button', { name: ADMIN.uploadAgain('photo.jpg') }));
    await settle();
    const uploads = calls.filter((call) => call.method === 'POST');
    expect(uploads).toHaveLength(2);
    expect(((uploads[1]!.body as FormData).get('image') as File).name).toBe('photo.jpg');
    expect(screen.getByRole('status').textContent).toBe(ADMIN.imageUploaded('photo.jpg'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: ADMIN.uploadAgain('photo.jpg') })).toBeNull();
    expect((screen.getByLabelText(ADMIN.title) as HTMLInputElement).value).toBe('Harbour Jacket');
  });

  it('offers no second try of a file the store refuses for what it is (a HEIC photo)', async () => {
    scriptProduct(product(), { status: 415, body: { message: ADMIN.server.notAnImage, fieldErrors: { image: ADMIN.server.notAnImage } } });
    render(<ProductEditor productId="p1" navigate={() => {}} canEdit />);
    await settle();
    const heic = new File([new Uint8Array(12)], 'IMG_0001.HEIC', { type: 'image/heic' });
    fireEvent.change(screen.getByLabelText(ADMIN.uploadImage), { target: { files: [heic] } });
    await settle();
    expect(screen.getByRole('alert').textContent).toBe(ADMIN.server.notAnImage);
    expect(screen.queryByRole('button', { name: ADMIN.uploadAgain('IMG_0001.HEIC') })).toBeNull();
  });

  /** A file the size of a phone photo, without allocating its bytes. */
  const photoOf = (bytes: number, name = 'IMG_2041.jpg') => {
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], name, { type: 'image/jpeg' });
    Object.defineProperty(file, 'size', { value: bytes });
    return file;
  };

  it('refuses a file over the limit at once, in the server\'s words, sending nothing and offering no second try', async () => {
    let connected = false;
    const calls = scriptProduct(product(), () => (connected ? { status: 201, body: { image } } : { networkError: true }));
    render(<ProductEditor productId="p1" navigate={() => {}} canEdit />);
    await settle();
    // an earlier upload lost its connection: its "Upload again" goes with the next file chosen
    fireEvent.change(screen.getByLabelText(ADMIN.uploadImage), { target: { files: [photo()] } });
    await settle();
    expect(screen.getByRole('button', { name: ADMIN.uploadAgain('photo.jpg') })).toBeTruthy();
    const sent = () => calls.filter((call) => call.method === 'POST').length;
    expect(sent()).toBe(1);

    connected = true;
    fireEvent.change(screen.getByLabelText(ADMIN.uploadImage), { target: { files: [photoOf(MAX_IMAGE_BYTES + 1)] } });
    await settle();
    expect(sent()).toBe(1);
    expect(IMAGE_TOO_LARGE).toBe('The image is larger than 20 MB.');
    expect(screen.getByRole('alert').textContent).toBe(IMAGE_TOO_LARGE);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('button', { name: /again/ })).toBeNull();
    expect((screen.getByLabelText(ADMIN.uploadImage) as HTMLInputElement).disabled).toBe(false);

    // a 48-megapixel photo of just 20 MB goes
    fireEvent.change(screen.getByLabelText(ADMIN.uploadImage), { target: { files: [photoOf(20 * 1024 * 1024)] } });
    await settle();
    expect(sent()).toBe(2);
    expect(screen.getByRole('status').textContent).toBe(ADMIN.imageUploaded('IMG_2041.jpg'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says the store is busy with other images under the field, and offers to send the photo again', async () => {
    scriptProduct(product(), { status: 503, body: { message: ADMIN.server.imagesBusy, fieldErrors: { image: ADMIN.server.imagesBusy } } });
    render(<ProductEditor productId="p1" navigate={() => {}} canEdit />);
    await settle();
    fireEvent.change(screen.getByLabelText(ADMIN.uploadImage), { target: { files: [photo()] } });
    await settle();
    expect(screen.getByRole('alert').textContent).toBe(ADMIN.server.imagesBusy);
    expect(screen.getByRole('button', { name: ADMIN.uploadAgain('photo.jpg') })).toBeTruthy();
  });
});

describe('the Featured box', () => {
  it('shows the stored mark, says where featured products show, and sends the box ticked', async () => {
    const calls = scriptProduct({ ...product(), featured: false } as ReturnType<typeof product>);
    render(<ProductEditor productId="p1" navigate={() => {}} canEdit />);
    await settle();
    const featured = screen.getByLabelText(ADMIN.featured) as HTMLInputElement;
    expect(featured.checked).toBe(false);
    expect(hintOf(featured)).toBe(ADMIN.featuredHint);
    fireEvent.click(featured);
    fireEvent.click(screen.getByRole('button', { name: ADMIN.save }));
    await settle();
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ featured: true });
  });
});
