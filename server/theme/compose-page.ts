import type { OutputSink, RenderOptions, RenderResult, TemplateError } from '../../engine/index.ts';
import { chooseTemplates, type FolderPageTarget, type TemplateChoice } from './collection-choice.ts';
import type { FolderFile, TemplateFolder } from './folder-loader.ts';
import { PLATFORM_SERVICES } from './folder-registry.ts';
import { cartClasses, pageClasses, pageId } from './page-identity.ts';
import type { Json, PlatformData } from './platform-data.ts';
import { createTagRunner, type TagNotice } from './platform-tag-runner.ts';
import { layoutHeading, type LayoutHeading } from './layout-heading.ts';

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
  /** Told when a platform tag renders nothing because the site lacks what it names. */
  tagNotice?: TagNotice;
}

export interface ComposedPage {
  html: string;
  errors: TemplateError[];
  choice: TemplateChoice;
}

interface ComposeStart {
  choice: TemplateChoice;
  renderContext: Json;
  options: RenderOptions;
  errors: TemplateError[];
  /** What `{squarespace.main-content}` holds. */
  mainContent: string;
}

/**
 * Everything before the regions render: the platform's values (`squarespace.*`,
 * `squarespace-headers`, `squarespace-footers`) over the page context, the tag runner, and the
 * main content (the collection, item, page or system template, or the built-in page) rendered
 * into `squarespace.main-content`.
 */
function startComposing(input: ComposeInput): ComposeStart {
  const { folder, target, context } = input;
  const choice = input.choice ?? chooseTemplates(folder, target);
  const values = (tagNotice?: TagNotice): { squarespace: Json; renderContext: Json } => {
    const squarespace: Json & { [PLATFORM_SERVICES]?: unknown } = {
      'page-id': pageId(target, context),
      'page-classes': pageClasses(folder, target, choice, context),
      'cart-classes': cartClasses(context),
      'main-content': '',
    };
    squarespace[PLATFORM_SERVICES] = createTagRunner(folder.tags, input.data, tagNotice);
    return { squarespace, renderContext: { ...context, squarespace, 'squarespace-headers': input.headers, 'squarespace-footers': input.footers } };
  };
  const { squarespace, renderContext } = values(input.tagNotice);
  const options = { partials: folder.partials, locale: input.locale, now: input.now };
  const main = choice.main !== null
    ? choice.main.template.render(renderContext, options)
    : input.builtinMain({ ...context, ...builtinHeading(input, choice, values().renderContext, options) });
  squarespace['main-content'] = main.html;
  return { choice, renderContext, options, errors: [...main.errors], mainContent: main.html };
}

/**
 * What the layout writes of the collection a built-in page shows, read from the regions rendered
 * around an empty main content (their own tag runner, its notices and errors dropped: the page's
 * render tells them): a built-in page leaves out the h1 and description the layout already wrote.
 */
function builtinHeading(input: ComposeInput, choice: TemplateChoice, probeContext: Json, options: RenderOptions): LayoutHeading | Record<string, never> {
  const collection = input.context.collection;
  if (input.target.view === 'system' || collection === null || typeof collection !== 'object') return {};
  let html = '';
  for (const file of regionFiles(input, choice)) html += file.template.render(probeContext, options).html;
  return layoutHeading(html, collection as Json);
}

/** The regions of the chosen layout, in order. */
function regionFiles(input: ComposeInput, choice: TemplateChoice): FolderFile[] {
  return choice.regions.map((region) => input.folder.regions.get(region)).filter((file) => file !== undefined);
}

/**
 * Renders one page of a template folder as the platform composes it: the collection, item, page
 * or system template renders the main content; then each region of the chosen layout renders in
 * order with that content at `{squarespace.main-content}`, and their output is joined. Both
 * renders see the page context plus the platform's own values (`squarespace.*`,
 * `squarespace-headers`, `squarespace-footers`) and run platform tags against `data`.
 */
export function composeFolderPage(input: ComposeInput): ComposedPage {
  const { choice, renderContext, options, errors } = startComposing(input);
  let html = '';
  for (const file of regionFiles(input, choice)) {
    const result = file.template.render(renderContext, options);
    html += result.html;
    errors.push(...result.errors);
  }
  return { html, errors, choice };
}

/**
 * The page's main content alone, what the regions would write at `{squarespace.main-content}`:
 * the platform's answer to `?format=main-content`, which templates that load pages in place ask for.
 */
export function composeMainContent(input: ComposeInput): ComposedPage {
  const { choice, errors, mainContent } = startComposing(input);
  return { html: mainContent, errors, choice };
}

/**
 * The same page, the same bytes, handed to `write` as the regions produce it (the head first):
 * the main content is rendered whole first, since the region writes it in its middle.
 */
export function composeFolderPageToStream(input: ComposeInput, write: OutputSink): Omit<ComposedPage, 'html'> {
  const { choice, renderContext, options, errors } = startComposing(input);
  for (const file of regionFiles(input, choice)) {
    errors.push(...file.template.renderToStream(renderContext, write, options).errors);
  }
  return { errors, choice };
}
