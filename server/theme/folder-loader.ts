import { closestName, compile, LineIndex, type Template, type TemplateError } from '../../engine/index.ts';
import { cliMessages } from '../../engine/cli/messages.ts';
import { isTemplateText } from '../../engine/cli/template-text.ts';
import { parseCollectionConf, regionNamePosition, type CollectionConf } from './collection-conf.ts';
import type { EditedText } from './edited-text.ts';
import { folderRegistry } from './folder-registry.ts';
import { rewritePlatformTags, tagBodyPartialName, type PlatformTag } from './platform-tags.ts';
import { withScriptNonces } from './script-nonces.ts';
import { SYSTEM_BLOCKS } from './system-blocks.ts';
import { layoutRegionPosition, parseTemplateConf, regionBaseName, type TemplateConf } from './template-conf.ts';
import type { TemplateSource } from './template-source.ts';
import { themeMessages } from './theme-messages.ts';

export interface FolderProblem {
  file: string;
  line: number;
  column: number;
  message: string;
  severity: 'error' | 'warning';
  /** A malformed tag kept as text (the reference's validate mode): the file still renders as written. */
  validation?: true;
}

/** A template of the folder that is not text (see isTemplateText): the storefront cannot serve the folder with it. */
export function isNotTextProblem(problem: FolderProblem): boolean {
  return problem.message === cliMessages.notTextFile;
}

/** Where a problem is, as editors and terminals link it: `file:line:column`, or the file alone when it has no place in it (line 0). */
export function placeOf({ file, line, column }: { file: string; line: number; column: number }): string {
  return line > 0 ? `${file}:${line}:${column}` : file;
}

/** Problems as template errors (the file as the error's name), for the overlay and the logs that list those. */
export function asTemplateErrors(problems: readonly FolderProblem[]): TemplateError[] {
  return problems.map(({ file, line, column, message }) => ({ name: file, line, column, message }));
}

/** One compiled file of the folder, known by its path ('collections/blog.list'). */
export interface FolderFile {
  path: string;
  template: Template;
}

export interface FolderCollection {
  name: string;
  conf: CollectionConf | null;
  list: FolderFile | null;
  item: FolderFile | null;
}

export interface FolderPage {
  name: string;
  file: FolderFile;
  conf: CollectionConf | null;
}

export interface TemplateFolder {
  source: TemplateSource;
  conf: TemplateConf;
  regions: Map<string, FolderFile>;
  collections: Map<string, FolderCollection>;
  pages: Map<string, FolderPage>;
  /** system/NAME.page: the folder's own 404, search, cart, checkout… pages. */
  system: Map<string, FolderFile>;
  /** The folder's own blocks by the name `apply` uses ('navigation.block'). */
  blocks: Map<string, FolderFile>;
  /** Everything a render may apply: the folder's blocks, the platform's blocks and tag bodies. */
  partials: Record<string, Template>;
  tags: Map<string, PlatformTag>;
  problems: FolderProblem[];
}

export type FolderLoad = { folder: TemplateFolder; problems: FolderProblem[] } | { folder: null; problems: FolderProblem[] };

function extensionOf(name: string, ext: string): string | null {
  return name.endsWith(ext) && name.length > ext.length ? name.slice(0, -ext.length) : null;
}

/**
 * Reads and compiles a developer-template folder from its source: template.conf, the regions of
 * its layouts, collections (NAME.conf, NAME.list, NAME.item), blocks (also one folder deep),
 * pages/*.page with their .page.conf, and system/*.page. Inline scripts get the page's nonce and
 * platform tags are rewritten into instructions first. Every problem is collected with its file and position; only a missing or
 * unreadable template.conf stops the load.
 */
export function loadTemplateFolder(source: TemplateSource): FolderLoad {
  const problems: FolderProblem[] = [];
  const confText = source.read('template.conf');
  if (confText === undefined) {
    return { folder: null, problems: [{ file: 'template.conf', line: 0, column: 0, message: themeMessages.confMissing(source.label), severity: 'error' }] };
  }
  const parsedConf = parseTemplateConf(confText);
  if (!parsedConf.ok) {
    return { folder: null, problems: [{ file: 'template.conf', line: parsedConf.line, column: parsedConf.column, message: parsedConf.message, severity: 'error' }] };
  }
  const conf = parsedConf.value;
  const tags = new Map<string, PlatformTag>();
  const partials: Record<string, Template> = {};
  let tagCount = 0;
  const nextId = (): string => `t${++tagCount}`;

  const compileFile = (path: string): FolderFile | null => {
    const text = source.read(path);
    if (text === undefined) return null;
    // An image renamed .block would render as itself, garbled: the file is one error, and renders nothing.
    if (!isTemplateText(text)) {
      problems.push({ file: path, line: 0, column: 0, message: cliMessages.notTextFile, severity: 'error' });
      return { path, template: compile('', { name: path, plugins: folderRegistry }) };
    }
    // The file is compiled as rewritten (script nonces added, platform tags replaced), and every
    // position is mapped back, so errors name the author's own lines and columns.
    const lines = new LineIndex(text);
    const nonced = withScriptNonces(text);
    const inFile = (offset: number): { line: number; column: number } => lines.position(nonced.originalOffset(offset));
    const rewritten = rewritePlatformTags(nonced.text, path, nextId, inFile);
    const compileEdited = (edited: EditedText): Template =>
      compile(edited.text, { name: path, plugins: folderRegistry, positions: { position: (offset) => inFile(edited.originalOffset(offset)) } });
    problems.push(...rewritten.problems);
    for (const tag of rewritten.tags) {
      tags.set(tag.id, tag);
      if (tag.body !== null) {
        const body = compileEdited(tag.body);
        for (const e of body.errors) problems.push({ file: path, line: e.line, column: e.column, message: e.message, ...(e.validation ? { severity: 'warning', validation: true } : { severity: 'error' }) });
        partials[tagBodyPartialName(tag.id)] = body;
      }
    }
    const template = compileEdited(rewritten.source);
    // malformed tags kept as text (the reference's validate mode) change nothing that renders: warnings
    for (const e of template.errors) problems.push({ file: path, line: e.line, column: e.column, message: e.message, ...(e.validation ? { severity: 'warning', validation: true } : { severity: 'error' }) });
    return { path, template };
  };
  const readConf = (path: string): CollectionConf | null => {
    const text = source.read(path);
    if (text === undefined) return null;
    const reading = parseCollectionConf(text);
    for (const problem of reading.problems) problems.push({ file: path, ...problem, severity: 'error' });
    return reading.conf;
  };

  const regions = new Map<string, FolderFile>();
  // the folder's own regions, read once: a layout's mistyped region is told the one it likely meant, and every region is compiled
  const regionFiles = source.list('').map((name) => extensionOf(name, '.region')).filter((name) => name !== null);
  for (const [layoutName, layout] of Object.entries(conf.layouts)) {
    for (const written of layout.regions) {
      const region = regionBaseName(written);
      if (regions.has(region)) continue;
      const file = compileFile(`${region}.region`);
      if (file !== null) regions.set(region, file);
      else {
        // placed at the name in template.conf, so the overlay and `check` frame the line to fix
        const place = layoutRegionPosition(confText, layoutName, written);
        // a region name mistyped ('sites') names the folder's file it likely meant
        const message = themeMessages.regionMissing(region, layoutName);
        const guess = closestName(region, regionFiles);
        problems.push({ file: 'template.conf', ...place, message: guess === undefined ? message : themeMessages.didYouMean(message, guess), severity: 'error' });
      }
    }
  }
  // Regions a collection or page can name directly, beyond those of the layouts.
  for (const region of regionFiles) {
    if (!regions.has(region)) {
      const file = compileFile(`${region}.region`);
      if (file !== null) regions.set(region, file);
    }
  }

  const collections = new Map<string, FolderCollection>();
  const collectionOf = (name: string): FolderCollection => {
    let collection = collections.get(name);
    if (collection === undefined) collections.set(name, (collection = { name, conf: null, list: null, item: null }));
    return collection;
  };
  for (const file of source.list('collections')) {
    const path = `collections/${file}`;
    const confName = extensionOf(file, '.conf');
    const listName = extensionOf(file, '.list');
    const itemName = extensionOf(file, '.item');
    if (confName !== null) collectionOf(confName).conf = readConf(path);
    else if (listName !== null) collectionOf(listName).list = compileFile(path);
    else if (itemName !== null) collectionOf(itemName).item = compileFile(path);
  }

  const pages = new Map<string, FolderPage>();
  for (const file of source.list('pages')) {
    const name = extensionOf(file, '.page');
    if (name === null) continue;
    const compiled = compileFile(`pages/${file}`);
    if (compiled !== null) pages.set(name, { name, file: compiled, conf: readConf(`pages/${file}.conf`) });
  }

  const system = new Map<string, FolderFile>();
  for (const file of source.list('system')) {
    const name = extensionOf(file, '.page');
    const compiled = name === null ? null : compileFile(`system/${file}`);
    if (name !== null && compiled !== null) system.set(name, compiled);
  }

  for (const [name, text] of Object.entries(SYSTEM_BLOCKS)) partials[name] = compile(text, { name, plugins: folderRegistry });
  const blocks = new Map<string, FolderFile>();
  const readBlocks = (folder: string, prefix: string): void => {
    for (const file of source.list(folder)) {
      if (extensionOf(file, '.block') === null) continue;
      const compiled = compileFile(`${folder}/${file}`);
      if (compiled === null) continue;
      blocks.set(prefix + file, compiled);
      partials[prefix + file] = compiled.template;
    }
  };
  readBlocks('blocks', '');
  for (const sub of source.folders('blocks')) readBlocks(`blocks/${sub}`, `${sub}/`);

  // a regionName that names no layout falls back to the default one: the author meant another
  const confs = [
    ...[...collections.values()].map((collection) => ({ file: `collections/${collection.name}.conf`, regionName: collection.conf?.regionName })),
    ...[...pages.values()].map((page) => ({ file: `${page.file.path}.conf`, regionName: page.conf?.regionName })),
  ];
  // placed at the name in its .conf, with the closest layout the author may have meant (not a
  // region: one named there is warned of too, folder-check.ts regionsNamedAsLayouts)
  const wrapperNames = Object.keys(conf.layouts);
  for (const { file, regionName } of confs) {
    if (regionName !== undefined && !Object.hasOwn(conf.layouts, regionName) && !regions.has(regionBaseName(regionName))) {
      const guess = closestName(regionName, wrapperNames);
      const message = themeMessages.layoutUnknown(regionName);
      problems.push({
        file,
        ...regionNamePosition(source.read(file) ?? ''),
        message: guess === undefined ? message : themeMessages.didYouMean(message, guess),
        severity: 'error',
      });
    }
  }

  const folder: TemplateFolder = { source, conf, regions, collections, pages, system, blocks, partials, tags, problems };
  return { folder, problems };
}
