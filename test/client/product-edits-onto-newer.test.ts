/**
 * The owner's unsaved edits laid over a product someone else saved meanwhile: the owner's value
 * where the owner changed a field, the newer one elsewhere, fields both changed named, and
 * variants and images added, removed or reordered on either side kept rather than lost.
 */
import { describe, expect, it } from 'vitest';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import type { ProductForm, VariantForm } from '../../client/admin/screens/ProductEditor.tsx';
import { editsOntoNewer } from '../../client/admin/screens/product-edits-onto-newer.ts';

const variant = (id: string, changes: Partial<VariantForm> = {}): VariantForm => ({
  key: `k-${id}`, id, values: [id], sku: `SKU-${id}`, price: '10.00', salePrice: '', onSale: false, stock: '3', loadedStock: 3,
  unlimited: false, loadedUnlimited: false, weight: '0', ...changes,
});
const form = (changes: Partial<ProductForm> = {}): ProductForm => ({
  title: 'Mug', description: 'Stoneware.', excerpt: '', urlSlug: 'mug', productType: 'physical', visible: true, featured: false, categories: '', tags: '',
  options: 'Size', additionalFieldsFormId: '', images: [{ id: 'i1', assetUrl: '/uploads/i1.png', altText: 'Mug' }],
  variants: [variant('a'), variant('b')], ...changes,
});
// the newer form is read afresh: its variants have keys of their own
const fresh = (list: VariantForm[]) => list.map((item) => ({ ...item, key: `new-${item.id}` }));

describe('the owner\'s edits over the newer product', () => {
  it('keeps the owner\'s changed fields, takes the newer ones elsewhere, and names those both changed', () => {
    const loaded = form();
    const mine = form({ title: 'My mug', excerpt: 'Mine', variants: [variant('a', { price: '12.00' }), variant('b')] });
    const newer = form({ title: 'Their mug', description: 'Glazed.', variants: fresh([variant('a'), variant('b', { price: '9.00' })]) });
    const { form: merged, bothChanged } = editsOntoNewer(mine, loaded, newer);
    expect([merged.title, merged.description, merged.excerpt]).toEqual(['My mug', 'Glazed.', 'Mine']);
    expect(merged.variants.map((item) => [item.id, item.price])).toEqual([['a', '12.00'], ['b', '9.00']]);
    // the owner's rows keep their keys, so the focus and React's rows stay put
    expect(merged.variants.map((item) => item.key)).toEqual(['k-a', 'k-b']);
    expect(bothChanged).toEqual([ADMIN.title]);
  });

  it('keeps a typed count only where the store still has the count it was typed over, with the newer count as loaded', () => {
    const loaded = form();
    const mine = form({ variants: [variant('a', { stock: '10' }), variant('b', { stock: '7' })] });
    const newer = form({ variants: fresh([variant('a', { stock: '2', loadedStock: 2 }), variant('b')]) });
    const { form: merged, bothChanged } = editsOntoNewer(mine, loaded, newer);
    expect(merged.variants.map((item) => [item.stock, item.loadedStock])).toEqual([['2', 2], ['7', 3]]);
    expect(bothChanged).toEqual([ADMIN.stock]);
  });

  it('takes the variants added and removed elsewhere when the owner kept the list, and brings back one removed there that the owner edited', () => {
    const loaded = form({ variants: [variant('a'), variant('b'), variant('c')] });
    const mine = form({ variants: [variant('a'), variant('b'), variant('c', { price: '15.00' })] });
    const newer = form({ variants: fresh([variant('a'), variant('d')]) });
    const { form: merged, bothChanged } = editsOntoNewer(mine, loaded, newer);
    // b removed elsewhere and left alone by the owner goes; c, edited by the owner, comes back as a new variant
    expect(merged.variants.map((item) => [item.id, item.sku, item.price])).toEqual([['a', 'SKU-a', '10.00'], ['d', 'SKU-d', '10.00'], [undefined, 'SKU-c', '15.00']]);
    expect(bothChanged).toEqual([ADMIN.variants]);
  });

  it('keeps the owner\'s reordered list, with the variants added elsewhere after it', () => {
    const loaded = form();
    const mine = form({ variants: [variant('b'), variant('a'), { ...variant('new'), id: undefined, loadedStock: undefined, loadedUnlimited: undefined }] });
    const newer = form({ variants: fresh([variant('a', { weight: '250' }), variant('b'), variant('d')]) });
    const { form: merged } = editsOntoNewer(mine, loaded, newer);
    expect(merged.variants.map((item) => [item.id, item.weight])).toEqual([['b', '0'], ['a', '250'], [undefined, '0'], ['d', '0']]);
  });

  it('takes the newer images unless the owner changed them; then keeps the owner\'s order with those added elsewhere and without those deleted there', () => {
    const two = [{ id: 'i1', assetUrl: '/uploads/i1.png', altText: 'Mug' }, { id: 'i2', assetUrl: '/uploads/i2.png', altText: 'Handle' }];
    const loaded = form({ images: two });
    const uploaded = { id: 'i3', assetUrl: '/uploads/i3.png', altText: 'Base' };
    expect(editsOntoNewer(form({ images: two }), loaded, form({ images: [...two, uploaded] })).form.images).toEqual([...two, uploaded]);

    const reordered = [{ ...two[1]!, altText: 'The handle' }, two[0]!];
    const { form: merged, bothChanged } = editsOntoNewer(form({ images: reordered }), loaded, form({ images: [two[1]!, uploaded] }));
    expect(merged.images).toEqual([reordered[0], uploaded]);
    expect(bothChanged).toEqual([ADMIN.images]);
  });
});
