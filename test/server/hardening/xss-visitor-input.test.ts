import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFormSubmissionRepository } from '../../../server/db/form-submission-repository.ts';
import { OWNER_EMAIL } from '../../../server/security/owner-account.ts';
import { addAccount, field, OWNER_PASSWORD, startServer, tempDatabasePath, Visitor, type CallResult, type RunningServer } from '../platform/harness.ts';
import { NEWSLETTER } from '../../../client/lib/messages.ts';
import { seededProduct, seededVariant } from '../helpers/fixtures.ts';
import { SHOPPER_DETAILS } from '../helpers/checkout.ts';
import { API_PATHS } from '../../../client/lib/api-paths.ts';
import { hostileEmail, hostileText, inertnessProblems, storefrontPageUrls, visibleText } from './xss-checks.ts';

// What visitors type: form answers (the contact form, a product's extra fields) and sign-up
// emails (restock, newsletter, a site-user account). Stored as typed, inert wherever shown.
const CONTACT_FORM = '6570a1b2c3d4e5f6a7b83002';
const napkins = seededProduct('monogram-napkins');
const shirt = seededProduct('linen-shirt');
const soldOut = seededVariant('linen-shirt', (v) => v.qtyInStock === 0);
const ACCOUNT_EMAIL = hostileEmail('account');
const RESTOCK_EMAIL = hostileEmail('restock');

let server: RunningServer;
let removeDatabase: () => void;
let shopper: Visitor;
let confirmationUrl: string;

function expectJson(answer: CallResult, what: string): void {
  expect(answer.headers.get('content-type') ?? '', what).toMatch(/^application\/json/);
  expect(answer.headers.get('x-content-type-options'), what).toBe('nosniff');
}

function html(answer: CallResult): string {
  return typeof answer.body === 'string' ? answer.body : '';
}

beforeAll(async () => {
  const database = tempDatabasePath();
  removeDatabase = database.remove;
  // no captcha: the sign-up calls are reached without solving one
  server = await startServer(database.path, { captcha: undefined });
  await addAccount(server, ACCOUNT_EMAIL, 'account password 1');
  shopper = new Visitor(server);
  expect((await shopper.signIn(ACCOUNT_EMAIL, 'account password 1')).status).toBe(200);
});
afterAll(async () => {
  await server.stop();
  removeDatabase();
});

describe('form answers', () => {
  it('contact form answers with markup are saved exactly as typed and answered as JSON', async () => {
    const keyAnswer = await shopper.call('/api/form/FormSubmissionKey', { json: {} });
    const key = String(field(keyAnswer.body, 'data', 'key'));
    const values = {
      'select-topic': 'Custom piece',
      'radio-contact-method': 'Email',
      'name-contact': [hostileText('first-name'), hostileText('last-name')],
      'email-contact': hostileEmail('contact'),
      'text-subject': hostileText('subject'),
      'textarea-message': hostileText('message'),
    };
    const saved = await shopper.call('/api/form/SaveFormSubmission', {
      json: { key, formId: CONTACT_FORM, form: JSON.stringify(values), pageTitle: hostileText('page-title'), pagePath: '/contact' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expectJson(saved, 'save');
    const [stored] = await createFormSubmissionRepository(server.app.deps.store).submissionsOf(CONTACT_FORM);
    expect(JSON.parse(stored!.valuesJson)).toMatchObject(values);
    expect(stored!.pageTitle).toBe(hostileText('page-title'));
  });

  it('a validation answer that names hostile fields stays JSON', async () => {
    const checked = await shopper.call(`/api/rest/forms/validate/${CONTACT_FORM}`, {
      json: { 'email-contact': hostileText('not-an-email'), [hostileText('unknown-field').slice(0, 100)]: hostileText('value') },
    });
    expect(checked.status).toBeLessThan(500);
    expectJson(checked, 'validate');
  });

  it('extra-field answers on a cart entry reach the cart, checkout and order confirmation inert', async () => {
    const answers = JSON.stringify({
      'text-monogram-initials': hostileText('initials'), 'textarea-monogram-note': hostileText('gift-note'), 'select-thread-colour': 'Rust',
    });
    const added = await shopper.call('/api/commerce/shopping-cart/entries', {
      json: { itemId: napkins.id, sku: napkins.variants[0]!.sku, quantity: 1, additionalFields: answers },
    });
    expect(added.status).toBe(200);
    expectJson(added, 'add to cart');
    const entryId = String((field(added.body, 'shoppingCart', 'entries') as { id: string }[])[0]!.id);
    const changed = await shopper.call(`/api/commerce/shopping-cart/entries/${entryId}/additionalFields`, {
      method: 'PUT',
      json: { itemId: napkins.id, sku: napkins.variants[0]!.sku, additionalFields: JSON.stringify({ 'text-monogram-initials': hostileText('changed-initials'), 'select-thread-colour': 'Ivory' }) },
    });
    expect(changed.status).toBe(200);
    expectJson(changed, 'change extra fields');
    for (const path of ['/cart', '/checkout']) {
      const page = await shopper.call(path);
      expect(page.status, path).toBe(200);
      expect(inertnessProblems(html(page)), path).toEqual([]);
    }
    const quote = (await shopper.call(API_PATHS.checkoutQuote, { json: {} })).body as { quote: { totalCents: number; selectedShippingOptionId: string } };
    const placed = await shopper.call(API_PATHS.checkoutOrders, {
      json: { ...SHOPPER_DETAILS, shippingOptionId: quote.quote.selectedShippingOptionId, idempotencyKey: 'xss-visitor-input-order', expectedTotalCents: quote.quote.totalCents },
    });
    expect(placed.status).toBe(201);
    confirmationUrl = (placed.body as { confirmationUrl: string }).confirmationUrl;
    const confirmed = await shopper.call(confirmationUrl);
    expect(confirmed.status).toBe(200);
    expect(inertnessProblems(html(confirmed))).toEqual([]);
  });
});

describe('sign-up emails', () => {
  it('a restock sign-up accepts a hostile email its pattern allows, the newsletter (zod\'s email rule) refuses it, both as JSON', async () => {
    const restock = await shopper.call('/api/site-users/account/notifications/restock', {
      json: { productId: shirt.id, variantId: soldOut.id, siteVisitorEmail: RESTOCK_EMAIL, isJoinMailingList: true },
    });
    expect(restock.status).toBe(200);
    expectJson(restock, 'restock');
    const newsletter = await shopper.call('/api/newsletter/subscribe', { json: { email: hostileEmail('newsletter') } });
    expect(newsletter.status).toBe(400);
    expect(field(newsletter.body, 'message')).toBe(NEWSLETTER.emailInvalid);
    expectJson(newsletter, 'newsletter');
  });

  it('the owner list of sign-ups gives the email back exactly, as JSON', async () => {
    const owner = new Visitor(server);
    expect((await owner.signIn(OWNER_EMAIL, OWNER_PASSWORD)).status).toBe(200);
    const list = await owner.call(`/api/site-users/account/notifications/restock?productId=${shirt.id}&variantId=${soldOut.id}`);
    expect(list.status).toBe(200);
    expectJson(list, 'sign-up list');
    expect((field(list.body, 'signUps') as { siteVisitorEmail: string }[]).map((signUp) => signUp.siteVisitorEmail)).toContain(RESTOCK_EMAIL);
  });

  it('every page is inert for the signed-in account with the hostile email', async () => {
    const urls = await storefrontPageUrls(server.app, { '/checkout/order-confirmed/:orderId': [confirmationUrl] });
    for (const url of urls) {
      const page = await shopper.call(url);
      expect(page.status, url).toBeLessThan(500);
      const text = html(page);
      expect(inertnessProblems(text), url).toEqual([]);
      // no page prints a visitor's email, answers or sign-ups back as markup; the order's own page
      // shows its lines' answers, as text, exactly as typed
      if (url === confirmationUrl) expect(visibleText(text), url).toContain(`Initials: ${hostileText('changed-initials')}`);
      else expect(visibleText(text), url).not.toContain('pwned(');
    }
  });
});
