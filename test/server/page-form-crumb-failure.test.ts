/**
 * A plain form posted without scripts whose crumb is missing or stale gets a page saying to try
 * again, with a link back to the form's page (403), not the JSON a call gets; calls keep their
 * JSON answer exactly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMessages } from '../../server/messages.ts';
import { startServer, type RunningServer } from './helpers/start-server.ts';
import { seededProduct } from './helpers/fixtures.ts';
import { Visitor } from './helpers/visitor.ts';

const giftCard = seededProduct('gift-card');
let server: RunningServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.stop(true);
});

/** A visitor who has opened a page, so they hold the crumb's secret cookie. */
async function visitorWithCookies(): Promise<{ visitor: Visitor; cookie: string }> {
  const visitor = new Visitor(server.url);
  await visitor.get('/account/sign-in');
  return { visitor, cookie: [...visitor.cookies].map(([name, value]) => `${name}=${value}`).join('; ') };
}

/** Posts as a browser posts a form: form-encoded, asking for a page. */
async function postAsBrowser(path: string, fields: Record<string, string>, cookie: string) {
  const answer = await fetch(server.url + path, {
    method: 'POST', redirect: 'manual', body: new URLSearchParams(fields).toString(),
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
  });
  return { status: answer.status, type: answer.headers.get('content-type') ?? '', text: await answer.text() };
}

function backLink(html: string): string | null {
  return /<a class="error-back" href="([^"]*)">/.exec(html)?.[1]?.replaceAll('&amp;', '&') ?? null;
}

describe('a page form posted with a missing or stale crumb', () => {
  it('answers the members\' sign-in with a page leading back to the form, the way back kept', async () => {
    const { cookie } = await visitorWithCookies();
    for (const crumb of [undefined, 'stale-crumb']) {
      const answer = await postAsBrowser('/account/sign-in?returnTo=%2Flessons', {
        ...(crumb === undefined ? {} : { crumb }), returnTo: '/lessons', email: 'member@example.com', password: 'x',
      }, cookie);
      expect(answer.status, String(crumb)).toBe(403);
      expect(answer.type).toMatch(/^text\/html/);
      expect(answer.text).toContain(serverMessages.formExpired);
      expect(answer.text).not.toContain('crumbFail');
      expect(backLink(answer.text)).toBe('/account/sign-in?returnTo=%2Flessons');
    }
  });

  it('answers the gift card form with a page leading back to the chosen amount, which opens', async () => {
    const { cookie } = await visitorWithCookies();
    const page = await (await fetch(`${server.url}/checkout/gift-card?itemId=${giftCard.id}&sku=SQ-GIFT-50`, { headers: { cookie } })).text();
    const action = /<form method="post" action="([^"]*)" class="gift-card-form">/.exec(page)![1]!.replaceAll('&amp;', '&');
    const answer = await postAsBrowser(action, { itemId: giftCard.id, sku: 'SQ-GIFT-50' }, cookie);
    expect(answer.status).toBe(403);
    expect(answer.text).toContain(serverMessages.formExpired);
    const back = backLink(answer.text)!;
    expect(back).toBe(`/checkout/gift-card?itemId=${giftCard.id}&sku=SQ-GIFT-50`);
    expect((await fetch(server.url + back)).status).toBe(200);
  });

  it('treats a post asking for a page as a form post, whatever its body, and never leads to another site', async () => {
    const { cookie } = await visitorWithCookies();
    const json = await fetch(`${server.url}/account/sign-in`, {
      method: 'POST', body: '{}', headers: { cookie, 'content-type': 'application/json', accept: 'text/html' },
    });
    expect(json.status).toBe(403);
    expect(await json.text()).toContain(serverMessages.formExpired);
    const foreign = await postAsBrowser('//evil.example/account/sign-in', { email: 'x' }, cookie);
    expect(foreign.status).toBe(403);
    expect(backLink(foreign.text)).toBe('/');
  });

  it('keeps the JSON answer for calls, even posted as a form or asking for a page', async () => {
    const { cookie } = await visitorWithCookies();
    const crumbFail = { crumbFail: true, message: serverMessages.crumbFail };
    const asForm = await postAsBrowser('/api/commerce/shopping-cart/entries', { itemId: 'x', sku: 'y', quantity: '1' }, cookie);
    expect([asForm.status, JSON.parse(asForm.text)]).toEqual([403, crumbFail]);
    const call = await fetch(`${server.url}/api/site-users/account/session`, {
      method: 'POST', body: JSON.stringify({ email: 'a@example.com', password: 'x' }), headers: { cookie, 'content-type': 'application/json' },
    });
    expect([call.status, await call.json()]).toEqual([403, crumbFail]);
    // a page route called by a script (no form body, not asking for a page) keeps the JSON too
    const scripted = await fetch(`${server.url}/account/sign-in`, { method: 'POST', headers: { cookie, accept: 'application/json' } });
    expect([scripted.status, await scripted.json()]).toEqual([403, crumbFail]);
  });
});
