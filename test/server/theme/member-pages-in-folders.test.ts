/**
 * The members' account pages (sign-in, forgotten password, new password) through TEMPLATE_DIR: a
 * developer-template folder without them wraps the built-in pages in its own regions, as it does
 * every system page it lacks; a folder of single .tmpl pages has a template for each page it
 * serves, these as much as the cart or checkout, and one it lacks is named as missing.
 */
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { serverMessages } from '../../../server/messages.ts';
import { createSiteUserAccount } from '../../../server/security/site-user-accounts.ts';
import { startServer, type RunningServer } from '../helpers/start-server.ts';
import { writeTemplateFolder } from '../helpers/template-folder-on-disk.ts';
import { Visitor } from '../helpers/visitor.ts';

/** A public developer template, read in place; never copied into the project. */
const BASE_TEMPLATE = join(import.meta.dirname, '../../../../shared/real-templates/Squarespace+base-template');
const MEMBER = { email: 'member@example.com', password: 'a member password' };

describe.skipIf(!existsSync(join(BASE_TEMPLATE, 'template.conf')))('members\' pages in a developer template without them', () => {
  let server: RunningServer;
  let logged: unknown[][];
  beforeAll(async () => {
    server = await startServer({ templateDir: BASE_TEMPLATE });
    await createSiteUserAccount(server.app.deps, MEMBER);
    logged = [];
    const record = (...args: unknown[]): void => {
      logged.push(args);
    };
    vi.spyOn(server.app.deps.log, 'warn').mockImplementation(record);
    vi.spyOn(server.app.deps.log, 'error').mockImplementation(record);
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await server.stop(true);
  });

  it('wraps the built-in sign-in, forgotten-password and new-password pages in the template\'s region', async () => {
    const pages: Array<[string, number, string]> = [
      ['/account/sign-in?returnTo=%2Flessons', 200, '<form method="post" action="/account/sign-in?returnTo=%2Flessons" class="member-sign-in-form"'],
      ['/account/forgot-password?returnTo=%2Flessons', 200, serverMessages.memberResetNeedsContact],
      ['/account/reset-password?token=unknown', 400, serverMessages.memberResetLinkInvalid],
    ];
    for (const [path, status, content] of pages) {
      const response = await fetch(server.url + path);
      const html = await response.text();
      expect(response.status, path).toBe(status);
      // the template's own region around the built-in main content
      expect(html, path).toContain('<div class="site-container">');
      expect(html, path).toContain(content);
      expect(html, path).not.toContain('{squarespace');
    }
    expect(logged).toEqual([]);
  });

  it('signs a member in through the wrapped form and returns them to the page they wanted', async () => {
    const visitor = new Visitor(server.url);
    const page = await visitor.get<string>('/account/sign-in?returnTo=%2Flessons');
    const crumb = /<input type="hidden" name="crumb" value="([^"]*)"/.exec(page.text)![1]!;
    const signedIn = await visitor.post<string>('/account/sign-in', undefined, {
      withoutCrumb: true, form: { crumb, returnTo: '/lessons', email: MEMBER.email, password: MEMBER.password },
    });
    expect([signedIn.status, signedIn.headers.get('location')]).toEqual([303, '/lessons']);
  });
});

describe('members\' pages in a folder of single .tmpl pages', () => {
  let dir: string;
  let server: RunningServer;
  beforeAll(async () => {
    dir = writeTemplateFolder('member-pages-', {
      'partials/head.block': '<!doctype html><html><body>',
      'sign-in.tmpl': '{@|apply head.block}<main><h1>Members</h1>{.section signIn}<form method="post" action="{action|htmlattr}"><a href="{forgotPasswordUrl|htmlattr}">Lost it?</a></form>{.end}</main></body></html>',
    });
    server = await startServer({ templateDir: dir, dev: true });
  });
  afterAll(async () => {
    await server.stop(true);
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves the folder\'s own sign-in page', async () => {
    const html = await (await fetch(`${server.url}/account/sign-in?returnTo=%2Flessons`)).text();
    expect(html).toContain('<h1>Members</h1><form method="post" action="/account/sign-in?returnTo=%2Flessons"><a href="/account/forgot-password?returnTo=%2Flessons">Lost it?</a>');
  });

  it('names the account pages the folder lacks, as it names a missing cart page', async () => {
    for (const [path, file] of [['/account/forgot-password', 'forgot-password.tmpl'], ['/account/reset-password?token=x', 'reset-password.tmpl'], ['/cart', 'cart.tmpl']]) {
      const response = await fetch(server.url + path);
      expect(response.status, path).toBe(500);
      expect(await response.text(), path).toContain(serverMessages.pageTemplateMissing(file).replaceAll('"', '&quot;'));
    }
  });
});
