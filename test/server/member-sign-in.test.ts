/**
 * A members-only page links a signed-out visitor to the members' sign-in, which brings them back
 * to that page once signed in, and only ever to a page of this site.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformMessages } from '../../server/platform-messages.ts';
import { serverMessages } from '../../server/messages.ts';
import { safeReturnPath } from '../../server/security/return-path.ts';
import { createSiteUserAccount } from '../../server/security/site-user-accounts.ts';
import { startServer, type RunningServer } from './helpers/start-server.ts';
import { Visitor } from './helpers/visitor.ts';

const LOCKED_LESSON = '/lessons/glazing-at-home';
const MEMBER = { email: 'member@example.com', password: 'a member password' };

/** Addresses elsewhere, or ones a browser would read as elsewhere: none may be returned to. */
const FOREIGN_RETURNS = [
  'https://evil.example/lessons', 'http:/evil.example', '//evil.example/x', '/\\evil.example', '\\\\evil.example',
  '/..//evil.example', '/%2e%2e//evil.example', 'javascript:alert(1)', '/\tjavascript:alert(1)', '/lessons\n/x', 'evil.example', '',
];

let server: RunningServer;

beforeAll(async () => {
  server = await startServer();
  await createSiteUserAccount(server.app.deps, MEMBER);
});
afterAll(async () => {
  await server.stop(true);
});

/** The elements of a page that take the focus as it loads. */
function autofocused(html: string): string[] {
  return [...html.matchAll(/<[a-z]+\b[^>]*\sautofocus[\s>][^<]*/g)].map((match) => match[0]);
}

function attribute(html: string, pattern: RegExp): string {
  const found = pattern.exec(html);
  if (!found) throw new Error(`no match for ${pattern} in the page`);
  return found[1]!.replaceAll('&amp;', '&');
}

/** The sign-in form's hidden fields as the page wrote them. */
function hiddenFields(html: string): { crumb: string; returnTo: string } {
  return {
    crumb: attribute(html, /<input type="hidden" name="crumb" value="([^"]*)"/),
    returnTo: attribute(html, /<input type="hidden" name="returnTo" value="([^"]*)"/),
  };
}

/** Posts the sign-in form as a browser does: form-encoded, the crumb in its hidden field. */
async function postSignIn(visitor: Visitor, fields: Record<string, string>) {
  const page = await visitor.get<string>('/account/sign-in');
  const { crumb } = hiddenFields(page.text);
  return visitor.post<string>('/account/sign-in', undefined, { withoutCrumb: true, form: { crumb, ...fields } });
}

describe('signing in to a members-only page', () => {
  it('links a signed-out visitor from the members-only page to the sign-in, which returns them there', async () => {
    const visitor = new Visitor(server.url);
    const denied = await visitor.get<string>(LOCKED_LESSON);
    expect(denied.status).toBe(403);
    const href = attribute(denied.text, /<a class="member-sign-in-link" href="([^"]*)"/);
    expect(href).toBe(`/account/sign-in?returnTo=${encodeURIComponent(LOCKED_LESSON)}`);

    const form = await visitor.get<string>(href);
    expect(form.status).toBe(200);
    // posted to its own page's address, which a refused post leads back to
    expect(form.text).toContain(`<form method="post" action="/account/sign-in?returnTo=${encodeURIComponent(LOCKED_LESSON)}"`);
    expect(form.text).toMatch(/<meta name="robots" content="noindex/);
    const fields = hiddenFields(form.text);
    expect(fields.returnTo).toBe(LOCKED_LESSON);

    const signedIn = await visitor.post<string>('/account/sign-in', undefined, {
      withoutCrumb: true, form: { crumb: fields.crumb, returnTo: fields.returnTo, email: MEMBER.email, password: MEMBER.password },
    });
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.get('location')).toBe(LOCKED_LESSON);
    const lesson = await visitor.get<string>(LOCKED_LESSON);
    expect(lesson.status).toBe(200);
    // signed in already: the sign-in page goes straight on
    const again = await visitor.get('/account/sign-in?returnTo=%2Flessons');
    expect([again.status, again.headers.get('location')]).toEqual([303, '/lessons']);
  });

  it('keeps the member signed in on this device only when the box is ticked', async () => {
    const sessionCookie = async (fields: Record<string, string>) => {
      const visitor = new Visitor(server.url);
      const page = await visitor.get<string>('/account/sign-in');
      const answer = await fetch(`${server.url}/account/sign-in`, {
        method: 'POST', redirect: 'manual',
        body: new URLSearchParams({ crumb: hiddenFields(page.text).crumb, email: MEMBER.email, password: MEMBER.password, ...fields }).toString(),
        headers: { cookie: [...visitor.cookies].map(([name, value]) => `${name}=${value}`).join('; '), 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(answer.status).toBe(303);
      return answer.headers.getSetCookie().find((line) => line.startsWith('SiteUserSession='))!;
    };
    expect(await sessionCookie({ rememberMe: 'on' })).toMatch(/Max-Age=\d+/i);
    expect(await sessionCookie({})).not.toMatch(/Max-Age/i);
  });

  it('shows the form again with what went wrong, the email kept and the way back unchanged', async () => {
    const visitor = new Visitor(server.url);
    const wrong = await postSignIn(visitor, { email: MEMBER.email, password: 'not it', returnTo: LOCKED_LESSON });
    expect(wrong.status).toBe(401);
    expect(wrong.text).toContain(platformMessages.invalidCredentials);
    expect(wrong.text).toContain(`value="${MEMBER.email}"`);
    expect(hiddenFields(wrong.text).returnTo).toBe(LOCKED_LESSON);
    expect(wrong.headers.get('location')).toBeNull();
    // the page comes back with the focus on what went wrong, not at its top, and the Tab after it reaches the form
    expect(autofocused(wrong.text)).toEqual([`<p class="member-sign-in-error" id="member-sign-in-error" role="alert" tabindex="-1" autofocus>${platformMessages.invalidCredentials}`]);
    expect(autofocused((await visitor.get<string>('/account/sign-in')).text)).toEqual([]);

    const empty = await postSignIn(visitor, { email: '', password: '', returnTo: LOCKED_LESSON });
    expect(empty.status).toBe(400);
    expect(empty.text).toContain(serverMessages.memberSignInIncomplete);
    expect(autofocused(empty.text)).toHaveLength(1);
    expect((await visitor.get(LOCKED_LESSON)).status).toBe(403);
  });

  it('shows the form again for a malformed form, never a stack: fields given twice, too long or missing', async () => {
    const visitor = new Visitor(server.url);
    const { crumb } = hiddenFields((await visitor.get<string>('/account/sign-in')).text);
    const cookie = [...visitor.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const send = (body: string) => fetch(`${server.url}/account/sign-in`, {
      method: 'POST', redirect: 'manual', body: `crumb=${encodeURIComponent(crumb)}&${body}`,
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    });
    for (const body of [
      `email=${MEMBER.email}&email=other@example.com&password=x`,
      `email=${MEMBER.email}&password=${'x'.repeat(1025)}`,
      `email=${'x'.repeat(300)}@example.com&password=x`,
      'password=x',
    ]) {
      const answer = await send(body);
      const text = await answer.text();
      expect(answer.status, body.slice(0, 60)).toBe(400);
      expect(text).toContain(serverMessages.memberSignInIncomplete);
      expect(text).not.toMatch(/\bat .*\.ts:\d+/);
    }
    // a returnTo given twice is no return path: home after signing in
    const twice = await send(`email=${MEMBER.email}&password=${encodeURIComponent(MEMBER.password)}&returnTo=%2Flessons&returnTo=%2Fshop`);
    expect([twice.status, twice.headers.get('location')]).toEqual([303, '/']);
  });

  it('never returns to another site: an absolute or protocol-relative address goes home instead', async () => {
    for (const returnTo of FOREIGN_RETURNS) {
      const visitor = new Visitor(server.url);
      const form = await visitor.get<string>(`/account/sign-in?returnTo=${encodeURIComponent(returnTo)}`);
      expect(hiddenFields(form.text).returnTo, returnTo).toBe('/');
      const signedIn = await postSignIn(visitor, { email: MEMBER.email, password: MEMBER.password, returnTo });
      expect([signedIn.status, signedIn.headers.get('location')], returnTo).toEqual([303, '/']);
    }
  });
});

describe('safeReturnPath', () => {
  it('keeps a path of this site with its query and fragment', () => {
    expect(safeReturnPath('/lessons/glazing-at-home')).toBe('/lessons/glazing-at-home');
    expect(safeReturnPath('/shop?category=ceramics#top')).toBe('/shop?category=ceramics#top');
    expect(safeReturnPath('/lessons/../shop')).toBe('/shop');
  });

  it('refuses anything a browser could follow to another site', () => {
    for (const value of FOREIGN_RETURNS) expect(safeReturnPath(value), value).toBeNull();
    expect(safeReturnPath(['/lessons'])).toBeNull();
    expect(safeReturnPath(undefined)).toBeNull();
    expect(safeReturnPath(`/${'x'.repeat(5000)}`)).toBeNull();
  });
});
