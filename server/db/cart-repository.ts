import type Database from 'better-sqlite3';
import { randomBytes, randomUUID } from 'node:crypto';

export type CartKind = 'cart' | 'subscription';

export interface CartRecord {
  id: string;
  /** Secret carried by the cart cookie or the subscription cartToken. */
  token: string;
  siteUserId: string | null;
  kind: CartKind;
  currency: string;
  isPurchased: boolean;
  orderId: string | null;
  createdOn: number;
}

export interface CartEntryRecord {
  id: string;
  cartId: string;
  productId: string;
  variantId: string;
  quantity: number;
  additionalFields: string | null;
  createdOn: number;
}

export interface CartSize {
  entries: number;
  /** UTF-8 bytes of every entry's stored extra-field answers. */
  answerBytes: number;
}

interface CartRow {
  id: string;
  cookie_token: string;
  site_user_id: string | null;
  kind: CartKind;
  currency: string;
  is_purchased: number;
  order_id: string | null;
  created_on: number;
}

interface EntryRow {
  id: string;
  cart_id: string;
  product_id: string;
  variant_id: string;
  quantity: number;
  additional_fields_json: string | null;
  created_on: number;
}

function toCart(row: CartRow): CartRecord {
  return {
    id: row.id,
    token: row.cookie_token,
    siteUserId: row.site_user_id,
    kind: row.kind,
    currency: row.currency,
    isPurchased: row.is_purchased === 1,
    orderId: row.order_id,
    createdOn: row.created_on,
  };
}

function toEntry(row: EntryRow): CartEntryRecord {
  return {
    id: row.id,
    cartId: row.cart_id,
    productId: row.product_id,
    variantId: row.variant_id,
    quantity: row.quantity,
    additionalFields: row.additional_fields_json,
    createdOn: row.created_on,
  };
}

/** Hex id in the platform's 24-character style. */
export function newRecordId(): string {
  return randomBytes(12).toString('hex');
}

/** Carts and their entries. */
export class CartRepository {
  private readonly byToken: Database.Statement<[string], CartRow>;
  private readonly byId: Database.Statement<[string], CartRow>;
  private readonly openOfUser: Database.Statement<[string], CartRow>;
  private readonly insertCart: Database.Statement<Record<string, unknown>>;
  private readonly setUser: Database.Statement<[string, number, string]>;
  private readonly purchased: Database.Statement<[string, number, string]>;
  private readonly touchCart: Database.Statement<[number, string]>;
  private readonly entriesOf: Database.Statement<[string], EntryRow>;
  private readonly entryById: Database.Statement<[string, string], EntryRow>;
  private readonly heldQuantity: Database.Statement<[string, string, string], { held: number }>;
  private readonly mergeable: Database.Statement<[string, string, string], EntryRow>;
  private readonly insertEntry: Database.Statement<Record<string, unknown>>;
  private readonly setQuantity: Database.Statement<[number, string]>;
  private readonly setFields: Database.Statement<[string, string]>;
  private readonly deleteEntry: Database.Statement<[string, string]>;
  private readonly moveEntry: Database.Statement<[string, string]>;
  private readonly sizeOf: Database.Statement<[string], CartSize>;

  constructor(private readonly db: Database.Database) {
    this.byToken = db.prepare('SELECT * FROM carts WHERE cookie_token = ?');
    this.byId = db.prepare('SELECT * FROM carts WHERE id = ?');
    this.openOfUser = db.prepare(
      "SELECT * FROM carts WHERE site_user_id = ? AND is_purchased = 0 AND kind = 'cart' ORDER BY updated_on DESC LIMIT 1",
    );
    this.insertCart = db.prepare(
      `INSERT INTO carts (id, cookie_token, site_user_id, kind, currency, is_purchased, created_on, updated_on)
       VALUES (@id, @token, @siteUserId, @kind, @currency, 0, @now, @now)`,
    );
    this.setUser = db.prepare('UPDATE carts SET site_user_id = ?, updated_on = ? WHERE id = ?');
    this.purchased = db.prepare('UPDATE carts SET is_purchased = 1, order_id = ?, updated_on = ? WHERE id = ?');
    this.touchCart = db.prepare('UPDATE carts SET updated_on = ? WHERE id = ?');
    this.entriesOf = db.prepare('SELECT * FROM cart_entries WHERE cart_id = ? ORDER BY created_on, rowid');
    this.entryById = db.prepare('SELECT * FROM cart_entries WHERE cart_id = ? AND id = ?');
    this.heldQuantity = db.prepare(
      `SELECT COALESCE(SUM(quantity), 0) AS held FROM cart_entries
       WHERE cart_id = ? AND product_id = ? AND variant_id = ?`,
    );
    this.mergeable = db.prepare(
      `SELECT * FROM cart_entries WHERE cart_id = ? AND product_id = ? AND variant_id = ?
       AND additional_fields_json IS NULL LIMIT 1`,
    );
    this.insertEntry = db.prepare(
      `INSERT INTO cart_entries (id, cart_id, product_id, variant_id, quantity, additional_fields_json, created_on)
       VALUES (@id, @cartId, @productId, @variantId, @quantity, @additionalFields, @now)`,
    );
    this.setQuantity = db.prepare('UPDATE cart_entries SET quantity = ? WHERE id = ?');
    this.setFields = db.prepare('UPDATE cart_entries SET additional_fields_json = ? WHERE id = ?');
    this.deleteEntry = db.prepare('DELETE FROM cart_entries WHERE cart_id = ? AND id = ?');
    this.moveEntry = db.prepare('UPDATE cart_entries SET cart_id = ? WHERE id = ?');
    this.sizeOf = db.prepare(
      `SELECT COUNT(*) AS entries, COALESCE(SUM(LENGTH(CAST(additional_fields_json AS BLOB))), 0) AS answerBytes
       FROM cart_entries WHERE cart_id = ?`,
    );
  }

  findByToken(token: string): CartRecord | undefined {
    const row = this.byToken.get(token);
    return row ? toCart(row) : undefined;
  }

  findById(id: string): CartRecord | undefined {
    const row = this.byId.get(id);
    return row ? toCart(row) : undefined;
  }

  /** The signed-in site user's cart that is not yet purchased. */
  findOpenCartOfUser(siteUserId: string): CartRecord | undefined {
    const row = this.openOfUser.get(siteUserId);
    return row ? toCart(row) : undefined;
  }

  create(kind: CartKind, currency: string, siteUserId: string | null, now = Date.now()): CartRecord {
    const cart: CartRecord = {
      id: newRecordId(),
      token: randomBytes(24).toString('base64url'),
      siteUserId,
      kind,
      currency,
      isPurchased: false,
      orderId: null,
      createdOn: now,
    };
    this.insertCart.run({ id: cart.id, token: cart.token, siteUserId, kind, currency, now });
    return cart;
  }

  assignUser(cartId: string, siteUserId: string, now = Date.now()): void {
    this.setUser.run(siteUserId, now, cartId);
  }

  /**
   * Moves a visitor cart's entries into the user's cart (sign-in with items in both), oldest
   * first, each only while `fits` says the user's cart has room for it; the rest stay where they were.
   */
  mergeInto(targetCartId: string, sourceCartId: string, fits: (target: CartSize, entry: CartEntryRecord) => boolean = () => true): void {
    this.db.transaction(() => {
      const size = this.size(targetCartId);
      for (const entry of this.entries(sourceCartId)) {
        if (!fits(size, entry)) continue;
        this.moveEntry.run(targetCartId, entry.id);
        size.entries += 1;
        size.answerBytes += entry.additionalFields === null ? 0 : Buffer.byteLength(entry.additionalFields);
      }
    })();
  }

  markPurchased(cartId: string, orderId: string, now = Date.now()): void {
    this.purchased.run(orderId, now, cartId);
  }

  entries(cartId: string): CartEntryRecord[] {
    return this.entriesOf.all(cartId).map(toEntry);
  }

  entry(cartId: string, entryId: string): CartEntryRecord | undefined {
    const row = this.entryById.get(cartId, entryId);
    return row ? toEntry(row) : undefined;
  }

  /** How many of one item and variant the cart already holds, over all its entries. */
  quantityHeld(cartId: string, productId: string, variantId: string): number {
    return this.heldQuantity.get(cartId, productId, variantId)?.held ?? 0;
  }

  /** How many entries the cart has and how many bytes their extra-field answers take. */
  size(cartId: string): CartSize {
    return this.sizeOf.get(cartId) ?? { entries: 0, answerBytes: 0 };
  }

  /** The entry a plain add (no extra-field answers) of this item and variant joins, if any. */
  plainEntry(cartId: string, productId: string, variantId: string): CartEntryRecord | undefined {
    const row = this.mergeable.get(cartId, productId, variantId);
    return row ? toEntry(row) : undefined;
  }

  /**
   * Adds to the cart: an entry without extra fields joins an existing plain entry of the same variant;
   * entries with extra-field answers always stay separate (each has its own answers).
   */
  addEntry(
    cartId: string,
    productId: string,
    variantId: string,
    quantity: number,
    additionalFields: string | null,
    now = Date.now(),
  ): CartEntryRecord {
    return this.db.transaction((): CartEntryRecord => {
      const existing = additionalFields === null ? this.mergeable.get(cartId, productId, variantId) : undefined;
      this.touchCart.run(now, cartId);
      if (existing) {
        this.setQuantity.run(existing.quantity + quantity, existing.id);
        return { ...toEntry(existing), quantity: existing.quantity + quantity };
      }
      const id = newRecordId();
      this.insertEntry.run({ id, cartId, productId, variantId, quantity, additionalFields, now });
      return { id, cartId, productId, variantId, quantity, additionalFields, createdOn: now };
    })();
  }

  updateQuantity(cartId: string, entryId: string, quantity: number, now = Date.now()): void {
    this.setQuantity.run(quantity, entryId);
    this.touchCart.run(now, cartId);
  }

  updateAdditionalFields(cartId: string, entryId: string, additionalFields: string, now = Date.now()): void {
    this.setFields.run(additionalFields, entryId);
    this.touchCart.run(now, cartId);
  }

  removeEntry(cartId: string, entryId: string, now = Date.now()): boolean {
    const removed = this.deleteEntry.run(cartId, entryId).changes === 1;
    if (removed) this.touchCart.run(now, cartId);
    return removed;
  }
}
