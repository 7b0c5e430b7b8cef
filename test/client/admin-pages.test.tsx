// @vitest-environment jsdom
/**
 * The Pages screen: the site's pages by title, address, type and place in the navigations; a new
 * page whose address follows its title until typed, saved into the footer; the server's refusal
 * shown under its field; the home page's heading and introduction; a save refused because the page
 * changed elsewhere, loaded again with the owner's edits kept; moves in a navigation, the focus
 * kept on the button pressed; a page deleted, asked first; and a role that may only read.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { PageEditor } from '../../client/admin/screens/PageEditor.tsx';
import { PagesScreen } from '../../client/admin/screens/PagesScreen.tsx';
import { scriptFetch, settle, type FetchCall } from './helpers.ts';
import { withAdminSession } from './admin-session.ts';

withAdminSession();

const page = (fields: Record<string, unknown>) => ({ text: '', heroTitle: '', heroText: '', description: '', navigation: 'none', revision: 0, deletable: false, typeName: 'page', ...fields });
const HOME = page({ id: 'home1', title: 'Home', urlId: 'home', address: '/', kind: 'home', heroTitle: 'Made slowly, meant to last', heroText: 'Linen, ceramics and paper goods.', navigation: 'main', revision: 2 });
const SHOP = page({ id: 'shop1', title: 'Shop', urlId: 'shop', address: '/shop', kind: 'store', typeName: 'products', description: 'Everything in the studio right now.', navigation: 'main', revision: 1 });
const ABOUT = page({ id: 'about1', title: 'Über uns', urlId: 'ueber-uns', address: '/ueber-uns', kind: 'plain', text: 'Wir drehen Tassen.', navigation: 'footer', revision: 4, deletable: true });
const NAVIGATIONS = {
  main: [{ title: 'Home', url: '/', pageId: 'home1' }, { title: 'Shop', url: '/shop', pageId: 'shop1' }],
  footer: [{ title: 'Search', url: '/search', pageId: null }, { title: 'Über uns', url: '/ueber-uns', pageId: 'about1' }],
};
const LISTED = { pages: [HOME, SHOP, ABOUT], navigations: NAVIGATIONS };

const navigate = vi.fn();
beforeEach(() => {
  navigate.mockReset();
  window.history.replaceState(null, '', '/config/pages');
});
afterEach(() => {
  vi.restoreAllMocks();
});

const bodies = (calls: FetchCall[], method: string) => calls.filter((call) => call.method === method).map((call) => call.body as Record<string, unknown>);

describe('the list', () => {
  it('shows each page by title, address, type and place in the navigations, and the navigations in order', async () => {
    scriptFetch([{ method: 'GET', path: '/api/admin/pages', answer: { body: LISTED } }]);
    render(<PagesScreen navigate={navigate} canEdit />);
    await settle();
    const table = screen.getByRole('table', { name: ADMIN.sitePages.tableLabel });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['Home', '/', 'Page', 'Main navigation'],
      ['Shop', '/shop', 'Shop', 'Main navigation'],
      ['Über uns', '/ueber-uns', 'Page', 'Footer navigation'],
    ]);
    fireEvent.click(within(table).getByRole('link', { name: 'Über uns' }));
    expect(navigate).toHaveBeenCalledWith('/config/pages/about1');
    fireEvent.click(screen.getByRole('button', { name: ADMIN.sitePages.addPage }));
    expect(navigate).toHaveBeenCalledWith('/config/pages/new');
    const footer = screen.getByRole('list', { name: 'Footer navigation' });
    expect(within(footer).getAllByRole('listitem').map((item) => item.textContent)).toEqual([expect.stringContaining('Search'), expect.stringContaining('Über uns')]);
    // every link moves; Search, not a page's, is also changed and removed here
    expect(within(footer).getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual([
      'Move Search up in the footer navigation', 'Move Search down in the footer navigation',
      'Edit Search in the footer navigation', 'Remove Search from the footer navigation',
      'Move Über uns up in the footer navigation', 'Move Über uns down in the footer navigation',
    ]);
  });

  it('moves a page in its navigation, keeps the focus on the button and says where it went', async () => {
    const calls = scriptFetch([
      { method: 'GET', path: '/api/admin/pages', answer: { body: LISTED } },
      {
        method: 'POST', path: '/api/admin/pages/about1/move',
        answer: { body: { moved: true, message: 'Über uns moved to 1 of 2 in the footer navigation.', navigations: { ...NAVIGATIONS, footer: [NAVIGATIONS.footer[1], NAVIGATIONS.footer[0]] } } },
      },
    ]);
    render(<PagesScreen navigate={navigate} canEdit />);
    await settle();
    const up = screen.getByRole('button', { name: 'Move Über uns up in the footer navigation' });
    up.focus();
    fireEvent.click(up);
    await settle();
    expect(bodies(calls, 'POST')).toEqual([{ navigation: 'footer', to: 'up' }]);
    const footer = screen.getByRole('list', { name: 'Footer navigation' });
    expect(within(footer).getAllByRole('listitem')[0]!.textContent).toContain('Über uns');
    expect(screen.getByText('Über uns moved to 1 of 2 in the footer navigation.').getAttribute('aria-live')).toBe('polite');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Move Über uns up in the footer navigation');
  });

  it('offers a role that may only read neither Add a page nor moves', async () => {
    scriptFetch([{ method: 'GET', path: '/api/admin/pages', answer: { body: LISTED } }]);
    render(<PagesScreen navigate={navigate} canEdit={false} />);
    await settle();
    expect(screen.getByText(ADMIN.readOnlyRole)).toBeTruthy();
    expect(screen.queryByRole('button', { name: ADMIN.sitePages.addPage })).toBeNull();
    expect(screen.queryAllByRole('button', { name: /^(Move|Edit|Remove|Add a link) / })).toEqual([]);
  });
});

describe('the navigations\' other links', () => {
  const withJournal = { ...NAVIGATIONS, footer: [...NAVIGATIONS.footer, { title: 'Journal', url: 'https://journal.example.com', pageId: null }] };

  it('adds a link to another site, its address refused under the field until it is one', async () => {
    const calls = scriptFetch([
      { method: 'GET', path: '/api/admin/pages', answer: { body: LISTED } },
      {
        method: 'POST', path: '/api/admin/navigation/footer/links', answer: (call) => ((call.body as { address: string }).address.startsWith('https://')
          ? { status: 201, body: { navigations: withJournal, message: 'Journal added to the footer navigation.' } }
          : { status: 400, body: { message: ADMIN.server.invalidInput, fieldErrors: { address: ADMIN.server.linkAddressNotValid } } }),
      },
    ]);
    render(<PagesScreen navigate={navigate} canEdit />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: ADMIN.sitePages.addLink('Footer navigation') }));
    const label = screen.getByLabelText(ADMIN.sitePages.linkTitle);
    expect(document.activeElement).toBe(label);
    fireEvent.change(label, { target: { value: 'Journal' } });
    fireEvent.change(screen.getByLabelText(ADMIN.sitePages.linkAddress), { target: { value: 'journal.example.com' } });
    fireEvent.click(screen.getByRole('button', { name: ADMIN.sitePages.addLinkButton }));
    await settle();
    expect(screen.getByLabelText(ADMIN.sitePages.linkAddress).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText(ADMIN.server.linkAddressNotValid).length).toBeGreaterThan(0);
    fireEvent.change(screen.getByLabelText(ADMIN.sitePages.linkAddress), { target: { value: 'https://journal.example.com' } });
    fireEvent.click(screen.getByRole('button', { name: ADMIN.sitePages.addLinkButton }));
    await settle();
    expect(bodies(calls, 'POST')).toEqual([{ title: 'Journal', address: 'journal.example.com' }, { title: 'Journal', address: 'https://journal.example.com' }]);
    const footer = screen.getByRole('list', { name: 'Footer navigation' });
    expect(within(footer).getAllByRole('listitem').at(-1)!.textContent).toContain('https://journal.example.com');
    expect(screen.queryByLabelText(ADMIN.sitePages.linkTitle)).toBeNull();
    expect(screen.getByText('Journal added to the footer navigation.')).toBeTruthy();
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Edit Journal in the footer navigation');
  });

  it('changes a link\'s label and address in place, naming the link as shown', async () => {
    const renamed = { ...NAVIGATIONS, footer: [{ title: 'Suche', url: '/search', pageId: null }, NAVIGATIONS.footer[1]] };
    const calls = scriptFetch([
      { method: 'GET', path: '/api/admin/pages', answer: { body: LISTED } },
      { method: 'PUT', path: '/api/admin/navigation/footer/links/0', answer: { body: { navigations: renamed, message: ADMIN.server.linkSaved } } },
    ]);
    render(<PagesScreen navigate={navigate} canEdit />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Search in the footer navigation' }));
    expect((screen.getByLabelText(ADMIN.sitePages.linkAddress) as HTMLInputElement).value).toBe('/search');
    fireEvent.change(screen.getByLabelText(ADMIN.sitePages.linkTitle), { target: { value: 'Suche' } });
    fireEvent.click(screen.getByRole('button', { name: ADMIN.sitePages.saveLink }));
    await settle();
    expect(bodies(calls, 'PUT')).toEqual([{ title: 'Suche', address: '/search', was: { title: 'Search', url: '/search' } }]);
    const footer = screen.getByRole('list', { name: 'Footer navigation' });
    expect(within(footer).getAllByRole('listitem')[0]!.textContent).toContain('Suche');
    expect(screen.getByText(ADMIN.server.linkSaved)).toBeTruthy();
  });

  it('moves and removes a link, asked first; a refusal shows the navigations as they stand', async () => {
    const moved = { ...NAVIGATIONS, footer: [NAVIGATIONS.footer[1], NAVIGATIONS.footer[0]] };
    const calls = scriptFetch([
      { method: 'GET', path: '/api/admin/pages', answer: { body: LISTED } },
      { method: 'POST', path: '/api/admin/navigation/footer/links/0/move', answer: { body: { moved: true, message: 'Search moved to 2 of 2 in the footer navigation.', navigations: moved } } },
      { method: 'DELETE', path: '/api/admin/navigation/footer/links/1', answer: { status: 409, body: { message: 'Nothing was changed: the footer navigation was changed elsewhere.', navigations: NAVIGATIONS } } },
    ]);
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    render(<PagesScreen navigate={navigate} canEdit />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Move Search down in the footer navigation' }));
    await settle();
    expect(bodies(calls, 'POST')).toEqual([{ to: 'down', was: { title: 'Search', url: '/search' } }]);
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Move Search down in the footer navigation');
    fireEvent.click(screen.getByRole('button', { name: 'Remove Search from the footer navigation' }));
    await settle();
    expect(confirm).toHaveBeenCalledWith(ADMIN.sitePages.confirmRemoveLink('Search', 'Footer navigation'));
    expect(bodies(calls, 'DELETE')).toEqual([{ was: { title: 'Search', url: '/search' } }]);
    expect(screen.getByText('Nothing was changed: the footer navigation was changed elsewhere.')).toBeTruthy();
    const footer = screen.getByRole('list', { name: 'Footer navigation' });
    expect(within(footer).getAllByRole('listitem')[0]!.textContent).toContain('Search');
  });
});

describe('a new page', () => {
  it('takes its address from its title until one is typed, shows the server\'s refusal under its field, and saves', async () => {
    let refused = false;
    const calls = scriptFetch([{
      method: 'POST', path: '/api/admin/pages', answer: (call) => {
        const sent = call.body as { urlId: string; title: string; text: string; navigation: string };
        if (!refused) {
          refused = true;
          return { status: 400, body: { message: ADMIN.server.invalidInput, fieldErrors: { urlId: ADMIN.server.pageAddressReserved } } };
        }
        return { status: 201, body: { page: page({ id: 'imp1', title: sent.title, urlId: sent.urlId, address: `/${sent.urlId}`, kind: 'plain', text: sent.text, navigation: sent.navigation, deletable: true }), message: 'Impressum added: the shop shows it at /impressum.' } };
      },
    }]);
    render(<PageEditor pageId={null} navigate={navigate} canEdit />);
    fireEvent.change(screen.getByLabelText(ADMIN.sitePages.pageTitle), { target: { value: 'Datenschutzerklärung' } });
    expect((screen.getByLabelText(ADMIN.sitePages.address) as HTMLInputElement).value).toBe('datenschutzerklarung');
    fireEvent.change(screen.getByLabelText(ADMIN.sitePages.address), { target: { value: 'shop' } });
    fireEvent.change(screen.getByLabelText(ADMIN.sitePages.pageTitle), { target: { value: 'Impressum' } });
    // typed by the owner: no longer follows the title
    expect((screen.getByLabelText(ADMIN.sitePages.address) as HTMLInputElement).value).toBe('shop');
    fireEvent.change(screen.getByLabelText(ADMIN.sitePages.text), { target: { value: 'Keramik Studio <GmbH> & Co' } });
    fireEvent.change(screen.getByLabelText(ADMIN.sitePages.inNavigation), { target: { value: 'footer' } });
    fireEvent.click(screen.getByRole('button', { name: ADMIN.save }));
    await settle();
    const address = screen.getByLabelText(ADMIN.sitePages.address);
    expect(address.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(ADMIN.server.pageAddressReserved)).toBeTruthy();
    expect(document.activeElement).toBe(address);

    fireEvent.change(address, { target: { value: 'impressum' } });
    fireEvent.click(screen.getByRole('button', { name: ADMIN.save }));
    await settle();
    expect(bodies(calls, 'POST').at(-1)).toEqual({ title: 'Impressum', navigation: 'footer', urlId: 'impressum', text: 'Keramik Studio <GmbH> & Co' });
    expect(screen.getByText('Impressum added: the shop shows it at /impressum.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: ADMIN.sitePages.editPage('Impressum') })).toBeTruthy();
    expect(window.location.pathname).toBe('/config/pages/imp1');
    expect(screen.getByRole('button', { name: ADMIN.delete })).toBeTruthy();
  });
});

describe('an existing page', () => {
  it('edits the home page\'s heading and introduction, its address fixed', async () => {
    const calls = scriptFetch([
      { method: 'GET', path: '/api/admin/pages', answer: { body: LISTED } },
      { method: 'PUT', path: '/api/admin/pages/home1', answer: (call) => ({ body: { page: { ...HOME, ...(call.body as object), revision: 3 }, message: ADMIN.server.pageSaved } }) },
    ]);
    render(<PageEditor pageId="home1" navigate={navigate} canEdit />);
    await settle();
    expect(screen.queryByLabelText(ADMIN.sitePages.address)).toBeNull();
    expect(screen.queryByLabelText(ADMIN.sitePages.text)).toBeNull();
    expect(screen.getByText(ADMIN.sitePages.addressFixed('/'))).toBeTruthy();
    fireEvent.change(screen.getByLabelText(ADMIN.sitePages.heroTitle), { target: { value: 'Keramik aus Berlin' } });
    fireEvent.change(screen.getByLabelText(ADMIN.sitePages.heroText), { target: { value: 'Tassen und Schalen, von Hand gedreht.' } });
    fireEvent.click(screen.getByRole('button', { name: ADMIN.save }));
    await settle();
    expect(bodies(calls, 'PUT')).toEqual([{ title: 'Home', navigation: 'main', heroTitle: 'Keramik aus Berlin', heroText: 'Tassen und Schalen, von Hand gedreht.', revisionWhenLoaded: 2 }]);
    expect(screen.getByText(ADMIN.server.pageSaved)).toBeTruthy();
  });

  it('keeps every edit when the page changed elsewhere, and loads the newer version with them laid over it', async () => {
    let reads = 0;
    const newer = { ...ABOUT, title: 'Über das Studio', text: 'Neu von nebenan.', revision: 6 };
    const calls = scriptFetch([
      { method: 'GET', path: '/api/admin/pages', answer: () => ({ body: reads++ === 0 ? LISTED : { ...LISTED, pages: [HOME, SHOP, newer] } }) },
      {
        method: 'PUT', path: '/api/admin/pages/about1', answer: (call) => ((call.body as { revisionWhenLoaded: number }).revisionWhenLoaded === 6
          ? { body: { page: { ...newer, ...(call.body as object), revision: 7 }, message: ADMIN.server.pageSaved } }
          : { status: 409, body: { message: ADMIN.server.pageChanged, currentRevision: 6 } }),
      },
    ]);
    render(<PageEditor pageId="about1" navigate={navigate} canEdit />);
    await settle();
    fireEvent.change(screen.getByLabelText(ADMIN.sitePages.inNavigation), { target: { value: 'both' } });
    fireEvent.click(screen.getByRole('button', { name: ADMIN.save }));
    await settle();
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(ADMIN.server.pageChanged);
    expect((screen.getByLabelText(ADMIN.sitePages.inNavigation) as HTMLSelectElement).value).toBe('both');

    fireEvent.click(screen.getByRole('button', { name: ADMIN.sitePages.reload }));
    await settle();
    // the owner's change kept, the others' brought in
    expect((screen.getByLabelText(ADMIN.sitePages.inNavigation) as HTMLSelectElement).value).toBe('both');
    expect((screen.getByLabelText(ADMIN.sitePages.pageTitle) as HTMLInputElement).value).toBe('Über das Studio');
    expect((screen.getByLabelText(ADMIN.sitePages.text) as HTMLTextAreaElement).value).toBe('Neu von nebenan.');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: ADMIN.save }));
    fireEvent.click(screen.getByRole('button', { name: ADMIN.save }));
    await settle();
    expect(bodies(calls, 'PUT').at(-1)).toMatchObject({ title: 'Über das Studio', navigation: 'both', revisionWhenLoaded: 6 });
    expect(screen.getByText(ADMIN.server.pageSaved)).toBeTruthy();
  });

  it('deletes a page the owner added, asked first, and leaves the list its message', async () => {
    const calls = scriptFetch([
      { method: 'GET', path: '/api/admin/pages', answer: { body: LISTED } },
      { method: 'DELETE', path: '/api/admin/pages/about1', answer: { body: { deleted: true, message: 'Über uns deleted.', navigations: NAVIGATIONS } } },
    ]);
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    render(<PageEditor pageId="about1" navigate={navigate} canEdit />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: ADMIN.delete }));
    await settle();
    expect(confirm).toHaveBeenCalledWith(ADMIN.sitePages.confirmDelete('Über uns', '/ueber-uns'));
    expect(bodies(calls, 'DELETE')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: ADMIN.delete }));
    await settle();
    expect(bodies(calls, 'DELETE')).toEqual([{ revisionWhenLoaded: 4 }]);
    expect(navigate).toHaveBeenCalledWith('/config/pages');
  });

  it('offers no Delete for the store\'s own pages', async () => {
    scriptFetch([{ method: 'GET', path: '/api/admin/pages', answer: { body: LISTED } }]);
    render(<PageEditor pageId="shop1" navigate={navigate} canEdit />);
    await settle();
    expect(screen.getByText(ADMIN.sitePages.storePageHint)).toBeTruthy();
    expect(screen.queryByRole('button', { name: ADMIN.delete })).toBeNull();
  });

  it('edits a store page\'s introduction, a text of paragraphs', async () => {
    const calls = scriptFetch([
      { method: 'GET', path: '/api/admin/pages', answer: { body: LISTED } },
      { method: 'PUT', path: '/api/admin/pages/shop1', answer: (call) => ({ body: { page: { ...SHOP, ...(call.body as object), revision: 2 }, message: ADMIN.server.pageSaved } }) },
    ]);
    render(<PageEditor pageId="shop1" navigate={navigate} canEdit />);
    await settle();
    const introduction = screen.getByLabelText(ADMIN.sitePages.description) as HTMLTextAreaElement;
    expect(introduction.tagName).toBe('TEXTAREA');
    expect(introduction.value).toBe('Everything in the studio right now.');
    fireEvent.change(introduction, { target: { value: 'Alles aus dem Studio.\n\nSiehe [Über uns](/ueber-uns).' } });
    fireEvent.click(screen.getByRole('button', { name: ADMIN.save }));
    await settle();
    expect(bodies(calls, 'PUT')).toEqual([{ title: 'Shop', navigation: 'main', description: 'Alles aus dem Studio.\n\nSiehe [Über uns](/ueber-uns).', revisionWhenLoaded: 1 }]);
    expect(screen.getByText(ADMIN.server.pageSaved)).toBeTruthy();
  });
});
