import { describe, expect, it } from 'vitest';
import { renderFolderPage } from '../../../server/theme/render-folder-page.ts';
import { MemoryTemplateSource } from '../../../server/theme/template-source.ts';
import { layoutHeading } from '../../../server/theme/layout-heading.ts';
import { conf } from './folder-fixture.ts';

const SHOP = { id: 'c2', urlId: 'shop', typeCode: 13, title: 'Shop', description: 'Everything in the studio right now.' };
const CONTACT = { id: 'c4', urlId: 'contact', typeCode: 10, title: 'Contact', description: 'Write to us.' };

/** A layout writing the collection's title and description as doncab's page-banner.block does. */
const BANNER_REGION = '<html><body>{.section collection}<div class="page-text-wrapper"><h1 class="page-title"><span data-content-field="title">{title}</span></h1>'
  + '<div class="page-description">{description}</div></div>{.end}<main>{squarespace.main-content}</main></body></html>';
const PLAIN_REGION = '<html><body><main>{squarespace.main-content}</main></body></html>';

function folder(region: string): MemoryTemplateSource {
  return new MemoryTemplateSource({ 'template.conf': conf(), 'site.region': region, 'collections/products.conf': '{}' });
}

function count(html: string, text: string): number {
  return html.split(text).length - 1;
}

describe('a built-in page inside a layout that already writes the collection heading', () => {
  it('leaves out its own h1 and description on the shop and a page when the layout wrote them, keeping one h1', () => {
    const shop = renderFolderPage(folder(BANNER_REGION), '/shop', { collection: SHOP, items: [] });
    expect(shop.errors).toEqual([]);
    expect(count(shop.html, '<h1')).toBe(1);
    expect(count(shop.html, 'Everything in the studio right now.')).toBe(1);
    const contact = renderFolderPage(folder(BANNER_REGION), '/contact', { collection: CONTACT });
    expect(count(contact.html, '<h1')).toBe(1);
    expect(count(contact.html, 'Write to us.')).toBe(1);
  });

  it('keeps its own heading when the layout does not write the title as an h1', () => {
    const shop = renderFolderPage(folder(PLAIN_REGION), '/shop', { collection: SHOP, items: [] });
    expect(shop.html).toMatch(/<h1>Shop<\/h1>/);
    expect(shop.html).toContain('Everything in the studio right now.');
    const h2 = renderFolderPage(folder(PLAIN_REGION.replace('<main>', '<h2>{collection.title}</h2><main>')), '/shop', { collection: SHOP, items: [] });
    expect(h2.html).toMatch(/<h1>Shop<\/h1>/);
  });

  it('reads the title in an h1 whatever the markup inside it, entities decoded', () => {
    expect(layoutHeading('<h1 class="x"><span>R&amp;D\n  lab</span></h1><p>About us</p>', { title: 'R&D lab', description: 'About us' }))
      .toEqual({ layoutWritesTitle: true, layoutWritesDescription: true });
    expect(layoutHeading('<h1>Other</h1><p>R&D lab</p>', { title: 'R&D lab' })).toEqual({ layoutWritesTitle: false, layoutWritesDescription: false });
    // the store gives the description as HTML, as the platform does: compared by its words
    expect(layoutHeading('<h1>Shop</h1><div class="page-description"><p>Pots &amp; linen<br>made here.</p></div>', { title: 'Shop', description: '<p>Pots &amp; linen<br>made here.</p>' }))
      .toEqual({ layoutWritesTitle: true, layoutWritesDescription: true });
  });
});
