import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseDocument } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageFooters } from '../../../server/theme/page-headers.ts';
import { GLYPHS, maskOf } from '../../../server/theme/social-glyphs.ts';
import { inlineSocialIconSprite, SOCIAL_ICON_SPRITE_PATH, socialIconSprite, UNKNOWN_SERVICE_SYMBOL } from '../../../server/theme/social-icon-sprite.ts';
import { SERVICE_NAMES } from '../../../server/theme/social-services.ts';
import { startServer, type RunningServer } from '../helpers/start-server.ts';
import { folderOf, renderPage } from './folder-fixture.ts';
import { REAL_TEMPLATES } from '../helpers/real-templates.ts';

// bureau applies sqs-social-links, endeavor social-links.block, dossier writes the sprite's markup by hand
const SOCIAL_TEMPLATES = ['Squarespace+bureau-framework', 'Squarespace+endeavor-framework', 'Squarefront+squarespace-dossier-template']
  .map((name) => join(REAL_TEMPLATES, name))
  .filter((dir) => existsSync(join(dir, 'template.conf')));

/** The symbol ids of an SVG sprite. */
function symbolIds(svg: string): string[] {
  return [...svg.matchAll(/<symbol id="([^"]*)"/g)].map((match) => match[1]!);
}

/** What each `<use>` of a page points at, as [address, fragment]. */
function iconReferences(html: string): Array<[string, string]> {
  return [...html.matchAll(/<use\b[^>]*xlink:href="([^"#]*)#([^"]*)"/g)].map((match) => [match[1]!, match[2]!]);
}

function socialLinks(accounts: unknown[]): string {
  const folder = folderOf({ 'site.region': '{.section website}{@|apply sqs-social-links}{.end}' });
  const page = renderPage(folder, { view: 'system', systemName: 'x' }, { website: { socialAccounts: accounts } });
  expect(page.errors).toEqual([]);
  return page.html;
}

describe('the platform social links block', () => {
  it("writes a link per account with the service's name and its icon and mask from the host's sprite", () => {
    const html = socialLinks([
      { serviceId: 64, profileUrl: 'https://www.instagram.com/studio', iconEnabled: true, serviceName: 'instagram-unauth' },
      { serviceId: 2, screenname: 'The Studio', profileUrl: 'https://www.facebook.com/studio', iconEnabled: true, serviceName: 'facebook' },
    ]);
    expect(html).toContain('<a href="https://www.instagram.com/studio" target="_blank" class="sqs-svg-icon--wrapper instagram-unauth" aria-label="Instagram">');
    expect(html).toContain('<a href="https://www.facebook.com/studio" target="_blank" class="sqs-svg-icon--wrapper facebook" aria-label="Facebook">');
    expect(iconReferences(html)).toEqual([
      [SOCIAL_ICON_SPRITE_PATH, 'instagram-unauth-icon'], [SOCIAL_ICON_SPRITE_PATH, 'instagram-unauth-mask'],
      [SOCIAL_ICON_SPRITE_PATH, 'facebook-icon'], [SOCIAL_ICON_SPRITE_PATH, 'facebook-mask'],
    ]);
  });

  it('leaves out accounts whose icon the owner hid, and names a service it does not know by the screen name', () => {
    const html = socialLinks([
      { profileUrl: 'https://hidden.example/me', iconEnabled: false, serviceName: 'instagram-unauth' },
      { profileUrl: 'https://new.example/me', screenname: 'Studio on New', serviceName: 'newservice-unauth' },
    ]);
    expect(html).not.toContain('hidden.example');
    expect(html).toContain('aria-label="Studio on New"');
  });

  it('draws a service the sprite does not know with its generic link glyph, keeping the service in the link', () => {
    const html = socialLinks([
      { profileUrl: 'https://new.example/me', screenname: 'Studio on New', serviceName: 'newservice-unauth' },
      { profileUrl: 'https://www.behance.net/studio', serviceName: 'behance-unauth' },
    ]);
    expect(html).toContain('class="sqs-svg-icon--wrapper newservice-unauth"');
    expect(iconReferences(html)).toEqual([
      [SOCIAL_ICON_SPRITE_PATH, `${UNKNOWN_SERVICE_SYMBOL}-icon`], [SOCIAL_ICON_SPRITE_PATH, `${UNKNOWN_SERVICE_SYMBOL}-mask`],
      [SOCIAL_ICON_SPRITE_PATH, 'behance-unauth-icon'], [SOCIAL_ICON_SPRITE_PATH, 'behance-unauth-mask'],
    ]);
    const ids = symbolIds(socialIconSprite());
    for (const [, id] of iconReferences(html)) expect(ids).toContain(id);
  });

  it('escapes what the accounts say', () => {
    const html = socialLinks([{ profileUrl: 'https://x.example/"><script>1</script>', screenname: '<b>"me"</b>', serviceName: 'odd"><img src=x>' }]);
    expect(html).not.toMatch(/<script|<img|<b>/);
    expect(html).toContain('class="sqs-svg-icon--wrapper odd&quot;&gt;&lt;img src=x&gt;"');
  });
});

describe('the social icon sprite', () => {
  it('has an icon and a mask for every service the host knows, and the background, once each', () => {
    const ids = symbolIds(socialIconSprite());
    expect(new Set(ids).size).toBe(ids.length);
    for (const { serviceName } of SERVICE_NAMES) expect(ids).toEqual(expect.arrayContaining([`${serviceName}-icon`, `${serviceName}-mask`]));
    expect(ids).toEqual(expect.arrayContaining(['background', `${UNKNOWN_SERVICE_SYMBOL}-icon`, `${UNKNOWN_SERVICE_SYMBOL}-mask`]));
  });

  it('is well-formed SVG whose symbols each draw one path on the 64×64 grid', () => {
    const document = parseDocument(socialIconSprite(), { xmlMode: true });
    const svg = document.children.find((node) => 'name' in node && node.name === 'svg');
    expect(svg).toBeDefined();
    const symbols = (svg as { children: Array<{ name?: string; attribs?: Record<string, string>; children?: Array<{ name?: string; attribs?: Record<string, string> }> }> }).children
      .filter((node) => node.name === 'symbol');
    // every service's icon and mask, the generic link glyph's, and the background
    expect(symbols.length).toBe(2 * SERVICE_NAMES.length + 3);
    for (const symbol of symbols) {
      expect(symbol.attribs?.viewBox).toBe('0 0 64 64');
      const paths = symbol.children?.filter((node) => node.name === 'path') ?? [];
      expect(paths).toHaveLength(1);
      expect(paths[0]!.attribs?.d).toMatch(/^[MmHhVvLlCcAaZz0-9., -]+$/);
    }
  });
});

/** The `d` of each symbol of an SVG, by its id. */
function symbolPaths(svg: string): Record<string, string> {
  return Object.fromEntries([...svg.matchAll(/<symbol id="([^"]*)"[^>]*><path[^>]*\sd="([^"]*)"/g)].map((match) => [match[1]!, match[2]!]));
}

describe('the social icons in every page', () => {
  it("writes the symbols of the site's accounts into {squarespace-footers}, hidden, as the platform does, once per service", () => {
    const footers = pageFooters({ website: { socialAccounts: [
      { serviceName: 'instagram', profileUrl: 'https://www.instagram.com/a' },
      { serviceName: 'newservice-unauth', profileUrl: 'https://new.example/me' },
      { serviceName: 'instagram', profileUrl: 'https://www.instagram.com/b' },
    ] } });
    expect(footers).toContain('<svg xmlns="http://www.w3.org/2000/svg" version="1.1" style="display:none" data-usage="social-icons-svg">');
    expect(symbolPaths(footers)).toEqual({
      'instagram-icon': GLYPHS.camera, 'instagram-mask': maskOf(GLYPHS.camera),
      'newservice-unauth-icon': GLYPHS.link, 'newservice-unauth-mask': maskOf(GLYPHS.link),
    });
  });

  it('writes none for a site without accounts, and escapes the names it writes', () => {
    expect(inlineSocialIconSprite(undefined)).toBe('');
    expect(inlineSocialIconSprite([])).toBe('');
    expect(inlineSocialIconSprite([{ serviceName: 'x"><script>1</script>' }])).not.toMatch(/<script/);
  });

  it('lets a template point at a bare #NAME-icon, which the page itself holds', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'template-folder-'));
    writeFileSync(join(dir, 'template.conf'), JSON.stringify({ name: 'Inline', layouts: { default: { name: 'Default', regions: ['site'] } } }));
    writeFileSync(join(dir, 'site.region'), '<html><head>{squarespace-headers}</head><body>{squarespace.main-content}'
      + '{.section website}{.repeated section socialAccounts}<svg><use xlink:href="#{serviceName}-icon"></use></svg>{.end}{.end}{squarespace-footers}</body></html>');
    const server = await startServer({ templateDir: dir });
    try {
      const html = await (await fetch(server.url + '/')).text();
      const references = [...html.matchAll(/<use xlink:href="#([^"]*)"/g)].map((match) => match[1]!);
      expect(references).toEqual(['instagram-icon', 'youtube-unauth-icon']);
      const inline = /<svg[^>]*data-usage="social-icons-svg"[^>]*>.*?<\/svg>/s.exec(html)?.[0] ?? '';
      for (const id of references) expect(symbolIds(inline)).toContain(id);
    } finally {
      await server.stop(true);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(SOCIAL_TEMPLATES.length === 0)('social icons of real developer templates through TEMPLATE_DIR', () => {
  for (const dir of SOCIAL_TEMPLATES) {
    describe(dir.slice(REAL_TEMPLATES.length + 1), () => {
      let server: RunningServer;
      beforeAll(async () => {
        server = await startServer({ templateDir: dir });
      });
      afterAll(async () => {
        await server.stop(true);
      });

      it("links the store's accounts with icons the host serves", async () => {
        const html = await (await fetch(server.url + '/')).text();
        expect(html).toContain('href="https://www.instagram.com/linenandloam"');
        expect(html).toContain('href="https://www.youtube.com/@linenandloam"');
        // the templates' own icons (a ui-icons.svg of their assets) are theirs to serve
        const references = iconReferences(html).filter(([address]) => address === SOCIAL_ICON_SPRITE_PATH);
        const sprite = await fetch(server.url + SOCIAL_ICON_SPRITE_PATH);
        expect(sprite.status).toBe(200);
        expect(sprite.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
        expect(sprite.headers.get('set-cookie')).toBeNull();
        const ids = symbolIds(await sprite.text());
        for (const [, id] of references) expect(ids, id).toContain(id);
        expect(references.map(([, id]) => id)).toEqual(expect.arrayContaining(['instagram-icon', 'youtube-unauth-icon']));
      });
    });
  }
});
