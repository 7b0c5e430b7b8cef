// @vitest-environment jsdom
/**
 * The download file of a digital product in the product editor: shown only for a digital
 * product, with the current file's name and size; a chosen file is uploaded at once and shown,
 * one over 100 MB is refused before any of it is sent, the server's refusal is said under the
 * field, and Remove takes the file away.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { MAX_PRODUCT_FILE_BYTES, productFileTooLarge } from '../../client/lib/product-file-limits.ts';
import { ProductEditor } from '../../client/admin/screens/ProductEditor.tsx';
import { scriptFetch, settle, type ScriptedAnswer } from './helpers.ts';
import { withAdminSession } from './admin-session.ts';

withAdminSession();

const guide = (productType: string, file: unknown) => ({
  id: 'p1', title: 'Field Guide', description: '', excerpt: '', productType, urlSlug: 'guide', visible: true, categories: [], tags: [],
  variantOptions: [], additionalFieldsFormId: null, images: [], file,
  variants: [{ id: 'v1', sku: 'G-1', priceCents: 1200, salePriceCents: 0, onSale: false, qtyInStock: 0, unlimited: true, weightGrams: 0, attributes: {} }],
});

const stored = { fileName: 'guide.pdf', byteSize: 2.5 * 1024 * 1024, uploadedOn: 0 };

function scriptGuide(product: ReturnType<typeof guide>, upload: ScriptedAnswer = { status: 201, body: { file: { fileName: 'new guide.pdf', byteSize: 2048, uploadedOn: 1 } } }) {
  return scriptFetch([
    { method: 'GET', path: /\/api\/admin\/(messages\/forms|settings)/, answer: { body: { forms: [], settings: { currency: 'USD' } } } },
    { method: 'GET', path: '/api/admin/products/p1', answer: { body: { product } } },
    { method: 'POST', path: '/api/admin/products/p1/file', answer: upload },
    { method: 'DELETE', path: '/api/admin/products/p1/file', answer: { body: { file: null } } },
  ]);
}

const pdf = (bytes?: number) => {
  const file = new File([new Uint8Array([0x25, 0x50, 0x44, 0x46])], 'new guide.pdf', { type: 'application/pdf' });
  if (bytes !== undefined) Object.defineProperty(file, 'size', { value: bytes });
  return file;
};

describe('the download file of a product', () => {
  it('is not offered for a product that is not digital', async () => {
    scriptGuide(guide('physical', null));
    render(<ProductEditor productId="p1" navigate={() => {}} canEdit />);
    await settle();
    expect(screen.queryByRole('heading', { name: ADMIN.downloadFile })).toBeNull();
    expect(screen.queryByLabelText(ADMIN.downloadFileChoose)).toBeNull();
  });

  it('shows the current file with its size, replaces it with a chosen file at once, and removes it', async () => {
    const calls = scriptGuide(guide('digital', stored));
    render(<ProductEditor productId="p1" navigate={() => {}} canEdit />);
    await settle();
    expect(screen.getByRole('heading', { name: ADMIN.downloadFile })).toBeTruthy();
    expect(screen.getByText('guide.pdf (2.5 MB)')).toBeTruthy();

    fireEvent.change(screen.getByLabelText(ADMIN.downloadFileReplace), { target: { files: [pdf()] } });
    await settle();
    const uploads = calls.filter((call) => call.method === 'POST');
    expect(uploads.map((call) => call.url)).toEqual(['/api/admin/products/p1/file']);
    expect(((uploads[0]!.body as FormData).get('file') as File).name).toBe('new guide.pdf');
    expect(screen.getByText('new guide.pdf (2.0 KB)')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(ADMIN.downloadFileUploaded('new guide.pdf'));

    fireEvent.click(screen.getByRole('button', { name: ADMIN.downloadFileRemove }));
    await settle();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual(['/api/admin/products/p1/file']);
    expect(screen.getByText(ADMIN.downloadFileNone)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(ADMIN.downloadFileRemoved);
    expect(screen.queryByRole('button', { name: ADMIN.downloadFileRemove })).toBeNull();
  });

  it('refuses a file over 100 MB before sending it, and says the server\'s refusal under the field', async () => {
    const calls = scriptGuide(guide('digital', null), { status: 409, body: { message: ADMIN.server.productFileNotDigital } });
    render(<ProductEditor productId="p1" navigate={() => {}} canEdit />);
    await settle();
    expect(screen.getByText(ADMIN.downloadFileNone)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(ADMIN.downloadFileChoose), { target: { files: [pdf(MAX_PRODUCT_FILE_BYTES + 1)] } });
    await settle();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    expect(screen.getByRole('alert').textContent).toBe(productFileTooLarge());
    expect(productFileTooLarge()).toBe('The file is larger than 100 MB, the most a download may be.');

    fireEvent.change(screen.getByLabelText(ADMIN.downloadFileChoose), { target: { files: [pdf()] } });
    await settle();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    expect(screen.getByRole('alert').textContent).toBe(ADMIN.server.productFileNotDigital);
  });
});
