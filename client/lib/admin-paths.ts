/**
 * Where the owner's admin and its screens live, for the admin's own links and for the server
 * (its page route, and the links of the emails that lead into the admin).
 */
export const ADMIN_BASE = '/config';

export const ADMIN_PATHS = {
  signIn: ADMIN_BASE,
  products: `${ADMIN_BASE}/products`,
  newProduct: `${ADMIN_BASE}/products/new`,
  product: (productId: string): string => `${ADMIN_BASE}/products/${encodeURIComponent(productId)}`,
  inventory: `${ADMIN_BASE}/inventory`,
  orders: `${ADMIN_BASE}/orders`,
  order: (orderId: string): string => `${ADMIN_BASE}/orders/${encodeURIComponent(orderId)}`,
  giftCards: `${ADMIN_BASE}/gift-cards`,
  giftCard: (giftCardId: string): string => `${ADMIN_BASE}/gift-cards/${encodeURIComponent(giftCardId)}`,
  discounts: `${ADMIN_BASE}/discounts`,
  newDiscountCode: `${ADMIN_BASE}/discounts/new`,
  discountCode: (discountCodeId: string): string => `${ADMIN_BASE}/discounts/${encodeURIComponent(discountCodeId)}`,
  pages: `${ADMIN_BASE}/pages`,
  newPage: `${ADMIN_BASE}/pages/new`,
  page: (pageId: string): string => `${ADMIN_BASE}/pages/${encodeURIComponent(pageId)}`,
  /** Where a password-reset email's link opens (its token follows in the fragment). */
  resetPassword: `${ADMIN_BASE}/reset-password`,
  /** The printable packing slips: of one order, or (with the Orders list's query) of the orders it shows. */
  packingSlips: (query: string): string => `${ADMIN_BASE}/packing-slips${query ? `?${query}` : ''}`,
  /** The printable invoice of one order. */
  invoice: (orderId: string): string => `${ADMIN_BASE}/orders/${encodeURIComponent(orderId)}/invoice`,
  /** A screen by its key in the navigation (products, orders…). */
  screen: (key: string): string => `${ADMIN_BASE}/${key}`,
} as const;
