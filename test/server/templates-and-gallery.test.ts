import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cliMessages } from '../../engine/cli/messages.ts';
import { GALLERY_RANGES, resolveGalleryOptions } from '../../server/pages/gallery-options.ts';
import { TEMPLATES_DIR, TemplateCompileError, TemplateStore } from '../../server/pages/template-store.ts';
import { checkTemplateFolder } from '../../server/theme/folder-check.ts';
import { loadTemplateFolder } from '../../server/theme/folder-loader.ts';
import { DiskTemplateSource } from '../../server/theme/template-source.ts';
import { startServer } from './helpers/start-server.ts';

const dirs: string[] = [];
function templateDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'templates-'));
  mkdirSync(join(dir, 'partials'));
  writeFileSync(join(dir, 'partials', 'greeting.block'), 'Hello {name}');
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function rewrite(path: string, text: string, secondsLater: number): void {
  writeFileSync(path, text);
  const when = new Date(Date.now() + secondsLater * 1000);
  utimesSync(path, when, when);
}

describe('template store (single .tmpl pages) and the theme folder', () => {
  it('picks up a changed template on the next render in development', () => {
    const dir = templateDir();
    const page = join(dir, 'page.tmpl');
    writeFileSync(page, '<p>{@|apply greeting.block}</p>');
    const store = new TemplateStore(dir, true);
    expect(store.page('page').render({ name: 'Ada' }, { partials: store.partials() }).html).toBe('<p>Hello Ada</p>');
    rewrite(page, '<div>{@|apply greeting.block}</div>', 5);
    rewrite(join(dir, 'partials', 'greeting.block'), 'Hi {name}', 5);
    expect(store.page('page').render({ name: 'Ada' }, { partials: store.partials() }).html).toBe('<div>Hi Ada</div>');
  });

  it('keeps the compiled template outside development', () => {
    const dir = templateDir();
    const page = join(dir, 'page.tmpl');
    writeFileSync(page, 'first');
    const store = new TemplateStore(dir, false);
    expect(store.page('page').render({}).html).toBe('first');
    rewrite(page, 'second', 5);
    expect(store.page('page').render({}).html).toBe('first');
    expect(store.page('page')).toBe(store.page('page'));
  });

  it('refuses a template that does not compile', () => {
    const dir = templateDir();
    writeFileSync(join(dir, 'broken.tmpl'), '{.section a}never closed');
    expect(() => new TemplateStore(dir, false).page('broken')).toThrow(TemplateCompileError);
  });

  it('refuses a page or partial that is not text (an image renamed), naming it as tmpl check does, rather than rendering its bytes', () => {
    const dir = templateDir();
    writeFileSync(join(dir, 'home.tmpl'), '<p>{@|apply greeting.block}</p>');
    writeFileSync(join(dir, 'partials', 'logo.block'), '\x89PNG\r\n\x1a\n\0\0\0\rIHDR{title}');
    const store = new TemplateStore(dir, false);
    expect(() => store.partials()).toThrow(TemplateCompileError);
    expect(store.compileErrors('home')).toEqual([{ name: 'logo.block', line: 0, column: 0, message: cliMessages.notTextFile }]);
    writeFileSync(join(dir, 'photo.tmpl'), '\0\0');
    expect(() => store.page('photo')).toThrow(TemplateCompileError);
  });

  it('compiles every file of the theme, a developer-template folder, with no problem at all', () => {
    const result = checkTemplateFolder(TEMPLATES_DIR);
    expect(result.problems).toEqual([]);
    const folder = loadTemplateFolder(new DiskTemplateSource(TEMPLATES_DIR)).folder!;
    expect([...folder.collections.keys()].sort()).toEqual(['gallery', 'lessons', 'page', 'products']);
    expect([...folder.pages.keys()].sort()).toEqual(['contact', 'home']);
    expect([...folder.system.keys()].sort()).toEqual(['404', 'access-denied', 'cart', 'checkout', 'download-refused', 'error', 'forgot-password', 'gift-card', 'mailing-list-confirmation', 'order-confirmed', 'reset-password', 'search', 'sign-in']);
    expect([...folder.blocks.keys()].sort()).toEqual(['footer.block', 'head.block', 'header.block', 'product-card.block']);
  });
});

describe('gallery options', () => {
  it('uses the defaults when nothing is stored', () => {
    expect(resolveGalleryOptions({})).toMatchObject({
      design: 'grid', autoplay: false, autoplayDuration: null, controls: false, autoCrop: true,
      aspectRatio: 'square', lightbox: false, lightboxTheme: null, thumbnailsPerRow: 4, padding: 20, maxWidth: 300,
    });
  });

  it('applies dependent options only when their switch is on', () => {
    const off = resolveGalleryOptions({ 'autoplay-duration': 3, 'thumbnail-strip-height': 50, 'meta-position': 'top', lightboxTheme: 'light' });
    expect(off).toMatchObject({ autoplayDuration: null, thumbnailStripHeight: null, metaPosition: null, lightboxTheme: null });
    const on = resolveGalleryOptions({ autoplay: true, 'autoplay-duration': 3, thumbnails: true, 'thumbnail-strip-height': 50, 'show-meta': true, 'meta-position': 'top', lightbox: true, lightboxTheme: 'light' });
    expect(on).toMatchObject({ autoplayDuration: 3, thumbnailStripHeight: 50, metaPosition: 'top', lightboxTheme: 'light' });
  });

  it.each(Object.entries(GALLERY_RANGES))('falls back to the default of %s outside its range', (key, [min, max, fallback]) => {
    const switches = { autoplay: true, thumbnails: true };
    const field = { 'autoplay-duration': 'autoplayDuration', 'thumbnail-strip-height': 'thumbnailStripHeight', 'thumbnail-strip-margin': 'thumbnailStripMargin', 'thumbnails-per-row': 'thumbnailsPerRow', padding: 'padding', 'max-width': 'maxWidth' }[key] as keyof ReturnType<typeof resolveGalleryOptions>;
    expect(resolveGalleryOptions({ ...switches, [key]: min })[field]).toBe(min);
    expect(resolveGalleryOptions({ ...switches, [key]: max })[field]).toBe(max);
    expect(resolveGalleryOptions({ ...switches, [key]: max + 1 })[field]).toBe(fallback);
    expect(resolveGalleryOptions({ ...switches, [key]: min - 1 })[field]).toBe(fallback);
  });

  it('falls back for unknown designs, ratios and positions', () => {
    expect(resolveGalleryOptions({ design: 'carousel', 'aspect-ratio': 'panorama', 'show-meta': true, 'meta-position': 'middle' }))
      .toMatchObject({ design: 'grid', aspectRatio: 'square', metaPosition: 'bottom-left' });
  });

  it('renders the gallery page with its stored options resolved', async () => {
    const server = await startServer();
    try {
      const context = await (await fetch(`${server.url}/gallery?format=json`)).json() as { galleryOptions: Record<string, unknown> };
      // stored: slideshow, autoplay 42 s (out of range), strip margin 75 (out of range), 25 per row, max-width 50
      expect(context.galleryOptions).toMatchObject({ design: 'slideshow', autoplayDuration: 5, thumbnailStripHeight: 120, thumbnailStripMargin: 20, thumbnailsPerRow: 4, padding: 12, maxWidth: 300, lightboxTheme: null, metaPosition: 'bottom-left' });
      const html = await (await fetch(`${server.url}/gallery`)).text();
      expect(html).toContain('gallery-design-slideshow');
      expect(html).toContain('data-island="Gallery"');
    } finally {
      await server.stop(true);
    }
  });
});
