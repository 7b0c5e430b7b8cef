import { randomBytes } from 'node:crypto';
import { forUpdate, type StoreSession } from './store.ts';

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
  /** The discount code the checkout last applied to it (checked again wherever it is used); null for none. */
  discountCode: string | null;
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
  discount_code: string | null;
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
    discountCode: row.discount_code,
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

/** Carts and their entries. Every change of a cart's entries runs in a transaction holding the cart's row lock. */
export class CartRepository {
  constructor(private readonly session: StoreSession) {}

  async findByToken(token: string): Promise<CartRecord | undefined> {
    const row = await this.session.get<CartRow>('SELECT * FROM carts WHERE cookie_token = ?', [token]);
    return row ? toCart(row) : undefined;
  }

  async findById(id: string): Promise<CartRecord | undefined> {
    const row = await this.session.get<CartRow>('SELECT * FROM carts WHERE id = ?', [id]);
    return row ? toCart(row) : undefined;
  }

  /**
   * Locks the cart's row until the transaction ends and reads it again: changes of one cart
   * (adds, quantities, merges, checkout) then run one after another across processes, so checks
   * made on what the cart holds stay true until the change is written.
   */
  async lock(cartId: string): Promise<CartRecord | undefined> {
    const row = await this.session.get<CartRow>(`SELECT * FROM carts WHERE id = ?${forUpdate(this.session)}`, [cartId]);
    return row ? toCart(row) : undefined;
  }

  /** The signed-in site user's cart that is not yet purchased. */
  async findOpenCartOfUser(siteUserId: string): Promise<CartRecord | undefined> {
    const row = await this.session.get<CartRow>(
      "SELECT * FROM carts WHERE site_user_id = ? AND is_purchased = 0 AND kind = 'cart' ORDER BY updated_on DESC, rowid DESC LIMIT 1",
      [siteUserId],
    );
    return row ? toCart(row) : undefined;
  }

  async create(kind: CartKind, currency: string, siteUserId: string | null, now = Date.now()): Promise<CartRecord> {
    const cart: CartRecord = {
      id: newRecordId(),
      token: randomBytes(24).toString('base64url'),
      siteUserId,
      kind,
      currency,
      isPurchased: false,
      orderId: null,
      createdOn: now,
      discountCode: null,
    };
    await this.session.run(
      `INSERT INTO carts (id, cookie_token, site_user_id, kind, currency, is_purchased, created_on, updated_on)
       VALUES (?, ?, ?, ?, ?, 0, ?, ?)`,
      [cart.id, cart.token, siteUserId, kind, currency, now, now],
    );
    return cart;
  }

  /**
   * The cart of a browser's first add (no CART cookie yet), keyed by `browserKey`: a new one, or
   * the one another add of the same browser made within `sharedForMs`, still open and anonymous.
   * The unique key makes a concurrent add wait for the first one's commit (PostgreSQL) and then
   * find its cart. An older cart of the key (bought, adopted, its cookie lost) gives the key up.
   */
  async createOrJoinFirstCart(browserKey: string, currency: string, sharedForMs: number, now = Date.now()): Promise<{ cart: CartRecord; joined: boolean }> {
    const cart: CartRecord = {
      id: newRecordId(), token: randomBytes(24).toString('base64url'), siteUserId: null, kind: 'cart', currency, isPurchased: false, orderId: null, createdOn: now, discountCode: null,
    };
    const insert = (): Promise<{ changes: number }> => this.session.run(
      `INSERT INTO carts (id, cookie_token, site_user_id, kind, currency, is_purchased, created_on, updated_on, browser_key)
       VALUES (?, ?, NULL, 'cart', ?, 0, ?, ?, ?) ON CONFLICT (browser_key) DO NOTHING`,
      [cart.id, cart.token, currency, now, now, browserKey],
    );
    if ((await insert()).changes === 1) return { cart, joined: false };
    const row = await this.session.get<CartRow>('SELECT * FROM carts WHERE browser_key = ?', [browserKey]);
    const other = row ? toCart(row) : undefined;
    if (other && !other.isPurchased && other.siteUserId === null && other.kind === 'cart' && now - other.createdOn < sharedForMs) {
      return { cart: other, joined: true };
    }
    await this.session.run('UPDATE carts SET browser_key = NULL WHERE browser_key = ?', [browserKey]);
    await insert();
    return { cart, joined: false };
  }

  /** Gives an anonymous cart to a user; false when another request gave it to someone first. */
  async assignUser(cartId: string, siteUserId: string, now = Date.now()): Promise<boolean> {
    const result = await this.session.run(
      'UPDATE carts SET site_user_id = ?, updated_on = ? WHERE id = ? AND site_user_id IS NULL',
      [siteUserId, now, cartId],
    );
    return result.changes === 1;
  }

  /**
   * Moves a visitor cart's entries into the user's cart (sign-in with items in both), oldest
   * first, each only while `fits` says the user's cart has room for it; the rest stay where they were.
   * The discount code the visitor's checkout kept comes too when the user's cart keeps none (one
   * applied just before signing in), and is checked again, as any kept code is, when the checkout loads.
   */
  async mergeInto(
    targetCartId: string,
    sourceCartId: string,
    fits: (target: CartSize, entry: CartEntryRecord) => boolean = () => true,
  ): Promise<void> {
    await this.session.transaction(async (tx) => {
      const carts = new CartRepository(tx);
      // always in the same order, so two merges never wait on each other's locks
      for (const id of [targetCartId, sourceCartId].sort()) await carts.lock(id);
      const size = await carts.size(targetCartId);
      for (const entry of await carts.entries(sourceCartId)) {
        if (!fits(size, entry)) continue;
        await tx.run('UPDATE cart_entries SET cart_id = ? WHERE id = ? AND cart_id = ?', [targetCartId, entry.id, sourceCartId]);
        size.entries += 1;
        size.answerBytes += entry.additionalFields === null ? 0 : Buffer.byteLength(entry.additionalFields);
      }
      await tx.run(
        `UPDATE carts SET discount_code = (SELECT visitor_cart.discount_code FROM carts visitor_cart WHERE visitor_cart.id = ?)
         WHERE id = ? AND discount_code IS NULL AND is_purchased = 0`,
        [sourceCartId, targetCartId],
      );
    });
  }

  /** Marks the cart bought by the order; false when it was bought already (nothing changes). */
  async markPurchased(cartId: string, orderId: string, now = Date.now()): Promise<boolean> {
    const result = await this.session.run(
      'UPDATE carts SET is_purchased = 1, order_id = ?, updated_on = ? WHERE id = ? AND is_purchased = 0',
      [orderId, now, cartId],
    );
    return result.changes === 1;
  }

  /**
   * Keeps the discount code the checkout's quote applied (null: none, or the one applied was
   * removed or refused), so the checkout loaded again applies it again. A bought cart keeps the
   * code it was bought with. Not a change of the cart's goods: its updated_on stays.
   */
  async keepDiscountCode(cartId: string, code: string | null): Promise<void> {
    await this.session.run('UPDATE carts SET discount_code = ? WHERE id = ? AND is_purchased = 0', [code, cartId]);
  }

  async entries(cartId: string): Promise<CartEntryRecord[]> {
    const rows = await this.session.all<EntryRow>('SELECT * FROM cart_entries WHERE cart_id = ? ORDER BY created_on, rowid', [cartId]);
    return rows.map(toEntry);
  }

  async entry(cartId: string, entryId: string): Promise<CartEntryRecord | undefined> {
    const row = await this.session.get<EntryRow>('SELECT * FROM cart_entries WHERE cart_id = ? AND id = ?', [cartId, entryId]);
    return row ? toEntry(row) : undefined;
  }

  /** How many of one item and variant the cart already holds, over all its entries. */
  async quantityHeld(cartId: string, productId: string, variantId: string): Promise<number> {
    const row = await this.session.get<{ held: number | string }>(
      `SELECT COALESCE(SUM(quantity), 0) AS held FROM cart_entries
       WHERE cart_id = ? AND product_id = ? AND variant_id = ?`,
      [cartId, productId, variantId],
    );
    // PostgreSQL's SUM of integers is a numeric, which its client hands over as text
    return Number(row?.held ?? 0);
  }

  /** How many entries the cart has and how many bytes their extra-field answers take. */
  async size(cartId: string): Promise<CartSize> {
    const row = await this.session.get<{ entries: number | string; answer_bytes: number | string }>(
      `SELECT COUNT(*) AS entries, COALESCE(SUM(OCTET_LENGTH(additional_fields_json)), 0) AS answer_bytes
       FROM cart_entries WHERE cart_id = ?`,
      [cartId],
    );
    return { entries: Number(row?.entries ?? 0), answerBytes: Number(row?.answer_bytes ?? 0) };
  }

  /** The entry a plain add (no extra-field answers) of this item and variant joins, if any. */
  async plainEntry(cartId: string, productId: string, variantId: string): Promise<CartEntryRecord | undefined> {
    const row = await this.session.get<EntryRow>(
      `SELECT * FROM cart_entries WHERE cart_id = ? AND product_id = ? AND variant_id = ?
       AND additional_fields_json IS NULL ORDER BY created_on, rowid LIMIT 1`,
      [cartId, productId, variantId],
    );
    return row ? toEntry(row) : undefined;
  }

  /**
   * Adds to the cart: an entry without extra fields joins an existing plain entry of the same variant
   * (the quantity grows in the database, so concurrent adds never lose one another);
   * entries with extra-field answers always stay separate (each has its own answers).
   */
  async addEntry(
    cartId: string,
    productId: string,
    variantId: string,
    quantity: number,
    additionalFields: string | null,
    now = Date.now(),
  ): Promise<CartEntryRecord> {
    return this.session.transaction(async (tx): Promise<CartEntryRecord> => {
      const carts = new CartRepository(tx);
      await carts.lock(cartId);
      const existing = additionalFields === null ? await carts.plainEntry(cartId, productId, variantId) : undefined;
      return carts.addToHeldCart({ cartId, productId, variantId, quantity, additionalFields }, existing, true, now);
    });
  }

  /**
   * addEntry for a caller whose transaction already holds the cart (locked, or made in it) and has
   * looked up the plain entry the add joins (`into`; undefined: a new entry): none of addEntry's own
   * savepoint, lock and look-up, three round trips on PostgreSQL. `touch` is false for a cart made
   * in the same transaction, whose updated_on is already now.
   */
  async addToHeldCart(
    add: { cartId: string; productId: string; variantId: string; quantity: number; additionalFields: string | null },
    into: CartEntryRecord | undefined,
    touch: boolean,
    now = Date.now(),
  ): Promise<CartEntryRecord> {
    const { cartId, productId, variantId, quantity, additionalFields } = add;
    if (touch) await this.touch(cartId, now);
    if (into) {
      const updated = await this.session.get<{ quantity: number }>(
        'UPDATE cart_entries SET quantity = quantity + ? WHERE id = ? RETURNING quantity',
        [quantity, into.id],
      );
      return { ...into, quantity: updated?.quantity ?? into.quantity + quantity };
    }
    const id = newRecordId();
    await this.session.run(
      `INSERT INTO cart_entries (id, cart_id, product_id, variant_id, quantity, additional_fields_json, created_on)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
      [id, cartId, productId, variantId, quantity, additionalFields, now],
    );
    return { id, cartId, productId, variantId, quantity, additionalFields, createdOn: now };
  }

  async updateQuantity(cartId: string, entryId: string, quantity: number, now = Date.now()): Promise<void> {
    await this.session.run('UPDATE cart_entries SET quantity = ? WHERE cart_id = ? AND id = ?', [quantity, cartId, entryId]);
    await this.touch(cartId, now);
  }

  async updateAdditionalFields(cartId: string, entryId: string, additionalFields: string, now = Date.now()): Promise<void> {
    await this.session.run('UPDATE cart_entries SET additional_fields_json = ? WHERE cart_id = ? AND id = ?', [additionalFields, cartId, entryId]);
    await this.touch(cartId, now);
  }

  async removeEntry(cartId: string, entryId: string, now = Date.now()): Promise<boolean> {
    const removed = (await this.session.run('DELETE FROM cart_entries WHERE cart_id = ? AND id = ?', [cartId, entryId])).changes === 1;
    if (removed) await this.touch(cartId, now);
    return removed;
  }

  private async touch(cartId: string, now: number): Promise<void> {
    await this.session.run('UPDATE carts SET updated_on = ? WHERE id = ?', [now, cartId]);
  }
}
