import { describe, expect, it } from 'vitest';
import { loadTemplateFolder } from '../../../server/theme/folder-loader.ts';
import type { TemplateChoice } from '../../../server/theme/collection-choice.ts';
import { pageClasses } from '../../../server/theme/page-identity.ts';
import { classSlug, tweakClassSlug } from '../../../server/theme/class-slug.ts';
import { stylesheetTweaks, tweakValuesForScripts } from '../../../server/theme/stylesheet-tweaks.ts';
import { platformScriptGlobals } from '../../../server/theme/platform-script-globals.ts';
import { MemoryTemplateSource } from '../../../server/theme/template-source.ts';
import { conf, SITE_REGION } from './folder-fixture.ts';

const TWEAKS = [
  '@pageWidth: 640px;',
  '// tweak: { "type" : "value", "title" : "Site Max Width", "min" : 320 }',
  '',
  '// the widest page',
  '@siteMaxWidth : 1280px ;',
  '// tweak: { "type" : "color", "title" : "Accent" }',
  '@accentColor: #c53;',
  '// tweak: { "category" : "Site", "title" : "Site Spacing", "type" : "dropdown", "options" : [ "Small", "Medium", "Extra Large" ], "default" : "Medium" }',
  '// tweak: { "category" : "Site: Header", "type" : "checkbox", "title" : "ancillary-header-full-width", "active" : true }',
  '// tweak: { "type" : "checkbox", "title" : "Scale Heading 1 Font Size", "active" : false }',
  '// tweak: { "title" : "tweak-header-cart-style", "type" : "dropdown", "options" : [ "Text", "Bag" ], "default" : "Text" }',
  '// tweak: { "title" : "Broken", "type" : "dropdown", "default" : ',
  '// tweak: { "title" : "site spacing", "type" : "dropdown", "default" : "Small" }',
].join('\n');

function folder(tweaks: Record<string, unknown> = {}, stylesheets = ['tweak.less', 'base.less'], region = SITE_REGION) {
  const files = { 'template.conf': conf({ stylesheets, tweaks }), 'site.region': region, 'styles/tweak.less': `${TWEAKS}\n`, 'styles/base.less': 'a { b: c; }' };
  return loadTemplateFolder(new MemoryTemplateSource(files)).folder!;
}

describe("a folder's stylesheet tweaks as body classes", () => {
  it("read a tweak the platform reads though JSON does not (a key unquoted, as dossier writes one), and make its choice's class as the platform does", () => {
    const aspect = '// tweak: { "label" : "Aspect Ratio", "type" : "dropdown", "title" : "tweak-blog-list-item-aspect-ratio", options : [ "1:1 Square", "2:3 Standard (Vertical)", "4:3 Four-Three", "16:9 Widescreen", "2.40 Anamorphic Widescreen" ], "default"  : "1:1 Square" }';
    const withAspect = (tweaks: Record<string, unknown>) => loadTemplateFolder(new MemoryTemplateSource({
      'template.conf': conf({ stylesheets: ['tweak.less'], tweaks }), 'site.region': SITE_REGION, 'styles/tweak.less': `${aspect}\n`,
    })).folder!;
    expect(stylesheetTweaks(withAspect({})).classes).toEqual(['tweak-blog-list-item-aspect-ratio-11-square']);
    const chosen = withAspect({ 'tweak-blog-list-item-aspect-ratio': '16:9 Widescreen', 'tweak-header-color': 'Dark' });
    // chosen in template.conf: one class, the stylesheet's, and no tweak-tweak-… for a name that has the prefix
    expect(pageClasses(chosen, { view: 'system', systemName: '404' }, {} as TemplateChoice, {}).split(' ').filter((name) => name.startsWith('tweak-')))
      .toEqual(['tweak-header-color-dark', 'tweak-blog-list-item-aspect-ratio-169-widescreen']);
    expect(['2:3 Standard (Vertical)', '4:3 Four-Three', '2.40 Anamorphic Widescreen', ' Full  Width ', 'snake_case'].map(tweakClassSlug))
      .toEqual(['23-standard-vertical', '43-four-three', '240-anamorphic-widescreen', 'full-width', 'snake-case']);
  });

  it("make a dropdown's choice and an active checkbox into classes of their titles, as the platform does", () => {
    expect(stylesheetTweaks(folder()).classes).toEqual(['site-spacing-medium', 'ancillary-header-full-width', 'tweak-header-cart-style-text']);
    expect(classSlug('Scale Heading 1 Font Size')).toBe('scale-heading-1-font-size');
    expect(classSlug(' Logo Height (max) ')).toBe('logo-height-max');
  });

  it("take template.conf's setting of a tweak by its title over the tweak's default", () => {
    const chosen = folder({ 'Site Spacing': 'Extra Large', 'ancillary-header-full-width': false, 'Scale Heading 1 Font Size': true });
    expect(stylesheetTweaks(chosen).classes).toEqual(['site-spacing-extra-large', 'scale-heading-1-font-size', 'tweak-header-cart-style-text']);
  });

  it('read only the stylesheets template.conf names, and reach {squarespace.page-classes}', () => {
    expect(stylesheetTweaks(folder({}, ['base.less'])).classes).toEqual([]);
    const classes = pageClasses(folder({ compact: true }), { view: 'system', systemName: '404' }, {} as TemplateChoice, {});
    expect(classes).toBe('tweak-compact site-spacing-medium ancillary-header-full-width tweak-header-cart-style-text system-page system-page-404 mobile-style-available');
  });

  it("give a template's scripts each setting by the name they ask for it with, only in a folder that loads scripts", () => {
    const withScript = `${SITE_REGION}<squarespace:script src="site.js" />`;
    expect(tweakValuesForScripts(folder())).toBeNull();
    expect(tweakValuesForScripts(folder({ accentColor: '#000', 'Site Spacing': 'Small' }, undefined, withScript))).toEqual({
      siteMaxWidth: '1280px',
      accentColor: '#000',
      'Site Spacing': 'Small',
      'ancillary-header-full-width': 'true',
      'Scale Heading 1 Font Size': 'false',
      'tweak-header-cart-style': 'Text',
    });
  });

  it("define the platform's globals that templates' scripts read where the page has none, under the page's nonce", () => {
    const script = platformScriptGlobals({ 'tweak-x': 'true', '</script>': 'a\u2028b' }, 'NONCE');
    // the context as data, for a page loader that copies it from the page it loads, then the code under the nonce
    const data = /^<script type="application\/json" data-name="static-context">(.*?)<\/script><script nonce="NONCE">/.exec(script);
    expect(JSON.parse(data![1]!)).toEqual({ authenticatedAccount: null, tweakJSON: { 'tweak-x': 'true', '</script>': 'a\u2028b' } });
    expect(script.match(/<\/script>/g)).toHaveLength(2);
    const code = script.slice(script.lastIndexOf('<script nonce="NONCE">') + '<script nonce="NONCE">'.length, -'</script>'.length);
    type History = { pushState: (state: unknown, title: string, url: string) => void };
    type Page = { Static?: { SQUARESPACE_CONTEXT: { authenticatedAccount: unknown; tweakJSON: Record<string, string> } }; Y?: { Global?: unknown; Squarespace: { Template: { getTweakValue: (name: string) => string | null } } }; Squarespace?: { globalDestroy: () => void; afterBodyLoad: () => void; AFTER_BODY_LOADED?: boolean }; history?: History };
    const run = (page: Page, location: { href: string; reload: () => void }): void => new Function('window', 'location', code)(page, location);
    const location = { href: 'http://shop/', reloaded: 0, reload() { this.reloaded++; } };
    const page: Page = { history: { pushState: (_state, _title, url) => { location.href = `http://shop${url}`; } } };
    run(page, location);
    // @squarespace/core's Tweak.getValue, and dossier's sqs-core.js through YUI
    expect(page.Static!.SQUARESPACE_CONTEXT).toEqual({ authenticatedAccount: null, tweakJSON: { 'tweak-x': 'true', '</script>': 'a\u2028b' } });
    expect(page.Y!.Squarespace.Template.getTweakValue('tweak-x')).toBe('true');
    expect(page.Y!.Squarespace.Template.getTweakValue('toString')).toBeNull();
    expect(page.Y!.Global).toBeUndefined();
    // a page loader's content loaded in place: the page is loaded whole at its new address, never again at the same one
    page.history!.pushState(null, '', '/gallery');
    expect(location.reloaded).toBe(0); // no loader has put content in place yet
    location.href = 'http://shop/';
    page.Squarespace!.globalDestroy();
    page.Squarespace!.afterBodyLoad();
    expect(location.reloaded).toBe(0);
    // dossier's loader sets the address after the call, doncab's before it
    page.history!.pushState(null, '', '/lessons');
    expect(location.reloaded).toBe(1);
    location.href = 'http://shop/shop';
    page.Squarespace!.afterBodyLoad();
    expect(location.reloaded).toBe(2);
    expect(page.Squarespace!.AFTER_BODY_LOADED).toBe(true);
    // a page that has the platform's own keeps them
    const own = { Static: { SQUARESPACE_CONTEXT: { authenticatedAccount: 'me', tweakJSON: {} } }, Y: { Squarespace: { Template: { getTweakValue: () => 'own' } } } };
    run(own as Page, location);
    expect(own.Static.SQUARESPACE_CONTEXT.authenticatedAccount).toBe('me');
    expect(own.Y.Squarespace.Template.getTweakValue()).toBe('own');
    expect(platformScriptGlobals({}, '')).toContain('</script><script>(function(){');
  });

  it("define the platform's UserAccountApi that @squarespace/core's UserAccounts calls: the SiteUserInfo cookie says who is signed in, and the account screen is the members' sign-in", () => {
    const script = platformScriptGlobals({}, 'NONCE');
    const code = script.slice(script.lastIndexOf('<script nonce="NONCE">') + '<script nonce="NONCE">'.length, -'</script>'.length);
    type Api = { isUserAuthenticated: () => boolean; openAccountScreen: () => void };
    const open = (cookie: string) => {
      const page: { UserAccountApi?: Api; history?: undefined } = {};
      const location = { href: 'http://shop/shop?category=Mugs', pathname: '/shop', search: '?category=Mugs', assigned: [] as string[], assign(url: string) { this.assigned.push(url); }, reload() {} };
      new Function('window', 'location', 'document', code)(page, location, { cookie });
      return { api: page.UserAccountApi!, location };
    };
    const visitor = open('crumb=abc; hasCart=true');
    expect(visitor.api.isUserAuthenticated()).toBe(false);
    visitor.api.openAccountScreen();
    expect(visitor.location.assigned).toEqual(['/account/sign-in?returnTo=%2Fshop%3Fcategory%3DMugs']);
    const member = open(`crumb=abc; SiteUserInfo=${encodeURIComponent(JSON.stringify({ authenticated: true, siteUserId: 'u1' }))}`);
    expect(member.api.isUserAuthenticated()).toBe(true);
    member.api.openAccountScreen();
    expect(member.location.assigned).toEqual([]);
    // an unreadable cookie is no user, as the server reads it
    expect(open('SiteUserInfo=%7Bnot-json').api.isUserAuthenticated()).toBe(false);
    expect(open(`SiteUserInfo=${encodeURIComponent(JSON.stringify({ authenticated: false, siteUserId: 'u1' }))}`).api.isUserAuthenticated()).toBe(false);
    // a page that has the platform's own keeps it
    const own = { UserAccountApi: { isUserAuthenticated: () => true, openAccountScreen: () => undefined } };
    new Function('window', 'location', 'document', code)(own, { href: 'http://shop/' }, { cookie: '' });
    expect(own.UserAccountApi.isUserAuthenticated()).toBe(true);
  });
});
