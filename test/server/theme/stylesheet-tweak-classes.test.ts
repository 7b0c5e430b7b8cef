import { describe, expect, it } from 'vitest';
import { loadTemplateFolder } from '../../../server/theme/folder-loader.ts';
import type { TemplateChoice } from '../../../server/theme/collection-choice.ts';
import { pageClasses } from '../../../server/theme/page-identity.ts';
import { stylesheetTweakClasses, tweakSlug } from '../../../server/theme/stylesheet-tweak-classes.ts';
import { MemoryTemplateSource } from '../../../server/theme/template-source.ts';
import { conf, SITE_REGION } from './folder-fixture.ts';

const TWEAKS = [
  '@pageWidth: 640px;',
  '// tweak: { "type" : "value", "title" : "Site Max Width", "min" : 320 }',
  '// tweak: { "category" : "Site", "title" : "Site Spacing", "type" : "dropdown", "options" : [ "Small", "Medium", "Extra Large" ], "default" : "Medium" }',
  '// tweak: { "category" : "Site: Header", "type" : "checkbox", "title" : "ancillary-header-full-width", "active" : true }',
  '// tweak: { "type" : "checkbox", "title" : "Scale Heading 1 Font Size", "active" : false }',
  '// tweak: { "title" : "tweak-header-cart-style", "type" : "dropdown", "options" : [ "Text", "Bag" ], "default" : "Text" }',
  '// tweak: { "title" : "Broken", "type" : "dropdown", "default" : ',
  '// tweak: { "title" : "site spacing", "type" : "dropdown", "default" : "Small" }',
].join('\n');

function folder(tweaks: Record<string, unknown> = {}, stylesheets = ['tweak.less', 'base.less']) {
  const files = { 'template.conf': conf({ stylesheets, tweaks }), 'site.region': SITE_REGION, 'styles/tweak.less': `${TWEAKS}\n`, 'styles/base.less': 'a { b: c; }' };
  return loadTemplateFolder(new MemoryTemplateSource(files)).folder!;
}

describe("a folder's stylesheet tweaks as body classes", () => {
  it("make a dropdown's choice and an active checkbox into classes of their titles, as the platform does", () => {
    expect(stylesheetTweakClasses(folder())).toEqual(['site-spacing-medium', 'ancillary-header-full-width', 'tweak-header-cart-style-text']);
    expect(tweakSlug('Scale Heading 1 Font Size')).toBe('scale-heading-1-font-size');
    expect(tweakSlug(' Logo Height (max) ')).toBe('logo-height-max');
  });

  it("take template.conf's setting of a tweak by its title over the tweak's default", () => {
    const chosen = folder({ 'Site Spacing': 'Extra Large', 'ancillary-header-full-width': false, 'Scale Heading 1 Font Size': true });
    expect(stylesheetTweakClasses(chosen)).toEqual(['site-spacing-extra-large', 'scale-heading-1-font-size', 'tweak-header-cart-style-text']);
  });

  it('read only the stylesheets template.conf names, and reach {squarespace.page-classes}', () => {
    expect(stylesheetTweakClasses(folder({}, ['base.less']))).toEqual([]);
    const classes = pageClasses(folder({ compact: true }), { view: 'system', systemName: '404' }, {} as TemplateChoice, {});
    expect(classes).toBe('tweak-compact site-spacing-medium ancillary-header-full-width tweak-header-cart-style-text system-page system-page-404 mobile-style-available');
  });
});
