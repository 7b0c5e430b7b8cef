import type { RenderResult } from '../../../engine/index.ts';
import { composeFolderPage, type ComposedPage } from '../../../server/theme/compose-page.ts';
import { chooseTemplates, type FolderPageTarget } from '../../../server/theme/collection-choice.ts';
import { loadTemplateFolder, type TemplateFolder } from '../../../server/theme/folder-loader.ts';
import { EMPTY_PLATFORM_DATA, type PlatformData } from '../../../server/theme/platform-data.ts';
import { platformContext } from '../../../server/theme/platform-context.ts';
import type { TagNotice } from '../../../server/theme/platform-tag-runner.ts';
import { MemoryTemplateSource } from '../../../server/theme/template-source.ts';

/** A template.conf with one default layout of one region, and the given extras. */
export function conf(extra: Record<string, unknown> = {}): string {
  return JSON.stringify({ name: 'Test', layouts: { default: { name: 'Default', regions: ['site'] } }, navigations: [{ name: 'mainNav', title: 'Main' }], ...extra });
}

/** A region as a real page's: the platform's headers, the page's content, the platform's footers. */
export const SITE_REGION = '<head>{squarespace-headers}</head><body id="{squarespace.page-id}" class="{squarespace.page-classes}">[{squarespace.main-content}]{squarespace-footers}</body>';

export function folderOf(files: Record<string, string>): TemplateFolder {
  const load = loadTemplateFolder(new MemoryTemplateSource({ 'template.conf': conf(), 'site.region': SITE_REGION, ...files }));
  if (load.folder === null) throw new Error(load.problems.map((p) => p.message).join('; '));
  return load.folder;
}

export interface RenderOptions {
  data?: Partial<PlatformData>;
  builtin?: (context: Record<string, unknown>) => RenderResult;
  headers?: string;
  footers?: string;
  tagNotice?: TagNotice;
}

/** Composes a page of a folder as the server does, with stub site data. */
export function renderPage(folder: TemplateFolder, target: FolderPageTarget, context: Record<string, unknown>, options: RenderOptions = {}): ComposedPage {
  const choice = chooseTemplates(folder, target);
  return composeFolderPage({
    folder,
    target,
    choice,
    context: platformContext(folder, choice, context, { showCart: true }),
    data: { ...EMPTY_PLATFORM_DATA, ...options.data },
    headers: options.headers ?? '<!--headers-->',
    footers: options.footers ?? '<!--footers-->',
    builtinMain: options.builtin ?? (() => ({ html: 'BUILT-IN', errors: [] })),
    tagNotice: options.tagNotice,
  });
}

export const BLOG = { id: 'c1', urlId: 'journal', typeCode: 1, typeName: 'blog', title: 'Journal' };
