import { Router, type Request } from 'express';
import { API_PATHS } from '../../client/lib/api-paths.ts';
import { ADD_TO_CART } from '../../client/lib/messages.ts';
import { browserKeyOf, FIRST_ADDS_SHARE_CART_MS } from './first-cart.ts';
import {
  addToCartPayloadSchema, isStockEnough, parseQuantity, updateAdditionalFieldsPayloadSchema,
  updateQuantityPayloadSchema,
} from '../../client/lib/validation.ts';
import type { AppDeps } from '../deps.ts';
import type { StoreSession } from '../db/store.ts';
import { CartRepository, type CartRecord } from '../db/cart-repository.ts';
import type { CatalogueRepository, ProductRecord, VariantRecord } from '../db/catalogue-repository.ts';
import { answerBytes, assertMergedQuantity, assertRoom, assertRoomInCart } from '../commerce/cart-limits.ts';
import { assertBoughtThroughCart } from '../commerce/bought-through-cart.ts';
import { entryView, priceEntries } from '../commerce/cart-view.ts';
import { readExtraFieldAnswers } from '../commerce/extra-field-answers.ts';
import { createFormSubmissionRepository, type StoredForm } from '../db/form-submission-repository.ts';
import { hasUnlimitedStock, PRODUCT_TYPE, variantBySku } from '../commerce/pricing.ts';
import { serverMessages } from '../messages.ts';
import { HttpError } from '../security/http-error.ts';
import { createRateLimiter } from '../security/rate-limit.ts';
import { parseShopperInput } from '../security/validation.ts';
import { requestContent, type RequestContent } from '../pages/request-content.ts';
import {
  cartView, currentSiteUserId, findCurrentCart, PRODUCT_URL_PREFIX, rememberCart, storeRepositories,
} from './cart-session.ts';

/**
 * Quantities typed into a page arrive as text from form posts and some scripts; the rule is
 * "numeric, then whole", answered with the catalogue messages before the schema runs.
 */
export function normaliseQuantityField(body: unknown, field: string): Record<string, unknown> {
  const record = body !== null && typeof body === 'object' && !Array.isArray(body) ? { ...(body as Record<string, unknown>) } : {};
  const raw = record[field];
  if (typeof raw === 'string' || typeof raw === 'number') {
    const parsed = parseQuantity(raw);
    if (!parsed.ok) throw new HttpError(400, parsed.message);
    record[field] = parsed.value;
  } else if (raw !== undefined) {
    throw new HttpError(400, ADD_TO_CART.quantityNotNumber);
  }
  return record;
}

/** The variant a shopper chose by SKU, answered with the add-to-cart messages when there is none. */
export function chosenVariant(product: ProductRecord, sku: string | undefined): VariantRecord {
  if (!sku) {
    throw new HttpError(400, product.productType === PRODUCT_TYPE.GIFT_CARD ? ADD_TO_CART.giftCardDenomination : ADD_TO_CART.variantUnavailable);
  }
  const variant = variantBySku(product, sku);
  if (!variant) throw new HttpError(400, ADD_TO_CART.variantUnavailable);
  return variant;
}

/** Finds a product a cart already holds, hidden or not, and the chosen variant. */
export async function productAndVariant(catalogue: CatalogueRepository, itemId: string, sku: string | undefined): Promise<{ product: ProductRecord; variant: VariantRecord }> {
  const product = await catalogue.productById(itemId);
  if (!product) throw new HttpError(404, serverMessages.productNotFound);
  return { product, variant: chosenVariant(product, sku) };
}

/**
 * Finds a product a shopper is adding: one the owner hid answers as one that does not exist
 * (404), as its page does, so hiding a product stops its sale and reveals nothing.
 */
export async function productToAdd(catalogue: CatalogueRepository, itemId: string): Promise<ProductRecord> {
  const product = await catalogue.visibleProductById(itemId);
  if (!product) throw new HttpError(404, serverMessages.productNotFound);
  return product;
}

/**
 * The stock rule: enough when unlimited, or when stock is greater than what the cart will
 * already hold of this item and variant before the last unit asked for.
 */
export function assertStockFor(product: ProductRecord, variant: VariantRecord, alreadyHeld: number, adding: number): void {
  const stock = { unlimited: hasUnlimitedStock(product, variant), qtyInStock: variant.qtyInStock };
  if (!isStockEnough(stock, alreadyHeld + adding - 1)) throw new HttpError(400, ADD_TO_CART.notEnoughStock);
}

async function entryOrNotFound(deps: AppDeps, cart: CartRecord | null, entryId: string) {
  const entry = cart ? await storeRepositories(deps).carts.entry(cart.id, entryId) : undefined;
  if (!cart || !entry) throw new HttpError(404, serverMessages.cartEntryNotFound);
  return { cart, entry };
}

/**
 * Inside a cart-changing transaction: the cart's row locked (so concurrent changes of the same
 * cart wait for this one) and still open; a cart bought meanwhile takes no more changes.
 */
async function lockOpenCart(tx: StoreSession, cartId: string): Promise<{ carts: CartRepository; cart: CartRecord }> {
  const carts = new CartRepository(tx);
  const cart = await carts.lock(cartId);
  if (!cart || cart.isPurchased) throw new HttpError(409, serverMessages.cartPurchased);
  return { carts, cart };
}

/** A visitor's new cart, or the one their first adds share; `fresh` when made in this transaction (empty, updated now). */
async function newCart(
  tx: StoreSession, currency: string, siteUserId: string | null, browserKey: string | null,
): Promise<{ carts: CartRepository; cart: CartRecord; fresh: boolean }> {
  const carts = new CartRepository(tx);
  if (siteUserId !== null || browserKey === null) return { carts, cart: await carts.create('cart', currency, siteUserId), fresh: true };
  // adds of a new visitor sent at once share the cart the first one made (first-cart.ts)
  const first = await carts.createOrJoinFirstCart(browserKey, currency, FIRST_ADDS_SHARE_CART_MS);
  return first.joined ? { ...(await lockOpenCart(tx, first.cart.id)), fresh: false } : { carts, cart: first.cart, fresh: true };
}

async function pricedEntryView(deps: AppDeps, { catalogue }: RequestContent, cart: CartRecord, entryId: string) {
  const entry = await storeRepositories(deps).carts.entry(cart.id, entryId);
  const [priced] = entry ? await priceEntries([entry], catalogue) : [];
  return priced ? entryView(priced, cart.currency, PRODUCT_URL_PREFIX) : null;
}

function entryIdParam(req: Request): string {
  const { entryId } = req.params;
  if (typeof entryId !== 'string' || entryId.length === 0 || entryId.length > 64) {
    throw new HttpError(404, serverMessages.cartEntryNotFound);
  }
  return entryId;
}

/** The extra-fields form of a product, read for checking answers; null when the product has none. */
export function extraFieldsFormOf(deps: AppDeps): (product: ProductRecord) => Promise<StoredForm | null> {
  const forms = createFormSubmissionRepository(deps.store);
  return async (product) => (product.additionalFieldsFormId ? forms.findForm(product.additionalFieldsFormId) : null);
}

/**
 * Shopping-cart calls: read, add, change quantity, change extra-field answers, remove. They read the
 * catalogue and settings through their request's content (one read of the content version per call,
 * as a page build does, rather than one per lookup: six round trips of an add on PostgreSQL); they
 * write carts, never content, so nothing they read back is stale.
 */
export function createCartRouter(deps: AppDeps): Router {
  const router = Router();
  const addLimiter = createRateLimiter(deps, 'addToCart');
  const formOf = extraFieldsFormOf(deps);
  const changeLimiter = createRateLimiter(deps, 'cartChange');

  router.get(API_PATHS.cart, async (req, res) => {
    res.json(await cartView(deps, await findCurrentCart(deps, req, res), requestContent(deps, req)));
  });

  router.post(API_PATHS.cartEntries, addLimiter, async (req, res) => {
    const body = normaliseQuantityField(req.body, 'quantity');
    if (typeof body.itemId !== 'string' || body.itemId === '') throw new HttpError(400, serverMessages.itemIdRequired);
    const content = requestContent(deps, req);
    const product = await productToAdd(content.catalogue, body.itemId);
    assertBoughtThroughCart(product);
    const variant = chosenVariant(product, typeof body.sku === 'string' ? body.sku : undefined);
    const payload = parseShopperInput(addToCartPayloadSchema, body);
    const answers = readExtraFieldAnswers(await formOf(product), payload.additionalFields);
    const current = await findCurrentCart(deps, req, res);
    const currency = current ? null : await content.site.currency();
    const newlyAdded = await deps.store.transaction(async (tx) => {
      // a visitor without a cart gets one in the same transaction: a refused add leaves none behind
      const { carts, cart, fresh } = current
        ? { ...(await lockOpenCart(tx, current.id)), fresh: false }
        : await newCart(tx, currency ?? '', currentSiteUserId(req), browserKeyOf(req));
      // a cart made just now holds nothing: nothing to look up in it
      assertStockFor(product, variant, fresh ? 0 : await carts.quantityHeld(cart.id, product.id, variant.id), payload.quantity);
      const joins = answers === null && !fresh ? await carts.plainEntry(cart.id, product.id, variant.id) : undefined;
      if (joins) assertMergedQuantity(joins.quantity, payload.quantity);
      else if (fresh) assertRoom({ entries: 0, answerBytes: 0 }, 1, answerBytes(answers));
      else await assertRoomInCart(carts, cart.id, 1, answerBytes(answers));
      // the cart is locked (or made) by this transaction, and its entry to join looked up under that lock
      const add = { cartId: cart.id, productId: product.id, variantId: variant.id, quantity: payload.quantity, additionalFields: answers };
      const entry = await carts.addToHeldCart(add, joins, !fresh);
      return { cart, entryId: entry.id };
    });
    if (!current) rememberCart(req, res, newlyAdded.cart);
    res.json({
      shoppingCart: await cartView(deps, newlyAdded.cart, content),
      newlyAdded: await pricedEntryView(deps, content, newlyAdded.cart, newlyAdded.entryId),
    });
  });

  router.put(`${API_PATHS.cartEntries}/:entryId/additionalFields`, changeLimiter, async (req, res) => {
    const payload = parseShopperInput(updateAdditionalFieldsPayloadSchema, req.body);
    const found = await entryOrNotFound(deps, await findCurrentCart(deps, req, res), entryIdParam(req));
    const content = requestContent(deps, req);
    const { product, variant } = await productAndVariant(content.catalogue, payload.itemId, payload.sku);
    if (found.entry.productId !== product.id || found.entry.variantId !== variant.id) {
      throw new HttpError(400, ADD_TO_CART.variantUnavailable);
    }
    const answers = readExtraFieldAnswers(await formOf(product), payload.additionalFields);
    const cart = await deps.store.transaction(async (tx) => {
      const { carts, cart: locked } = await lockOpenCart(tx, found.cart.id);
      const entry = await carts.entry(locked.id, found.entry.id);
      if (!entry) throw new HttpError(404, serverMessages.cartEntryNotFound);
      await assertRoomInCart(carts, locked.id, 0, answerBytes(answers) - answerBytes(entry.additionalFields));
      await carts.updateAdditionalFields(locked.id, entry.id, answers);
      return locked;
    });
    res.json({ shoppingCart: await cartView(deps, cart, content), updatedEntry: await pricedEntryView(deps, content, cart, found.entry.id) });
  });

  router.put(`${API_PATHS.cartEntries}/:entryId/quantity`, changeLimiter, async (req, res) => {
    const payload = parseShopperInput(updateQuantityPayloadSchema, normaliseQuantityField(req.body, 'quantity'));
    const found = await entryOrNotFound(deps, await findCurrentCart(deps, req, res), entryIdParam(req));
    const content = requestContent(deps, req);
    const { catalogue } = content;
    const product = payload.quantity === 0 ? undefined : await catalogue.productById(found.entry.productId);
    // a product the owner hid since it was added: the cart keeps what it holds, and may buy it, but takes no more
    const hidden = product !== undefined && (await catalogue.visibleProductById(product.id)) === undefined;
    const result = await deps.store.transaction(async (tx) => {
      const { carts, cart } = await lockOpenCart(tx, found.cart.id);
      const entry = await carts.entry(cart.id, found.entry.id);
      if (!entry) throw new HttpError(404, serverMessages.cartEntryNotFound);
      if (payload.quantity === 0) {
        await carts.removeEntry(cart.id, entry.id);
        return { cart, entryId: null };
      }
      const variant = product?.variants.find((candidate) => candidate.id === entry.variantId);
      if (!product || !variant) throw new HttpError(400, ADD_TO_CART.variantUnavailable);
      // an entry the cart took before it refused these is removed (0) or bought as it is, never grown
      if (payload.quantity > entry.quantity) assertBoughtThroughCart(product);
      if (payload.quantity > entry.quantity && hidden) throw new HttpError(400, serverMessages.productNoLongerSold);
      const heldElsewhere = await carts.quantityHeld(cart.id, product.id, variant.id) - entry.quantity;
      assertStockFor(product, variant, heldElsewhere, payload.quantity);
      await carts.updateQuantity(cart.id, entry.id, payload.quantity);
      return { cart, entryId: entry.id };
    });
    res.json({
      shoppingCart: await cartView(deps, result.cart, content),
      updatedEntry: result.entryId ? await pricedEntryView(deps, content, result.cart, result.entryId) : null,
    });
  });

  router.delete(`${API_PATHS.cartEntries}/:entryId`, changeLimiter, async (req, res) => {
    const { cart, entry } = await entryOrNotFound(deps, await findCurrentCart(deps, req, res), entryIdParam(req));
    await storeRepositories(deps).carts.removeEntry(cart.id, entry.id);
    res.json({ shoppingCart: await cartView(deps, cart, requestContent(deps, req)), removedEntryId: entry.id });
  });

  return router;
}
