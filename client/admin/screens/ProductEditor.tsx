/**
 * Create or edit one product: its fields, options and variants (price, sale price, stock or
 * unlimited, weight; add, reorder, remove), categories and tags, the extra-fields form, images
 * (upload, alt text, order; a new product's wait in the browser for its first save) and delete. The server checks everything and names the fields it
 * refuses; each message is shown under its field.
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { ADMIN } from '../../lib/admin-messages.ts';
import { ADMIN_PATHS } from '../../lib/admin-paths.ts';
import { IMAGE_TOO_LARGE, isImageTooLarge } from '../../lib/image-upload-limits.ts';
import { adminCall, type FieldErrors } from '../admin-api.ts';
import { adminUpload } from '../admin-upload.ts';
import type { Navigate } from '../AdminApp.tsx';
import { CheckboxField, Field, Notice } from '../Field.tsx';
import { centsFromText, integerFromText, textFromCents, withUnreadableAmounts } from '../../lib/money-input.ts';
import { replaceAddress } from '../history-position.ts';
import { useFocusAfterCall } from '../focus-after-call.ts';
import { useSaveBarClearance } from '../save-bar-clearance.ts';
import { editorThumbnail } from '../editor-thumbnail.ts';
import { useRowFocus } from '../row-focus.ts';
import { refusalText, useErrorFocus } from '../refused-save.ts';
import { useStoreCurrency } from '../store-currency.ts';
import { forgetUnsavedChanges, hasEdits, mayLeave, useUnsavedChanges } from '../unsaved-changes.ts';
import { carryNotice, NO_NOTICE, refusedNotice, useCarriedNotice, useClearedOnSignIn } from '../screen-notice.ts';
import { useCall } from '../use-call.ts';
import { useAddressQuery } from '../use-address-query.ts';
import { productsListQuery } from './products-list-query.ts';
import { AdminLink } from '../AdminLink.tsx';
import { ProductFileField, type ProductFile } from './ProductFileField.tsx';
import { editsOntoNewer } from './product-edits-onto-newer.ts';
import { kindTakesStock } from '../../lib/product-stock.ts';
import { hasNoValues, missingCombinations, valuesOf } from './variant-combinations.ts';
import {
  imagesToSend, isPending, pendingImageOf, releasePreview, storedImages, withWaitingImages, type EditorImage, type PendingImage, type StoredImage,
} from './pending-images.ts';
import { DESCRIPTION_COUNT_FROM, MAX_DESCRIPTION_LENGTH, MAX_TITLE_LENGTH, TITLE_COUNT_FROM } from '../../lib/product-text-limits.ts';

const KINDS = ['physical', 'digital', 'service', 'giftCard', 'subscription'] as const;

interface StoredVariant {
  id: string; sku: string; priceCents: number; salePriceCents: number; onSale: boolean; qtyInStock: number; unlimited: boolean; weightGrams: number; attributes: Record<string, string>;
  /** One of the product's images, shown for the variant; null: the product's first (absent from an older server). */
  imageId?: string | null;
}
interface StoredProduct {
  id: string; title: string; description: string; excerpt: string; urlSlug: string; productType: (typeof KINDS)[number]; visible: boolean;
  /** Shown first on the home page (absent from an older server). */
  featured?: boolean;
  categories: string[]; tags: string[]; variantOptions: string[]; additionalFieldsFormId: string | null; variants: StoredVariant[]; images: StoredImage[];
  /** A digital product's download file (absent from an older server). */
  file?: ProductFile | null;
  /** Moved on by each save or image upload; sent back with a save, which is refused if it has moved since (absent from an older server). */
  revision?: number;
}

export interface VariantForm {
  key: string; id?: string; values: string[]; sku: string; price: string; salePrice: string; onSale: boolean; stock: string; unlimited: boolean; weight: string;
  /** A stored variant's count as loaded: sent with the save, so a count left as it was keeps what orders made of it since. */
  loadedStock?: number;
  /** A stored variant's Unlimited switch as loaded: sent with the save, so a switch left alone keeps one made elsewhere since. */
  loadedUnlimited?: boolean;
  /** The id of the product's image the variant shows; empty or absent: the product's first. */
  imageId?: string;
}
export interface ProductForm {
  title: string; description: string; excerpt: string; urlSlug: string; productType: (typeof KINDS)[number]; visible: boolean; featured: boolean;
  categories: string; tags: string; options: string; additionalFieldsFormId: string; variants: VariantForm[];
  /** Stored images, and a new product's photos waiting for its first save (pending-images.ts). */
  images: EditorImage[];
}

let keys = 0;
const newKey = () => `v${++keys}`;

/** As many variants as a product may have (the server's limit, product-input.ts). */
const MAX_VARIANTS = 100;

const EMPTY: ProductForm = {
  title: '', description: '', excerpt: '', urlSlug: '', productType: 'physical', visible: true, featured: false, categories: '', tags: '', options: '',
  additionalFieldsFormId: '', images: [],
  variants: [{ key: 'v0', values: [], sku: '', price: '', salePrice: '', onSale: false, stock: '0', unlimited: false, weight: '0' }],
};

const list = (text: string) => text.split(',').map((item) => item.trim()).filter((item) => item !== '');

function formOf(product: StoredProduct, currency: string): ProductForm {
  return {
    title: product.title, description: product.description, excerpt: product.excerpt, urlSlug: product.urlSlug, productType: product.productType,
    visible: product.visible, featured: product.featured === true, categories: product.categories.join(', '), tags: product.tags.join(', '), options: product.variantOptions.join(', '),
    additionalFieldsFormId: product.additionalFieldsFormId ?? '', images: product.images,
    variants: product.variants.map((variant) => ({
      key: newKey(), id: variant.id, values: product.variantOptions.map((option) => variant.attributes[option] ?? ''), sku: variant.sku,
      // no sale price is shown empty, never as 0.00, which On sale would then sell at
      price: textFromCents(variant.priceCents, currency), salePrice: variant.salePriceCents === 0 ? '' : textFromCents(variant.salePriceCents, currency), onSale: variant.onSale,
      stock: String(variant.qtyInStock), loadedStock: variant.qtyInStock, unlimited: variant.unlimited, loadedUnlimited: variant.unlimited, weight: String(variant.weightGrams),
      imageId: variant.imageId ?? '',
    })),
  };
}

function payloadOf(form: ProductForm, currency: string) {
  const options = list(form.options);
  // a digital product or gift card takes no stock or weight: a new variant is unlimited, a stored one keeps what it holds
  const takesStock = kindTakesStock(form.productType);
  const stored = storedImages(form.images);
  return {
    title: form.title, description: form.description, excerpt: form.excerpt, urlSlug: form.urlSlug, productType: form.productType, visible: form.visible, featured: form.featured,
    categories: list(form.categories), tags: list(form.tags), variantOptions: options,
    additionalFieldsFormId: form.additionalFieldsFormId === '' ? null : form.additionalFieldsFormId,
    variants: form.variants.map((variant) => ({
      ...(variant.id ? { id: variant.id } : {}),
      sku: variant.sku,
      priceCents: centsFromText(variant.price, currency),
      // empty: none (the server refuses it with On sale ticked, under this field)
      salePriceCents: variant.salePrice.trim() === '' ? 0 : centsFromText(variant.salePrice, currency),
      onSale: variant.onSale,
      qtyInStock: takesStock ? integerFromText(variant.stock) : variant.loadedStock ?? 0,
      ...(variant.loadedStock !== undefined ? { qtyInStockWhenLoaded: variant.loadedStock } : {}),
      unlimited: takesStock ? variant.unlimited : variant.loadedUnlimited ?? true,
      ...(variant.loadedUnlimited !== undefined ? { unlimitedWhenLoaded: variant.loadedUnlimited } : {}),
      weightGrams: !takesStock || variant.weight.trim() === '' ? 0 : integerFromText(variant.weight),
      attributes: Object.fromEntries(options.map((option, index) => [option, variant.values[index] ?? ''])),
      // an image the form no longer has (removed, or deleted elsewhere) leaves the variant on the product's first
      imageId: stored.some((image) => image.id === variant.imageId) ? variant.imageId : null,
    })),
    images: storedImages(form.images).map((image) => ({ id: image.id, altText: image.altText })),
  };
}

/**
 * The form with the store's current counts: a count the owner changed whose variant the store
 * still counts as loaded stays as typed (saving it is safe); every other count shows the store's.
 */
function withCurrentStock(form: ProductForm, current: readonly StoredVariant[]): ProductForm {
  const byId = new Map(current.map((variant) => [variant.id, variant]));
  return {
    ...form,
    variants: form.variants.map((variant) => {
      const now = variant.id === undefined ? undefined : byId.get(variant.id);
      if (now === undefined) return variant;
      const count = now.qtyInStock;
      const typedOverLoaded = variant.stock.trim() !== String(variant.loadedStock) && count === variant.loadedStock;
      // a switch the owner flipped stays flipped; one left alone shows the store's
      const unlimited = variant.unlimited !== variant.loadedUnlimited ? variant.unlimited : now.unlimited;
      return { ...variant, stock: typedOverLoaded ? variant.stock : String(count), loadedStock: count, unlimited, loadedUnlimited: now.unlimited };
    }),
  };
}

/** A sale price is typed but On sale is not ticked: saving keeps it, yet shoppers see the full Price (not ticked for the owner, who may be preparing a sale). */
function keptOffSale(variant: VariantForm, currency: string): boolean {
  return !variant.onSale && centsFromText(variant.salePrice, currency) > 0;
}

/**
 * A row's Move up and Move down (a variant's, a photo's), each off at its end of the list;
 * `onMove` gets the row's new position and which of the two was pressed, for the focus to follow.
 */
function MoveButtons({ index, count, onMove }: { index: number; count: number; onMove: (to: number, control: 'move-up' | 'move-down') => void }) {
  return (
    <>
      <button type="button" data-row-control="move-up" disabled={index === 0} onClick={() => onMove(index - 1, 'move-up')}>{ADMIN.moveUp}</button>
      <button type="button" data-row-control="move-down" disabled={index === count - 1} onClick={() => onMove(index + 1, 'move-down')}>{ADMIN.moveDown}</button>
    </>
  );
}

function move<T>(items: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= items.length) return [...items];
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

export function ProductEditor({ productId: openedId, navigate, canEdit }: { productId: string | null; navigate: Navigate; canEdit: boolean }) {
  // a new product gets its id when first saved; the editor stays open on it
  const [productId, setProductId] = useState(openedId);
  const currency = useStoreCurrency();
  // the list's filters and page, carried from the list it was opened from, for the way back to it
  const [address] = useAddressQuery();
  const backToList = `${ADMIN_PATHS.products}${productsListQuery(address)}`;
  const [form, setForm] = useState<ProductForm | null>(productId === null ? EMPTY : null);
  // the form as loaded or last saved: any difference is an unsaved edit
  const [saved, setSaved] = useState<ProductForm | null>(form);
  const [stored, setStored] = useState<StoredProduct | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  // the line by the Save button
  const [notice, setNotice] = useCarriedNotice();
  const [busy, setBusy] = useState(false);
  const [duplicating, setDuplicating] = useState(false);
  // each option's values as typed for "Add every combination" (not saved: the variants hold them)
  const [typedValues, setTypedValues] = useState<Record<string, string>>({});
  const [combinationNotice, setCombinationNotice] = useState<{ text: string; kind: 'info' | 'error' }>({ text: '', kind: 'info' });
  // a save refused because the stock changed meanwhile: the current counts are offered
  const [stockChanged, setStockChanged] = useState(false);
  // the product's revision the form was loaded from, sent with a save; a save refused because
  // someone else saved the product since offers the newer product with the owner's edits kept
  const [revision, setRevision] = useState<number | undefined>(undefined);
  const [productChanged, setProductChanged] = useState(false);
  // as lists do, a load refused because the session had ended asks again once the owner has signed in again
  const opened = useCall<{ product: StoredProduct }>(openedId === null ? null : `/api/admin/products/${encodeURIComponent(openedId)}`);
  const forms = useCall<{ forms: Array<{ id: string; name: string }> }>('/api/admin/messages/forms').data?.forms ?? [];
  // the photo being sent and the share of it sent so far; a photo whose upload failed, to send again
  const [uploading, setUploading] = useState<{ name: string; sent: number } | null>(null);
  const [retryable, setRetryable] = useState<File | null>(null);
  // a new product's photos being sent after its first save: Save waits, so it cannot write the image list under them
  const [sendingImages, setSendingImages] = useState(false);
  // Save, pressed, is disabled while they go: the focus comes back to it rather than to the top of the admin
  const focusAfterSending = useFocusAfterCall(sendingImages);
  // an upload refused as signed out: its line under the field is out of date once signed in again (Upload again stays)
  const [uploadSignedOut, setUploadSignedOut] = useState(false);
  const clearUploadRefusal = useCallback(() => {
    setUploadSignedOut(false);
    setErrors(({ image: _refusal, ...others }) => others);
  }, []);
  useClearedOnSignIn(uploadSignedOut, clearUploadRefusal);
  const [formRef, focusFirstError] = useErrorFocus();
  // Move up, Move down and Remove keep the focus in the list rather than dropping it to the page
  const focusRow = useRowFocus(formRef);
  const saveButton = useRef<HTMLButtonElement>(null);
  const saveBar = useRef<HTMLDivElement>(null);
  useSaveBarClearance(saveBar, form !== null);
  const focusAfterCall = useFocusAfterCall(busy);
  // the upload field is disabled while its photo is sent, and Upload again goes once pressed: the
  // focus comes back to the field rather than to the top of the admin
  const uploadField = useRef<HTMLInputElement>(null);
  const focusAfterUpload = useFocusAfterCall(uploading !== null);
  useUnsavedChanges(form !== null && hasEdits(form, saved));
  // the form as typed, for what finishes after an await (loading the newer product)
  const latestForm = useRef(form);
  latestForm.current = form;
  const show = (product: StoredProduct) => {
    const shown = formOf(product, currency);
    setStored(product);
    setForm(shown);
    setSaved(shown);
    setRevision(product.revision);
  };

  useEffect(() => {
    if (opened.data) show(opened.data.product);
    // loaded once per opened product; the currency only changes how prices are typed
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened.data]);

  if (!form) return <p>{opened.error || ADMIN.loading}</p>;
  const options = list(form.options);
  const takesStock = kindTakesStock(form.productType);
  const update = (change: Partial<ProductForm>) => setForm({ ...form, ...change });
  const updateVariant = (index: number, change: Partial<VariantForm>) =>
    update({ variants: form.variants.map((variant, at) => (at === index ? { ...variant, ...change } : variant)) });
  const error = (name: string) => errors[name];

  /** An option's values: as typed, else those its variants have. */
  const valuesText = (option: string, optionIndex: number) =>
    typedValues[option] ?? valuesOf(form!.variants.map((variant) => variant.values[optionIndex] ?? '').join(',')).join(', ');

  /** Adds the combinations no variant has, priced as the first variant; no row is removed, and only a blank one is filled. */
  function addEveryCombination() {
    const current = form!;
    const names = list(current.options);
    const missing = missingCombinations(names.map((option, index) => valuesOf(valuesText(option, index))), current.variants.map((variant) => variant.values));
    if (missing.length === 0) {
      setCombinationNotice({ text: ADMIN.noCombinationMissing, kind: 'info' });
      return;
    }
    const blank = current.variants.filter((variant) => hasNoValues(variant.values)).length;
    const total = current.variants.length - Math.min(blank, missing.length) + missing.length;
    if (total > MAX_VARIANTS) {
      setCombinationNotice({ text: ADMIN.tooManyCombinations(total, MAX_VARIANTS), kind: 'error' });
      return;
    }
    const queue = [...missing];
    // a blank row takes a combination rather than being left for the save to refuse
    const filled = current.variants.map((variant) => (hasNoValues(variant.values) && queue.length > 0 ? { ...variant, values: queue.shift()! } : variant));
    const first = current.variants[0];
    const added = queue.map((values): VariantForm => ({
      // SKUs are the owner's, or made by the store when left empty
      // unlimited as the first is: a shop that sells a thing without counting sells its new sizes so too
      key: newKey(), values, sku: '', price: first?.price ?? '', salePrice: '', onSale: false, stock: '0', unlimited: first?.unlimited ?? false, weight: first?.weight ?? '0',
    }));
    update({ variants: [...filled, ...added] });
    // the rows added, and apart the blank row that took the first combination
    setCombinationNotice({ text: ADMIN.combinationsAdded(added.length, missing.length - added.length), kind: 'info' });
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    focusAfterCall(saveButton);
    // a description longer than the field takes (one loaded so, or set by a script) is marked here, not sent
    if (form!.description.length > MAX_DESCRIPTION_LENGTH) {
      setErrors({ description: ADMIN.descriptionTooLong(MAX_DESCRIPTION_LENGTH) });
      setNotice({ text: ADMIN.fixErrors, kind: 'error' });
      focusFirstError();
      return;
    }
    setBusy(true);
    setNotice(NO_NOTICE);
    const payload = { ...payloadOf(form!, currency), ...(productId !== null && revision !== undefined ? { revisionWhenLoaded: revision } : {}) };
    const answer = productId === null
      ? await adminCall<{ product: StoredProduct }>('POST', '/api/admin/products', payload)
      : await adminCall<{ product: StoredProduct }>('PUT', `/api/admin/products/${encodeURIComponent(productId)}`, payload);
    setBusy(false);
    if (!answer.ok) {
      // over the server's body limit: the description is what makes a product that large
      const tooLarge: FieldErrors = answer.status === 413 ? { description: ADMIN.productTooLargeToSend } : {};
      setErrors({ ...withUnreadableAmounts(answer.fieldErrors, payload, currency), ...tooLarge });
      // the counts that changed are named in the message itself, not only under their fields
      const changedMeanwhile = answer.status === 409 && Array.isArray(answer.body?.currentStock);
      setStockChanged(changedMeanwhile);
      // saved by someone else since it was loaded: the message says so, and the newer product is offered
      const savedElsewhere = answer.status === 409 && typeof answer.body?.currentRevision === 'number';
      setProductChanged(savedElsewhere);
      setNotice(refusedNotice(answer, changedMeanwhile || savedElsewhere ? answer.message : answer.status === 413 ? ADMIN.fixErrors : refusalText(answer)));
      focusFirstError();
      return;
    }
    setErrors({});
    setStockChanged(false);
    setProductChanged(false);
    const product = answer.data.product;
    show(product);
    // photos not uploaded yet stay in their places: a new product's are sent now, a refused one waits for the owner
    const before = form!.images;
    setForm((last) => last && { ...last, images: withWaitingImages(last.images as StoredImage[], before) });
    setNotice({ text: ADMIN.productSaved, kind: 'info' });
    // the combinations' advice was for before this save
    setCombinationNotice({ text: '', kind: 'info' });
    if (productId === null) {
      setProductId(product.id);
      replaceAddress(`${ADMIN_PATHS.product(product.id)}${productsListQuery(address)}`);
      const waiting = imagesToSend(before);
      // chosen too large: never sent, yet still beside the photo and counted here
      const refusedBefore = before.filter(isPending).length - waiting.length;
      if (waiting.length === 0 && refusedBefore === 0) return;
      const { sent, refused } = await sendWaitingImages(product.id, waiting);
      setNotice(refused + refusedBefore === 0
        ? { text: ADMIN.productSavedImagesUploaded(sent), kind: 'info' }
        : { text: ADMIN.productSavedImagesRefused(refused + refusedBefore), kind: 'error' });
    }
  }

  /**
   * Sends photos chosen before the product existed to the product `id`, one at a time in the
   * form's order, each with the alt text it has as it goes. One removed meanwhile is not sent;
   * one refused stays with the reason beside it (pending-images.ts).
   */
  async function sendWaitingImages(id: string, waiting: readonly PendingImage[]): Promise<{ sent: number; refused: number }> {
    let sent = 0;
    let refused = 0;
    focusAfterSending(saveButton);
    setSendingImages(true);
    for (const chosen of waiting) {
      // as the form is now, with what was typed while the others went
      const image = latestForm.current?.images.find((item) => item.id === chosen.id);
      if (image === undefined || !isPending(image)) continue;
      const name = image.file.name;
      const body = new FormData();
      body.append('image', image.file);
      body.append('altText', image.altText);
      setUploading({ name, sent: 0 });
      setNotice({ text: ADMIN.imageUploading(name), kind: 'info' });
      const answer = await adminUpload<{ image: StoredImage; revision?: number }>(`/api/admin/products/${encodeURIComponent(id)}/images`, body,
        (share) => setUploading({ name, sent: share }));
      setUploading(null);
      if (answer.ok) {
        sent += 1;
        const uploaded = answer.data.image;
        // in its place, with the alt text typed meanwhile (then an edit for the next save)
        setForm((last) => last && { ...last, images: last.images.map((item) => (item.id === chosen.id ? { ...uploaded, altText: item.altText } : item)) });
        setSaved((last) => last && { ...last, images: [...last.images, uploaded] });
        const revisionNow = answer.data.revision;
        setRevision((last) => (last !== undefined && revisionNow === last + 1 ? revisionNow : last));
        releasePreview(image);
      } else {
        refused += 1;
        const reason = answer.status === 0 ? ADMIN.imageUploadBroken(name) : answer.fieldErrors.image ?? answer.fieldErrors.altText ?? answer.message;
        // as for one photo: the file itself refused would be refused again; anything else is worth another try
        const retryable = answer.status === 0 || answer.status === 401 || answer.status >= 500;
        setForm((last) => last && { ...last, images: last.images.map((item) => (item.id === chosen.id ? { ...item, error: reason, retryable } : item)) });
      }
    }
    setSendingImages(false);
    return { sent, refused };
  }

  /** A waiting photo sent again by its own button, once the product exists. */
  async function sendImageAgain(image: PendingImage) {
    if (productId === null) return;
    setForm((last) => last && { ...last, images: last.images.map((item) => (item.id === image.id ? { ...image, error: undefined, retryable: undefined } : item)) });
    const { refused } = await sendWaitingImages(productId, [{ ...image, error: undefined }]);
    setNotice(refused === 0 ? { text: ADMIN.imageUploaded(image.file.name), kind: 'info' } : { text: ADMIN.productSavedImagesRefused(1), kind: 'error' });
  }

  /** The store's counts into the form, keeping every other edit. */
  async function loadCurrentStock() {
    if (productId === null) return;
    const answer = await adminCall<{ product: StoredProduct }>('GET', `/api/admin/products/${encodeURIComponent(productId)}`);
    if (!answer.ok) {
      setNotice(refusedNotice(answer));
      return;
    }
    const current = answer.data.product.variants;
    setForm((last) => last && withCurrentStock(last, current));
    // what was saved is the store's count now, so only a count typed over it is an unsaved edit
    setSaved((last) => last && { ...last, variants: last.variants.map((variant) => {
      const now = current.find((item) => item.id === variant.id);
      return now ? { ...variant, stock: String(now.qtyInStock), loadedStock: now.qtyInStock, unlimited: now.unlimited, loadedUnlimited: now.unlimited } : variant;
    }) });
    setErrors({});
    setStockChanged(false);
    setNotice({ text: ADMIN.stockReloaded, kind: 'info' });
  }

  /**
   * The product as someone else saved it, with the owner's unsaved edits kept over it
   * (product-edits-onto-newer.ts); the next save is made against its revision.
   */
  async function loadNewerVersion() {
    if (productId === null) return;
    const answer = await adminCall<{ product: StoredProduct }>('GET', `/api/admin/products/${encodeURIComponent(productId)}`);
    if (!answer.ok) {
      setNotice(refusedNotice(answer));
      return;
    }
    const newer = formOf(answer.data.product, currency);
    const { form: merged, bothChanged } = editsOntoNewer(latestForm.current!, saved!, newer);
    setStored(answer.data.product);
    setSaved(newer);
    setForm(merged);
    setRevision(answer.data.product.revision);
    setErrors({});
    setProductChanged(false);
    setStockChanged(false);
    setNotice({ text: bothChanged.length > 0 ? ADMIN.productReloadedBothChanged(bothChanged.join(', ')) : ADMIN.productReloaded, kind: 'info' });
    // the button pressed goes with the refusal: the focus waits on Save rather than falling to the page
    saveButton.current?.focus();
  }

  async function remove() {
    if (productId === null || !window.confirm(ADMIN.confirmDelete)) return;
    const answer = await adminCall('DELETE', `/api/admin/products/${encodeURIComponent(productId)}`);
    if (answer.ok) {
      // nothing is left to save
      forgetUnsavedChanges();
      // said on the list, as this screen goes
      carryNotice({ text: ADMIN.productDeletedNamed(stored?.title ?? form!.title), kind: 'info' });
      navigate(backToList);
    } else setNotice(refusedNotice(answer));
  }

  /** A hidden copy made by the server, opened in the editor with what the server says of it (its file not copied…). */
  async function duplicate() {
    // asked first, so the copy is not made for an owner who then stays with unsaved edits
    if (productId === null || !mayLeave()) return;
    setDuplicating(true);
    const answer = await adminCall<{ product: StoredProduct; message: string }>('POST', `/api/admin/products/${encodeURIComponent(productId)}/duplicate`, {});
    setDuplicating(false);
    if (!answer.ok) {
      setNotice(refusedNotice(answer));
      return;
    }
    forgetUnsavedChanges();
    carryNotice({ text: answer.data.message, kind: 'info' });
    navigate(`${ADMIN_PATHS.product(answer.data.product.id)}${productsListQuery(address)}`);
  }

  async function upload(file: File) {
    if (productId === null) return;
    // the marks of a refused save stay: the upload speaks only for its own field
    const withImageError = (message?: string) => setErrors((last) => {
      const { image: _earlier, ...others } = last;
      return message === undefined ? others : { ...others, image: message };
    });
    setRetryable(null);
    // the server would refuse it only once every byte had crossed a phone's connection; sending it again would not help
    if (isImageTooLarge(file.size)) {
      setNotice({ text: '', kind: 'info' });
      withImageError(IMAGE_TOO_LARGE);
      return;
    }
    const body = new FormData();
    body.append('image', file);
    focusAfterUpload(uploadField);
    setUploading({ name: file.name, sent: 0 });
    // an earlier save's "Product saved." would say nothing of the upload
    setNotice({ text: ADMIN.imageUploading(file.name), kind: 'info' });
    const answer = await adminUpload<{ image: StoredImage; revision?: number }>(`/api/admin/products/${encodeURIComponent(productId)}/images`, body,
      (sent) => setUploading({ name: file.name, sent }));
    setUploading(null);
    if (answer.ok) {
      withImageError();
      setNotice({ text: ADMIN.imageUploaded(file.name), kind: 'info' });
      // the image is stored with the product already: only its alt text and place wait for Save;
      // added to the form as it is now, with whatever was typed during the upload
      setForm((last) => last && { ...last, images: [...last.images, answer.data.image] });
      setSaved((last) => last && { ...last, images: [...last.images, answer.data.image] });
      // the upload moved the product's revision on: the one after the form's means nobody else saved
      // in between, so the form saves against it; otherwise its save is refused and offers the newer product
      const uploaded = answer.data.revision;
      setRevision((last) => (last !== undefined && uploaded === last + 1 ? uploaded : last));
    } else {
      // the refusal is said under the upload field
      setNotice({ text: '', kind: 'info' });
      withImageError(answer.status === 0 ? ADMIN.imageUploadBroken(file.name) : answer.fieldErrors.image ?? answer.message);
      setUploadSignedOut(answer.status === 401);
      // a refusal of the file itself (its type, its size) would be refused again; a lost connection,
      // an ended session or a server failure is worth another try with the same photo
      if (answer.status === 0 || answer.status === 401 || answer.status >= 500) setRetryable(file);
    }
  }

  return (
    <section aria-labelledby="editor-title">
      <div className="admin-toolbar">
        <h1 id="editor-title">{productId === null ? ADMIN.newProduct : ADMIN.editProduct}</h1>
        <AdminLink to={backToList} navigate={navigate}>{ADMIN.backToProducts}</AdminLink>
      </div>
      {canEdit ? null : <p className="admin-hint">{ADMIN.readOnlyRole}</p>}
      <form className="admin-form" ref={formRef} onSubmit={save} noValidate>
        <fieldset disabled={!canEdit || busy}>
          {/* stopped at the server's limit, counted near it (as the description is): a paste cut at 200 characters was silent */}
          <Field label={ADMIN.title} error={error('title')}
            hint={form.title.length >= TITLE_COUNT_FROM ? ADMIN.characterCount(form.title.length, MAX_TITLE_LENGTH) : undefined}>
            {(control) => <input {...control} value={form.title} maxLength={MAX_TITLE_LENGTH} onChange={(event) => update({ title: event.target.value })} />}
          </Field>
          {/* stopped at the server's limit here, with the count near it, rather than a whole save refused as too large */}
          <Field label={ADMIN.description} error={error('description')}
            hint={form.description.length >= DESCRIPTION_COUNT_FROM ? ADMIN.characterCount(form.description.length, MAX_DESCRIPTION_LENGTH) : undefined}>
            {(control) => <textarea {...control} rows={5} value={form.description} maxLength={MAX_DESCRIPTION_LENGTH} onChange={(event) => update({ description: event.target.value })} />}
          </Field>
          <Field label={ADMIN.excerpt} error={error('excerpt')}>
            {(control) => <input {...control} value={form.excerpt} onChange={(event) => update({ excerpt: event.target.value })} />}
          </Field>
          <div className="admin-row">
            <Field label={ADMIN.productType} error={error('productType')}>
              {(control) => (
                <select {...control} value={form.productType} onChange={(event) => update({ productType: event.target.value as ProductForm['productType'] })}>
                  {KINDS.map((kind) => <option key={kind} value={kind}>{ADMIN.productTypes[kind]}</option>)}
                </select>
              )}
            </Field>
            <Field label={ADMIN.urlSlug} error={error('urlSlug')}>
              {(control) => <input {...control} value={form.urlSlug} onChange={(event) => update({ urlSlug: event.target.value })} />}
            </Field>
            <CheckboxField label={ADMIN.visible} checked={form.visible} onChange={(visible) => update({ visible })} error={error('visible')} />
            <CheckboxField label={ADMIN.featured} hint={ADMIN.featuredHint} checked={form.featured} onChange={(featured) => update({ featured })} error={error('featured')} />
          </div>
          <div className="admin-row">
            <Field label={ADMIN.categories} hint={ADMIN.commaSeparated} error={error('categories') ?? error('categories.0')}>
              {(control) => <input {...control} value={form.categories} onChange={(event) => update({ categories: event.target.value })} />}
            </Field>
            <Field label={ADMIN.tags} hint={ADMIN.commaSeparated} error={error('tags') ?? error('tags.0')}>
              {(control) => <input {...control} value={form.tags} onChange={(event) => update({ tags: event.target.value })} />}
            </Field>
            <Field label={ADMIN.extraFieldsForm} error={error('additionalFieldsFormId')}>
              {(control) => (
                <select {...control} value={form.additionalFieldsFormId} onChange={(event) => update({ additionalFieldsFormId: event.target.value })}>
                  <option value="">{ADMIN.noForm}</option>
                  {forms.map((option) => <option key={option.id} value={option.id}>{option.name}</option>)}
                  {form.additionalFieldsFormId !== '' && !forms.some((option) => option.id === form.additionalFieldsFormId)
                    ? <option value={form.additionalFieldsFormId}>{form.additionalFieldsFormId}</option> : null}
                </select>
              )}
            </Field>
          </div>
          <Field label={ADMIN.options} hint={ADMIN.optionsHint} error={error('variantOptions')}>
            {(control) => <input {...control} value={form.options} onChange={(event) => update({ options: event.target.value })} />}
          </Field>

          <h2>{ADMIN.variants}</h2>
          {options.length > 0 ? (
            <div className="admin-row">
              {options.map((option, optionIndex) => (
                <Field key={option} label={ADMIN.optionValues(option)} hint={ADMIN.optionValuesHint}>
                  {(control) => <input {...control} value={valuesText(option, optionIndex)} onChange={(event) => setTypedValues({ ...typedValues, [option]: event.target.value })} />}
                </Field>
              ))}
              <div className="admin-actions">
                <button type="button" onClick={addEveryCombination}>{ADMIN.addEveryCombination}</button>
              </div>
            </div>
          ) : null}
          <Notice text={combinationNotice.text} kind={combinationNotice.kind} />
          {takesStock ? null : <p className="admin-hint">{ADMIN.noStockForKind}</p>}
          <Notice text={error('variants') ?? ''} kind="error" />
          {form.variants.map((variant, index) => {
            const at = (name: string) => error(`variants.${index}.${name}`);
            return (
              <fieldset key={variant.key} className="admin-variant" data-variant-index={index} data-row-key={variant.key}>
                <legend>{`${ADMIN.variant} ${index + 1}`}</legend>
                <div className="admin-row">
                  {options.map((option, optionIndex) => (
                    // an empty or too long value is named by its option (attributes.Size); a problem of
                    // the whole combination (two variants alike) goes under the first option
                    <Field key={option} label={option} error={at(`attributes.${option}`) ?? (optionIndex === 0 ? at('attributes') : undefined)}>
                      {(control) => (
                        <input {...control} value={variant.values[optionIndex] ?? ''} onChange={(event) => {
                          const values = [...variant.values];
                          values[optionIndex] = event.target.value;
                          updateVariant(index, { values });
                        }} />
                      )}
                    </Field>
                  ))}
                  <Field label={ADMIN.sku} error={at('sku')} hint={ADMIN.skuHint}>
                    {(control) => <input {...control} value={variant.sku} onChange={(event) => updateVariant(index, { sku: event.target.value })} />}
                  </Field>
                  <Field label={ADMIN.price} error={at('priceCents')}>
                    {(control) => <input {...control} inputMode="decimal" value={variant.price} onChange={(event) => updateVariant(index, { price: event.target.value })} />}
                  </Field>
                  <Field label={ADMIN.salePrice} error={at('salePriceCents')} hint={keptOffSale(variant, currency) ? ADMIN.salePriceNotOnSaleHint : undefined}>
                    {(control) => <input {...control} inputMode="decimal" value={variant.salePrice} onChange={(event) => updateVariant(index, { salePrice: event.target.value })} />}
                  </Field>
                  <CheckboxField label={ADMIN.onSale} checked={variant.onSale} onChange={(onSale) => updateVariant(index, { onSale })} />
                  {takesStock ? (
                    <>
                      <Field label={ADMIN.stock} error={at('qtyInStock')}>
                        {(control) => <input {...control} inputMode="numeric" value={variant.stock} disabled={variant.unlimited} onChange={(event) => updateVariant(index, { stock: event.target.value })} />}
                      </Field>
                      <CheckboxField label={ADMIN.unlimited} checked={variant.unlimited} onChange={(unlimited) => updateVariant(index, { unlimited })} />
                      <Field label={ADMIN.weight} error={at('weightGrams')}>
                        {(control) => <input {...control} inputMode="numeric" value={variant.weight} onChange={(event) => updateVariant(index, { weight: event.target.value })} />}
                      </Field>
                    </>
                  ) : null}
                  {/* one of the product's stored images, shown when a shopper picks the variant and on its cart line */}
                  {storedImages(form.images).length > 0 ? (
                    <Field label={ADMIN.variantImage} error={at('imageId')}>
                      {(control) => (
                        <select {...control} value={storedImages(form.images).some((image) => image.id === variant.imageId) ? variant.imageId : ''}
                          onChange={(event) => updateVariant(index, { imageId: event.target.value })}>
                          <option value="">{ADMIN.variantImageFirst}</option>
                          {storedImages(form.images).map((image, place) => <option key={image.id} value={image.id}>{ADMIN.variantImageOption(place + 1, image.altText)}</option>)}
                        </select>
                      )}
                    </Field>
                  ) : null}
                </div>
                <div className="admin-actions">
                  <MoveButtons index={index} count={form.variants.length} onMove={(to, control) => {
                    focusRow(variant.key, control);
                    update({ variants: move(form.variants, index, to) });
                  }} />
                  <button type="button" data-row-control="remove" disabled={form.variants.length === 1} onClick={() => {
                    // the variant that takes its place, else the one before it
                    focusRow((form.variants[index + 1] ?? form.variants[index - 1])?.key ?? null, 'remove');
                    update({ variants: form.variants.filter((_, at) => at !== index) });
                  }}>{ADMIN.removeVariant}</button>
                </div>
              </fieldset>
            );
          })}
          <button type="button" onClick={() => update({ variants: [...form.variants, { key: newKey(), values: options.map(() => ''), sku: '', price: form.variants[0]?.price ?? '', salePrice: '', onSale: false, stock: '0', unlimited: false, weight: form.variants[0]?.weight ?? '0' }] })}>
            {ADMIN.addVariant}
          </button>

          {form.productType === 'digital' ? (
            <>
              <h2>{ADMIN.downloadFile}</h2>
              <ProductFileField productId={productId} file={stored?.file ?? null} />
            </>
          ) : null}

          <h2>{ADMIN.images}</h2>
          {form.images.length > 0 ? (
            <ul className="admin-images">
              {form.images.map((image, index) => (
                <li key={image.id} data-row-key={image.id}>
                  {/* a waiting photo is shown from its file, as it is */}
                  <img {...(isPending(image) ? { src: image.assetUrl } : editorThumbnail(image.assetUrl))} alt={image.altText} width={96} height={96} />
                  {/* the save names stored images by their place among the stored ones */}
                  <Field label={ADMIN.altText} error={isPending(image) ? undefined : error(`images.${storedImages(form.images).indexOf(image)}.altText`)}
                    hint={isPending(image) && image.error === undefined ? ADMIN.imageWaitsForSave : undefined}>
                    {(control) => <input {...control} value={image.altText} onChange={(event) => update({ images: form.images.map((item, at) => (at === index ? { ...item, altText: event.target.value } : item)) })} />}
                  </Field>
                  {isPending(image) ? <Notice text={image.error ?? ''} kind="error" /> : null}
                  <div className="admin-actions">
                    {isPending(image) && image.retryable && productId !== null ? (
                      <button type="button" disabled={sendingImages} onClick={() => void sendImageAgain(image)}>{ADMIN.uploadAgain(image.file.name)}</button>
                    ) : null}
                    <MoveButtons index={index} count={form.images.length} onMove={(to, control) => {
                      focusRow(image.id, control);
                      update({ images: move(form.images, index, to) });
                    }} />
                    <button type="button" data-row-control="remove" onClick={() => {
                      // the photo that takes its place, else the one before it, else the upload field
                      focusRow((form.images[index + 1] ?? form.images[index - 1])?.id ?? null, 'remove', uploadField);
                      releasePreview(image);
                      // a variant that showed it shows the product's first again, as the store does once it is saved
                      update({
                        images: form.images.filter((_, at) => at !== index),
                        variants: form.variants.map((variant) => (variant.imageId === image.id ? { ...variant, imageId: '' } : variant)),
                      });
                    }}>{ADMIN.removeImage}</button>
                  </div>
                </li>
              ))}
            </ul>
          ) : null}
          {productId !== null ? (
            <>
              <Field label={ADMIN.uploadImage} error={error('image')}>
                {/* The types the store keeps, and no `capture`, which would open the camera only and hide the
                    photo library. Listing no HEIC makes an iPhone send its photos as JPEG. */}
                {/* The field keeps naming the photo chosen while it is sent and once it is in (cleared at once, it said
                    "No file chosen" beside the status line naming the photo); it is cleared as the picker opens
                    instead, so choosing the same photo again still sends it. */}
                {(control) => <input {...control} ref={uploadField} type="file" accept="image/jpeg,image/png,image/gif,image/webp" disabled={uploading !== null}
                  onClick={(event) => { event.currentTarget.value = ''; }}
                  onChange={(event) => {
                    const file = event.target.files?.[0];
                    if (file) void upload(file);
                  }} />}
              </Field>
              {uploading ? (
                <progress className="admin-upload-progress" max={1} value={uploading.sent} aria-label={ADMIN.imageUploadProgress(uploading.name)} />
              ) : null}
              {retryable ? (
                <div className="admin-actions">
                  <button type="button" onClick={() => void upload(retryable)}>{ADMIN.uploadAgain(retryable.name)}</button>
                </div>
              ) : null}
            </>
          ) : (
            <Field label={ADMIN.uploadImages} hint={ADMIN.imagesUploadOnSave}>
              {/* several at once, each shown at once and sent once the first save has made the product */}
              {(control) => <input {...control} ref={uploadField} type="file" multiple accept="image/jpeg,image/png,image/gif,image/webp"
                onClick={(event) => { event.currentTarget.value = ''; }}
                onChange={(event) => {
                  const chosen = [...(event.target.files ?? [])].map(pendingImageOf);
                  if (chosen.length > 0) update({ images: [...form.images, ...chosen] });
                }} />}
            </Field>
          )}

          {/* Save stays in reach at the foot of the window while the form is longer than it (four variants
              made it ~6,000 px on a phone), with the line Save says beside it; it rests here at the form's end */}
          <div className="admin-save-bar" ref={saveBar}>
          <Notice text={notice.text} kind={notice.kind} />
          <div className="admin-actions">
            {stockChanged ? <button type="button" onClick={() => void loadCurrentStock()}>{ADMIN.reloadStock}</button> : null}
            {productChanged ? <button type="button" onClick={() => void loadNewerVersion()}>{ADMIN.reloadProduct}</button> : null}
            <button type="submit" ref={saveButton} disabled={sendingImages}>{busy ? ADMIN.saving : sendingImages ? ADMIN.sendingImages : ADMIN.save}</button>
            {productId !== null && canEdit ? <button type="button" disabled={duplicating} onClick={() => void duplicate()}>{duplicating ? ADMIN.duplicating : ADMIN.duplicate}</button> : null}
            {productId !== null ? <button type="button" className="admin-danger" onClick={remove}>{ADMIN.delete}</button> : null}
          </div>
          </div>
        </fieldset>
      </form>
      {stored?.visible === false ? <p className="admin-hint">{ADMIN.hiddenProductPage(`/shop/p/${stored.urlSlug}`)}</p> : null}
      {stored?.visible ? <p className="admin-hint admin-shop-link"><a href={`/shop/p/${stored.urlSlug}`}>{`/shop/p/${stored.urlSlug}`}</a></p> : null}
    </section>
  );
}
