import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM, RESTOCK } from '../../../client/lib/messages.ts';
import { serverMessages } from '../../../server/messages.ts';
import { platformMessages } from '../../../server/platform-messages.ts';
import { CAPTCHA_WRONG_ANSWERS_ALLOWED, createLocalCaptcha, type CaptchaAction } from '../../../server/security/captcha.ts';
import { RATE_LIMIT_TABLE } from '../../../server/security/rate-limit-table.ts';
import { seededProduct, seededVariant } from '../helpers/fixtures.ts';
import { confirmationLinkFor, isOnMailingList } from '../helpers/mailing-list-outbox.ts';
import { startServer, type RunningServer } from '../helpers/start-server.ts';
import { Visitor } from '../helpers/visitor.ts';

const RESTOCK_PATH = '/api/site-users/account/notifications/restock';
const NEWSLETTER_PATH = '/api/newsletter/subscribe';
const shirt = seededProduct('linen-shirt');
const soldOut = seededVariant('linen-shirt', (variant) => variant.qtyInStock === 0);

let server: RunningServer;
let addresses = 0;
beforeAll(async () => {
  // default budgets; a trusted proxy gives each test a client address of its own
  server = await startServer({ captcha: createLocalCaptcha(), trustProxy: true });
});
afterAll(async () => {
  await server.stop(true);
});

/** A visitor speaking from a client address no other test uses. */
async function newClient(): Promise<Visitor> {
  addresses += 1;
  const address = `10.52.0.${addresses}`;
  const visitor = new Visitor(server.url);
  const request = visitor.request.bind(visitor);
  visitor.request = (method, path, body, options = {}) => request(method, path, body, { ...options, headers: { 'x-forwarded-for': address, ...options.headers } });
  return visitor.start();
}

async function challenge(v: Visitor, action: CaptchaAction) {
  const answer = await v.get<{ challenge: string; prompt: string }>(`/api/captcha/challenge?action=${action}`);
  expect(answer.status).toBe(200);
  const [left = 0, right = 0] = (answer.body.prompt.match(/\d+/g) ?? []).map(Number);
  return { challenge: answer.body.challenge, answer: String(left + right), wrong: String(left + right + 1) };
}

async function solvedToken(v: Visitor, action: CaptchaAction): Promise<string> {
  const issued = await challenge(v, action);
  const solved = await v.post<{ token: string }>('/api/captcha/solve', { challenge: issued.challenge, answer: issued.answer });
  expect(solved.status).toBe(200);
  return solved.body.token;
}

function restockSignUp(v: Visitor, email: string, extra: Record<string, unknown> = {}) {
  return v.post<{ message: string }>(RESTOCK_PATH, { productId: shirt.id, variantId: soldOut.id, siteVisitorEmail: email, isJoinMailingList: false, ...extra });
}

const store = () => server.app.deps.store;
/** The COUNT(*) of a query "SELECT COUNT(*) FROM …", read through the store. */
const count = async (sql: string): Promise<number> =>
  Number((await server.app.deps.store.get<{ n: number }>(sql.replace('COUNT(*)', 'COUNT(*) AS n')))!.n);

describe('the captcha token', () => {
  it('is refused for any action but the one it was issued for', async () => {
    const v = await newClient();
    const forForms = await solvedToken(v, 'form_block');
    const restock = await restockSignUp(v, 'bound@example.com', { captchaToken: forForms });
    expect(restock.status).toBe(400);
    expect(restock.body.message).toBe(RESTOCK.completeCaptcha);
    const newsletter = await v.post<{ message: string }>(NEWSLETTER_PATH, { email: 'bound@example.com', captchaToken: await solvedToken(v, 'product_waitlist') });
    expect(newsletter.status).toBe(400);
    expect(newsletter.body.message).toBe(FORM.completeCaptcha);
    expect((await restockSignUp(v, 'bound@example.com', { captchaToken: await solvedToken(v, 'product_waitlist') })).status).toBe(200);
  });

  it('works once', async () => {
    const v = await newClient();
    const token = await solvedToken(v, 'product_waitlist');
    expect((await restockSignUp(v, 'once@example.com', { captchaToken: token })).status).toBe(200);
    const replay = await restockSignUp(v, 'twice@example.com', { captchaToken: token });
    expect(replay.status).toBe(400);
    expect(replay.body.message).toBe(RESTOCK.completeCaptcha);
  });
});

describe('the captcha challenge', () => {
  it('takes a few wrong answers, then refuses even the right one', async () => {
    const v = await newClient();
    const issued = await challenge(v, 'product_waitlist');
    const messages: string[] = [];
    for (let i = 0; i < CAPTCHA_WRONG_ANSWERS_ALLOWED; i += 1) {
      const wrong = await v.post<{ message: string }>('/api/captcha/solve', { challenge: issued.challenge, answer: issued.wrong });
      expect(wrong.status).toBe(400);
      messages.push(wrong.body.message);
    }
    expect(messages).toEqual([
      ...Array.from({ length: CAPTCHA_WRONG_ANSWERS_ALLOWED - 1 }, () => platformMessages.captchaWrongAnswer),
      platformMessages.captchaTooManyWrongAnswers,
    ]);
    const right = await v.post<{ message: string }>('/api/captcha/solve', { challenge: issued.challenge, answer: issued.answer });
    expect(right.status).toBe(400);
    expect(right.body.message).toBe(platformMessages.captchaTooManyWrongAnswers);
  });

  it('checks only the first few of every possible answer sent at once', async () => {
    const v = await newClient();
    const issued = await challenge(v, 'form_block');
    // the two numbers are 1 to 9, so every sum from 2 to 18, all in parallel
    const answers = await Promise.all(Array.from({ length: 17 }, (_, i) => v.post<{ message?: string }>('/api/captcha/solve', { challenge: issued.challenge, answer: String(i + 2) })));
    expect(answers.filter((answer) => answer.status === 200).length).toBeLessThanOrEqual(1);
    const refusedUnchecked = answers.filter((answer) => answer.body.message === platformMessages.captchaTooManyWrongAnswers);
    expect(refusedUnchecked.length).toBeGreaterThanOrEqual(17 - CAPTCHA_WRONG_ANSWERS_ALLOWED);
  });

  it('is handed out a limited number of times per client', async () => {
    const v = await newClient();
    const statuses: number[] = [];
    for (let i = 0; i <= RATE_LIMIT_TABLE.captchaChallenge.limit; i += 1) statuses.push((await v.get('/api/captcha/challenge?action=form_block')).status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(RATE_LIMIT_TABLE.captchaChallenge.limit);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('double opt-in', () => {
  it('keeps a newsletter address off the mailing list until the link mailed to it is opened', async () => {
    const v = await newClient();
    const email = 'opt-in@example.com';
    expect((await v.post(NEWSLETTER_PATH, { email, captchaToken: await solvedToken(v, 'newsletter_block') })).status).toBe(200);
    expect(await isOnMailingList(store(), email)).toBe(false);
    const link = await confirmationLinkFor(store(), email);
    expect(link).not.toBeNull();
    // a link whose signature does not match changes nothing
    const forged = await v.get(`${link!.slice(0, -4)}AAAA`);
    expect(forged.status).toBe(400);
    expect(forged.text).toContain(serverMessages.mailingListLinkInvalid);
    expect(await isOnMailingList(store(), email)).toBe(false);
    const opened = await v.get(link!);
    expect(opened.status).toBe(200);
    expect(opened.text).toContain(serverMessages.mailingListConfirmed);
    expect(await isOnMailingList(store(), email)).toBe(true);
  });

  it('asks a restock sign-up\'s address too, and mails one confirmation a day however often it is signed up', async () => {
    const email = 'stranger@example.com';
    for (let i = 0; i < 3; i += 1) {
      const v = await newClient();
      const answer = await restockSignUp(v, email, { isJoinMailingList: true, captchaToken: await solvedToken(v, 'product_waitlist') });
      expect(answer.status).toBe(200);
    }
    expect(await isOnMailingList(store(), email)).toBe(false);
    expect(await count(`SELECT COUNT(*) FROM email_outbox WHERE recipient = '${email}' AND kind = 'mailing-list-confirmation'`)).toBe(1);
    // in the email outbox like every email, waiting there for a mail server (this store has none)
    expect(await count(`SELECT COUNT(*) FROM email_outbox WHERE recipient = '${email}' AND kind = 'mailing-list-confirmation' AND status = 'pending'`)).toBe(1);
  });
});

describe('floods of the attack', () => {
  it('cannot sign up strangers by the hundred: restock sign-ups stop at the budget', async () => {
    const v = await newClient();
    const tokens = await Promise.all(Array.from({ length: 8 }, () => solvedToken(v, 'product_waitlist')));
    const answers = [];
    for (const [i, token] of tokens.entries()) answers.push((await restockSignUp(v, `victim-${i}@example.com`, { isJoinMailingList: true, captchaToken: token })).status);
    expect(answers.filter((status) => status === 200)).toHaveLength(RATE_LIMIT_TABLE.restockSignUp.limit);
    expect(answers.slice(RATE_LIMIT_TABLE.restockSignUp.limit).every((status) => status === 429)).toBe(true);
    expect(await count("SELECT COUNT(*) FROM mailing_list WHERE email LIKE 'victim-%'")).toBe(0);
  });

  it('cannot open gift-card checkouts by the hundred (each makes a cart; orders need a payment)', async () => {
    const giftCard = seededProduct('gift-card');
    const v = await newClient();
    const before = await count('SELECT COUNT(*) FROM orders');
    const cartsBefore = await count('SELECT COUNT(*) FROM carts');
    const statuses = await Promise.all(Array.from({ length: 30 }, () => v.post('/checkout/gift-card', undefined, {
      form: { itemId: giftCard.id, sku: giftCard.variants[0]!.sku },
    })));
    expect(statuses.filter((answer) => answer.status === 429)).toHaveLength(30 - RATE_LIMIT_TABLE.checkout.limit);
    expect((await count('SELECT COUNT(*) FROM carts')) - cartsBefore).toBe(RATE_LIMIT_TABLE.checkout.limit);
    expect(await count('SELECT COUNT(*) FROM orders')).toBe(before);
  });
});
