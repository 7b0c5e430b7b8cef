/**
 * Where the bad-input refusals of every route are tested, keyed "METHOD /path" as the route
 * table names it. A route that takes no input to refuse says why instead. The coverage test
 * fails for a route missing here, so a new call cannot ship without its bad-input tests.
 */
export type BadInputCoverage = { file: string } | { noInput: string };

const file = (name: string): BadInputCoverage => ({ file: name });
const noInput = (reason: string): BadInputCoverage => ({ noInput: reason });

const CART = 'bad-input.test.ts';
const SHOP = 'bad-input-shop.test.ts';
const FORMS = 'bad-input-forms.test.ts';
const SITE_USER = 'bad-input-site-user.test.ts';
const OWNER = 'bad-input-owner.test.ts';
const RESTOCK = 'bad-input-restock.test.ts';
const TRACKING = 'bad-input-tracking.test.ts';
const PAGES = 'bad-input-pages.test.ts';
const ADMIN = 'bad-input-admin.test.ts';

const READ_ONLY = 'a read without parameters';
const STATIC_PAGE = 'a page without parameters (query strings are ignored)';

export const BAD_INPUT_COVERAGE: Readonly<Record<string, BadInputCoverage>> = {
  // site users
  'POST /api/site-users/account/session': file(SITE_USER),
  'DELETE /api/site-users/account/session': file(SITE_USER),
  'POST /api/site-users/account/locale': file(SITE_USER),
  // the forgotten password of an admin's sign-in
  'POST /api/site-users/account/password-reset': file(ADMIN),
  'POST /api/site-users/account/password-reset/confirm': file(ADMIN),
  // forms
  'GET /api/template/GetTemplateSchema': file(FORMS),
  'POST /api/rest/forms/validate/:formId': file(FORMS),
  'POST /api/form/FormSubmissionKey': file(FORMS),
  'POST /api/form/SaveFormSubmission': file(FORMS),
  // captcha
  'GET /api/captcha/challenge': file(TRACKING),
  'POST /api/captcha/solve': file(TRACKING),
  // tracking
  'POST /api/events/RecordEvent': file(TRACKING),
  'POST /api/events/RecordJavascriptErrors': file(TRACKING),
  'POST /api/census/RecordHit': file(TRACKING),
  'POST /api/census/button-click': file(TRACKING),
  'POST /api/census/button-render': file(TRACKING),
  'POST /api/census/overlay': file(TRACKING),
  'POST /api/census/form-render': file(TRACKING),
  'POST /api/census/RecordQuickView/:id': file(TRACKING),
  'GET /api/1/performance/settings': noInput(READ_ONLY),
  'POST /api/1/performance/records': file(TRACKING),
  'POST /api/v1/clanker/events': file(TRACKING),
  'POST /api/v1/clanker/validate-event-content/:schemaName': file(TRACKING),
  'GET /api/commerce/fullstory/getId': noInput(READ_ONLY),
  // places
  'GET /api/google-maps/places/autocomplete': file(TRACKING),
  'GET /api/google-maps/places/details': file(TRACKING),
  // the admin at /config
  'GET /config': noInput(STATIC_PAGE),
  'GET /config/*screen': noInput('the shell of a screen: the path only picks the screen shown'),
  // a day that does not exist, an order that does not, a visitor signed out: refused in its own suite
  'GET /config/packing-slips': file('../admin/packing-slips.test.ts'),
  // an order that does not exist, a visitor signed out, a shopper: refused in its own suite
  'GET /config/orders/:orderId/invoice': file('../admin/invoice.test.ts'),
  'GET /api/admin/products': file(ADMIN),
  'GET /api/admin/product-categories': noInput(READ_ONLY),
  'POST /api/admin/products': file(ADMIN),
  'GET /api/admin/products/:productId': file(ADMIN),
  'PUT /api/admin/products/:productId': file(ADMIN),
  'POST /api/admin/product-import': file(ADMIN),
  'GET /api/admin/product-import/sample.csv': noInput(READ_ONLY),
  'GET /api/admin/products.csv': noInput(READ_ONLY),
  'DELETE /api/admin/products/:productId': file(ADMIN),
  'POST /api/admin/products/:productId/images': file(ADMIN),
  // an unknown product or a bad id: refused in its own suite
  'POST /api/admin/products/:productId/duplicate': file('../admin/product-duplicate.test.ts'),
  'POST /api/admin/products/:productId/move': file('../admin/product-order.test.ts'),
  'POST /api/admin/products/bulk': file('../admin/product-bulk.test.ts'),
  // a product not digital, unknown or with a bad id, no file, one over the cap: refused in its own suite
  'POST /api/admin/products/:productId/file': file('../digital-delivery.test.ts'),
  'DELETE /api/admin/products/:productId/file': file('../digital-delivery.test.ts'),
  'GET /api/admin/inventory': file(ADMIN),
  'GET /api/admin/staff': noInput(READ_ONLY),
  'POST /api/admin/staff': file(ADMIN),
  'PUT /api/admin/staff/:memberId': file(ADMIN),
  'DELETE /api/admin/staff/:memberId': file(ADMIN),
  'POST /api/admin/staff/:memberId/password': file(ADMIN),
  'PUT /api/admin/inventory/:variantId': file(ADMIN),
  'GET /api/admin/inventory/:variantId/history': file(ADMIN),
  'GET /api/admin/orders': file(ADMIN),
  'GET /api/admin/orders.csv': file(ADMIN),
  'GET /api/admin/orders/:orderId': file(ADMIN),
  'POST /api/admin/orders/:orderId/fulfil': file(ADMIN),
  'PUT /api/admin/orders/:orderId/tracking': file(ADMIN),
  'POST /api/admin/orders/:orderId/cancel': file(ADMIN),
  'POST /api/admin/orders/:orderId/refund': file(ADMIN),
  'POST /api/admin/orders/:orderId/refunds': file(ADMIN),
  'POST /api/admin/orders/:orderId/emails/:emailId/send': file(ADMIN),
  'POST /api/admin/orders/:orderId/emails/:emailId/resend': file(ADMIN),
  'GET /api/admin/gift-cards': file(ADMIN),
  'GET /api/admin/gift-cards/:giftCardId': file(ADMIN),
  'POST /api/admin/gift-cards/:giftCardId/stop': file(ADMIN),
  'POST /api/admin/gift-cards/:giftCardId/start': file(ADMIN),
  'POST /api/admin/gift-cards/:giftCardId/email': file(ADMIN),
  'POST /api/admin/gift-cards/:giftCardId/code': file(ADMIN),
  'GET /api/admin/discount-codes': file(ADMIN),
  'POST /api/admin/discount-codes': file(ADMIN),
  'GET /api/admin/discount-codes/:discountCodeId': file(ADMIN),
  'PUT /api/admin/discount-codes/:discountCodeId': file(ADMIN),
  'POST /api/admin/discount-codes/:discountCodeId/stop': file(ADMIN),
  'POST /api/admin/discount-codes/:discountCodeId/start': file(ADMIN),
  'DELETE /api/admin/discount-codes/:discountCodeId': file(ADMIN),
  'GET /api/admin/discount-code-targets': noInput(READ_ONLY),
  'GET /api/admin/messages/forms': noInput(READ_ONLY),
  'GET /api/admin/messages/forms/:formId': file(ADMIN),
  'GET /api/admin/messages/forms/:formId/submissions.csv': file(ADMIN),
  'GET /api/admin/messages/subscribers': file(ADMIN),
  'GET /api/admin/messages/subscribers.csv': noInput(READ_ONLY),
  'GET /api/admin/messages/restock': file(ADMIN),
  'GET /api/admin/messages/restock.csv': noInput(READ_ONLY),
  'GET /api/admin/messages/emails-not-sent': noInput(READ_ONLY),
  'GET /api/admin/settings': noInput(READ_ONLY),
  'PUT /api/admin/settings': file(ADMIN),
  'GET /api/admin/block-fields': noInput(READ_ONLY),
  'PUT /api/admin/block-fields/:fieldId': file('../admin/block-fields.test.ts'),
  'GET /api/admin/pages': noInput(READ_ONLY),
  'POST /api/admin/pages': file('../admin/pages.test.ts'),
  'PUT /api/admin/pages/:pageId': file('../admin/pages.test.ts'),
  'DELETE /api/admin/pages/:pageId': file('../admin/pages.test.ts'),
  'POST /api/admin/pages/:pageId/move': file('../admin/pages.test.ts'),
  'POST /api/admin/navigation/:navigation/links': file('../admin/page-introductions-and-links.test.ts'),
  'PUT /api/admin/navigation/:navigation/links/:index': file('../admin/page-introductions-and-links.test.ts'),
  'DELETE /api/admin/navigation/:navigation/links/:index': file('../admin/page-introductions-and-links.test.ts'),
  'POST /api/admin/navigation/:navigation/links/:index/move': file('../admin/page-introductions-and-links.test.ts'),
  'GET /api/admin/account/session': noInput(READ_ONLY),
  'PUT /api/admin/account/password': file(ADMIN),
  'PUT /api/admin/account/email': file(ADMIN),
  // owner settings and store creation
  'GET /api/v1/commerce-preferences/:namespace': file(OWNER),
  'PUT /api/v1/commerce-preferences/:namespace': file(OWNER),
  'GET /api/site-header-footer': noInput(READ_ONLY),
  'PUT /api/site-header-footer': file(OWNER),
  'GET /api/multilingual/settings': noInput(READ_ONLY),
  'GET /api/multilingual/status': noInput(READ_ONLY),
  'GET /api/multilingual/languages': noInput(READ_ONLY),
  'PUT /api/multilingual/languages': file(OWNER),
  'DELETE /api/multilingual/connection': file(OWNER),
  'POST /api/content-service/product/1.1/websites/:websiteId/products': file(OWNER),
  'POST /api/content-service/product/1.1/websites/:websiteId/products/:collectionId/categories': file(OWNER),
  'GET /api/commondata/GetSiteLayout': noInput(READ_ONLY),
  'POST /api/widget/UpdateNavigation': file(OWNER),
  // cart, subscription, stock
  'GET /api/commerce/shopping-cart': noInput('reads only its cart cookie (tampering: cart-cookie-tampering.test.ts)'),
  'POST /api/commerce/shopping-cart/entries': file(CART),
  'PUT /api/commerce/shopping-cart/entries/:entryId/additionalFields': file(SHOP),
  'PUT /api/commerce/shopping-cart/entries/:entryId/quantity': file(CART),
  'DELETE /api/commerce/shopping-cart/entries/:entryId': file(CART),
  'POST /api/3/commerce/cart/subscription': file(SHOP),
  'GET /api/commerce/inventory/stock/': file(SHOP),
  // restock notifications and the newsletter
  'POST /api/site-users/account/notifications/restock': file(RESTOCK),
  'GET /api/site-users/account/notifications/restock/groups': file(RESTOCK),
  'GET /api/site-users/account/notifications/restock': file(RESTOCK),
  'POST /api/site-users/account/notifications/restock/send': file(RESTOCK),
  'POST /api/site-users/account/notifications/restock/send/all': file(RESTOCK),
  'POST /api/newsletter/subscribe': file(SHOP),
  'GET /api/health': noInput(READ_ONLY),
  // pages
  'GET /': noInput(STATIC_PAGE),
  'GET /shop': file(PAGES),
  'GET /robots.txt': noInput(READ_ONLY),
  'GET /sitemap.xml': noInput(READ_ONLY),
  'GET /favicon.ico': noInput(READ_ONLY),
  'GET /universal/svg/social-accounts.svg': noInput(READ_ONLY),
  'GET /shop/p/:urlId': file(PAGES),
  'GET /search': file(PAGES),
  'GET /gallery': noInput(STATIC_PAGE),
  'GET /contact': noInput(STATIC_PAGE),
  'GET /cart': noInput('a page that reads only its cart cookie'),
  'POST /api/commerce/checkout/quote': file('bad-input-checkout.test.ts'),
  'POST /api/commerce/checkout/orders': file('bad-input-checkout.test.ts'),
  'GET /checkout': noInput('a page that reads only its cart cookie'),
  'POST /checkout': file(PAGES),
  'GET /checkout/subscription': file(PAGES),
  'POST /checkout/subscription': file(PAGES),
  'GET /checkout/gift-card': file(PAGES),
  'POST /checkout/gift-card': file(PAGES),
  'GET /checkout/order-confirmed/:orderId': file(PAGES),
  'GET /lessons': noInput(STATIC_PAGE),
  'GET /lessons/:urlId': file(PAGES),
  // the owner's own pages (the admin's Pages screen): an address no plain page has goes on to the 404
  'GET /:urlId': noInput('a page whose address only picks the page: one the store lacks is its 404'),
  'GET /mailing-list/confirm': file(PAGES),
  // an unknown, malformed, expired, used-up or cancelled order's link: tested there
  'GET /downloads/:token': file('../digital-delivery.test.ts'),
  'GET /account/sign-in': file('../member-sign-in.test.ts'),
  'POST /account/sign-in': file('../member-sign-in.test.ts'),
  // an address that is not one, an unknown, used or expired link, passwords that differ: tested there
  'GET /account/forgot-password': file('../member-password-reset.test.ts'),
  'POST /account/forgot-password': file('../member-password-reset.test.ts'),
  'GET /account/reset-password': file('../member-password-reset.test.ts'),
  'POST /account/reset-password': file('../member-password-reset.test.ts'),
  // names climbing out of scripts/, missing files, an empty or too long list: 400/404, tested there
  'GET /scripts/combo/': file('../theme/script-loader.test.ts'),
  'GET /site.css': noInput('the theme folder\'s compiled stylesheet: the version parameter only busts caches'),
};
