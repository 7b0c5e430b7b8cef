/**
 * The URLs the islands call. The server mounts its routes on the same paths,
 * so both sides import them from here.
 */
export const API_PATHS = {
  cart: '/api/commerce/shopping-cart',
  cartEntries: '/api/commerce/shopping-cart/entries',
  /** PUT {quantity}: 0 is not allowed here; removal uses DELETE on cartEntry. */
  cartEntryQuantity: (entryId: string): string =>
    `/api/commerce/shopping-cart/entries/${encodeURIComponent(entryId)}/quantity`,
  cartEntry: (entryId: string): string => `/api/commerce/shopping-cart/entries/${encodeURIComponent(entryId)}`,
  cartEntryAdditionalFields: (entryId: string): string =>
    `/api/commerce/shopping-cart/entries/${encodeURIComponent(entryId)}/additionalFields`,
  subscription: '/api/3/commerce/cart/subscription',
  stock: '/api/commerce/inventory/stock/',
  templateSchema: '/api/template/GetTemplateSchema',
  formValidate: (formId: string): string => `/api/rest/forms/validate/${encodeURIComponent(formId)}`,
  formSubmissionKey: '/api/form/FormSubmissionKey',
  formSave: '/api/form/SaveFormSubmission',
  restock: '/api/site-users/account/notifications/restock',
  newsletter: '/api/newsletter/subscribe',
  javascriptErrors: '/api/events/RecordJavascriptErrors',
  recordEvent: '/api/events/RecordEvent',
  censusHit: '/api/census/RecordHit',
  censusFormRender: '/api/census/form-render',
  performanceSettings: '/api/1/performance/settings',
  performanceRecords: '/api/1/performance/records',
  instalmentModal: '/api/commerce/instalments/modal',
  captchaChallenge: '/api/captcha/challenge',
  captchaSolve: '/api/captcha/solve',
  checkoutQuote: '/api/commerce/checkout/quote',
  checkoutOrders: '/api/commerce/checkout/orders',
} as const;

/** Pages the islands navigate to. */
export const PAGE_PATHS = {
  cart: '/cart',
  checkout: '/checkout',
  subscription: (cartToken: string): string => `/checkout/subscription?cartToken=${encodeURIComponent(cartToken)}`,
  giftCard: (itemId: string, sku: string): string =>
    `/checkout/gift-card?itemId=${encodeURIComponent(itemId)}&sku=${encodeURIComponent(sku)}`,
  /** The order's confirmation; the token is the link's only key. */
  orderConfirmed: (orderId: string, viewToken: string): string =>
    `/checkout/order-confirmed/${encodeURIComponent(orderId)}?token=${encodeURIComponent(viewToken)}`,
} as const;
