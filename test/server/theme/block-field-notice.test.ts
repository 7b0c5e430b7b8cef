import { describe, expect, it } from 'vitest';
import { themeMessages } from '../../../server/theme/theme-messages.ts';
import { folderOf, renderPage } from './folder-fixture.ts';

describe('a block field without content', () => {
  it('is told to the author as a warning where the page renders it, and a field with content is not', () => {
    const folder = folderOf({ 'site.region': '<squarespace:block-field id="homepage" columns="12" /><squarespace:block-field id="footerBlocks" columns="12" />' });
    const notices: string[] = [];
    const page = renderPage(folder, { view: 'system', systemName: 'search' }, {}, {
      data: { blockField: (id) => (id === 'footerBlocks' ? [{ id: 'b1', type: 'text', content: 'Hi [there](/contact)' }] : []) },
      tagNotice: (_tag, message) => notices.push(message),
    });
    expect(page.errors).toEqual([]);
    expect(notices).toEqual([themeMessages.blockFieldEmpty('homepage')]);
    expect(page.html).toContain('<p>Hi <a href="/contact">there</a></p>');
  });

  it("is not told when the id's instructions wrote nothing, which names no field (doncab's collection header on the cart)", () => {
    const folder = folderOf({ 'site.region': '<squarespace:block-field id="collection-header-{collection.id}" columns="12" /><squarespace:block-field id="intro-{website.id}" columns="12" />' });
    const notices: string[] = [];
    renderPage(folder, { view: 'system', systemName: 'cart' }, { website: { id: 'w1' } }, { data: { blockField: () => [] }, tagNotice: (_tag, message) => notices.push(message) });
    expect(notices).toEqual([themeMessages.blockFieldEmpty('intro-w1')]);
  });
});
