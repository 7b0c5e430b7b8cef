/**
 * The page a mailing-list confirmation link opens (from an email, so Back leads nowhere on the
 * site) offers a way on to the shop, and back to the page the sign-up was made on when that is
 * one of this site's (its path alone: a query may hold a token); once the address is confirmed,
 * its footer no longer offers the sign-up just completed, while a link that did not work keeps
 * it, as its message asks for.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailingListSignUp } from '../../server/api/mailing-list-signup.ts';
import { serverMessages } from '../../server/messages.ts';
import { seededProduct, seededVariant } from './helpers/fixtures.ts';
import { confirmationLinkFor } from './helpers/mailing-list-outbox.ts';
import { startServer, type RunningServer } from './helpers/start-server.ts';
import { Visitor } from './helpers/visitor.ts';

let server: RunningServer;
beforeAll(async () => {
  // many sign-ups and links from one client address
  server = await startServer({ rateLimits: { newsletter: 100, mailingListConfirmation: 100 } });
});
afterAll(async () => {
  await server.stop(true);
});

const footerSignUp = '<div class="footer-newsletter">';
const onward = `<a class="button" href="/shop">${serverMessages.mailingListBackToShop}</a>`;
const backTo = (path: string) => `<a class="button" href="${path}">${serverMessages.mailingListBackToSignUpPage}</a>`;

async function open(path: string) {
  const response = await fetch(server.url + path);
  return { status: response.status, html: await response.text() };
}

describe('the mailing-list confirmation page', () => {
  it('confirms, offers the way back to the shop, and no footer sign-up for the list just joined', async () => {
    const email = 'confirm-page@example.com';
    await createMailingListSignUp(server.app.deps).request({ email, source: 'newsletter' });
    const page = await open((await confirmationLinkFor(server.app.deps.store, email))!);
    expect(page.status).toBe(200);
    expect(page.html).toContain(serverMessages.mailingListConfirmed);
    expect(/<main[\s\S]*<\/main>/.exec(page.html)![0]).toContain(onward);
    expect(page.html).not.toContain(footerSignUp);
  });

  it('keeps the footer sign-up, and the way to the shop, when the link does not work', async () => {
    const page = await open('/mailing-list/confirm?token=not-a-link');
    expect(page.status).toBe(400);
    expect(page.html).toContain(serverMessages.mailingListLinkInvalid);
    expect(page.html).toContain(onward);
    expect(page.html).toContain(footerSignUp);
  });

  it('leaves the footer sign-up on every other page', async () => {
    expect((await open('/shop')).html).toContain(footerSignUp);
  });
});

describe('the way back to the page of the sign-up', () => {
  let emails = 0;
  /** Signs up from the footer of `page` as the island does, and opens the link mailed. */
  async function signUpOn(page: unknown) {
    emails += 1;
    const email = `from-page-${emails}@example.com`;
    const visitor = await new Visitor(server.url).start();
    expect((await visitor.post('/api/newsletter/subscribe', { email, page })).status).toBe(200);
    return (await open((await confirmationLinkFor(server.app.deps.store, email))!)).html;
  }

  it('leads back to the page the footer sign-up was made on, by its path alone', async () => {
    const html = await signUpOn('/lessons/glazing-at-home?token=secret#top');
    expect(html).toContain(serverMessages.mailingListConfirmed);
    expect(html).toContain(`${backTo('/lessons/glazing-at-home')} ${onward}`);
    expect(html).not.toContain('secret');
  });

  it('offers the shop alone for a page that is not one of this site\'s, the shop itself, the confirmation page, or none', async () => {
    for (const page of ['https://evil.example/', '//evil.example/x', '/\\evil.example', '/shop', '/mailing-list/confirm', `/${'x'.repeat(3000)}`, 42, undefined]) {
      const html = await signUpOn(page);
      expect(html, String(page)).toContain(serverMessages.mailingListConfirmed);
      expect(html, String(page)).toContain(onward);
      expect(html, String(page)).not.toContain(serverMessages.mailingListBackToSignUpPage);
    }
  });

  it('confirms a sign-up made on a page with a long address, leading to the shop instead', async () => {
    // a path the sign-up takes (within 2,048 characters) must never make a link the page cannot read
    const html = await signUpOn(`/${'x'.repeat(2000)}`);
    expect(html).toContain(serverMessages.mailingListConfirmed);
    expect(html).toContain(onward);
    expect(html).not.toContain(serverMessages.mailingListBackToSignUpPage);
  });

  it("leads back to the product of a restock sign-up that joined the list", async () => {
    const shirt = seededProduct('linen-shirt');
    const soldOut = seededVariant('linen-shirt', (variant) => variant.qtyInStock === 0);
    const email = 'restock-page@example.com';
    const visitor = await new Visitor(server.url).start();
    const signUp = await visitor.post('/api/site-users/account/notifications/restock', {
      productId: shirt.id, variantId: soldOut.id, siteVisitorEmail: email, isJoinMailingList: true,
    });
    expect(signUp.status).toBe(200);
    const html = (await open((await confirmationLinkFor(server.app.deps.store, email))!)).html;
    expect(html).toContain(backTo(`/shop/p/${shirt.urlId}`));
  });
});
