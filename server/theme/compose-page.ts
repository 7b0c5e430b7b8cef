import type { RenderResult, TemplateError } from '../../engine/index.ts';
import { chooseTemplates, type FolderPageTarget, type TemplateChoice } from './collection-choice.ts';
import type { TemplateFolder } from './folder-loader.ts';
import { PLATFORM_SERVICES } from './folder-registry.ts';
import { cartClasses, pageClasses, pageId } from './page-identity.ts';
import type { Json, PlatformData } from './platform-data.ts';
import { createTagRunner } from './platform-tag-runner.ts';

export interface ComposeInput {
  folder: TemplateFolder;
  target: FolderPageTarget;
  choice?: TemplateChoice;
  /** The platform-shaped page context (what ?format=json answers). */
  context: Json;
  data: PlatformData;
  headers: string;
  footers: string;
  /** The platform's own main content, used when the folder has no template for the page. */
  builtinMain: (context: Json) => RenderResult;
  locale?: string;
  now?: number;
}

export interface ComposedPage {
  html: string;
  errors: TemplateError[];
  choice: TemplateChoice;
}

/**
 * Renders one page of a template folder as the platform composes it: the collection, item, page
 * or system template renders the main content; then each region of the chosen layout renders in
 * order with that content at `{squarespace.main-content}`, and their output is joined. Both
 * renders see the page context plus the platform's own values (`squarespace.*`,
 * `squarespace-headers`, `squarespace-footers`) and run platform tags against `data`.
 */
export function composeFolderPage(input: ComposeInput): ComposedPage {
  const { folder, target, context } = input;
  const choice = input.choice ?? chooseTemplates(folder, target);
  const squarespace: Json & { [PLATFORM_SERVICES]?: unknown } = {
    'page-id': pageId(target, context),
    'page-classes': pageClasses(folder.conf, target, choice, context),
    'cart-classes': cartClasses(context),
    'main-content': '',
  };
  squarespace[PLATFORM_SERVICES] = createTagRunner(folder.tags, input.data);
  const renderContext: Json = {
    ...context,
    squarespace,
    'squarespace-headers': input.headers,
    'squarespace-footers': input.footers,
  };
  const options = { partials: folder.partials, locale: input.locale, now: input.now };
  const errors: TemplateError[] = [];
  const main = choice.main !== null ? choice.main.template.render(renderContext, options) : input.builtinMain(context);
  errors.push(...main.errors);
  squarespace['main-content'] = main.html;
  let html = '';
  for (const region of choice.regions) {
    const file = folder.regions.get(region);
    if (file === undefined) continue;
    const result = file.template.render(renderContext, options);
    html += result.html;
    errors.push(...result.errors);
  }
  return { html, errors, choice };
}
