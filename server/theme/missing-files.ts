import { posix } from 'node:path';
import { closestName } from '../../engine/diagnostics/suggest.ts';
import { LineIndex } from '../../engine/syntax/positions.ts';
import type { FolderProblem, TemplateFolder } from './folder-loader.ts';
import { stylesheetPosition } from './template-conf.ts';
import { themeMessages } from './theme-messages.ts';

/**
 * The message, with the file beside it that the missing path likely meant (`icons.svg` for `icon.svg`).
 * Names are compared without their common extension, among files that share it: `.js` would
 * otherwise make any two short names look alike.
 */
function withClosestFile(message: string, missing: string, names: readonly string[]): string {
  const name = posix.basename(missing);
  const extension = posix.extname(name);
  const stem = (file: string): string => file.slice(0, file.length - extension.length);
  const siblings = names.filter((file) => posix.extname(file) === extension);
  const guess = closestName(stem(name), siblings.map(stem));
  // else a file of the same name with another extension: base.css named, styles/ holding base.less
  const otherKind = guess === undefined ? names.find((file) => file !== name && posix.basename(file, posix.extname(file)) === stem(name)) : undefined;
  const meant = guess !== undefined ? `${guess}${extension}` : otherKind;
  if (meant === undefined) return message;
  const dir = posix.dirname(missing);
  return themeMessages.didYouMean(message, dir === '.' ? meant : `${dir}/${meant}`);
}

/**
 * Stylesheets template.conf names that styles/ lacks, each placed at its name in template.conf.
 * Warnings: the stylesheet compiles without them. `read` reads the folder's files (a compile
 * passes its own, which remembers what it read).
 */
export function missingStylesheets(folder: TemplateFolder, read = (path: string) => folder.source.read(path)): FolderProblem[] {
  const missing = folder.conf.stylesheets.filter((name) => read(`styles/${name}`) === undefined);
  if (missing.length === 0) return [];
  const conf = read('template.conf') ?? '';
  const build = buildCommand(folder);
  return missing.map((name) => ({
    file: 'template.conf',
    ...stylesheetPosition(conf, name),
    message: withBuildHint(withClosestFile(themeMessages.stylesheetMissing(name), name, folder.source.list(posix.dirname(`styles/${name}`))), build),
    severity: 'warning',
  }));
}

/**
 * How the folder builds its own files, when it does: `npm run build` for a package.json with a
 * build script, `webpack` for a webpack.config.js alone. A script or stylesheet it names and lacks
 * may just not be built. Squarespace's frameworks build with `squarespace assemble && webpack`,
 * which writes the whole template, site-bundle.js with it, into build/: that is the folder to serve.
 */
export function buildCommand(folder: TemplateFolder): string | undefined {
  const manifest = folder.source.read('package.json');
  if (manifest !== undefined) {
    try {
      const scripts = (JSON.parse(manifest) as { scripts?: Record<string, unknown> }).scripts;
      if (typeof scripts?.build === 'string') return scripts.build.includes('squarespace assemble') ? ASSEMBLE : 'npm run build';
    } catch {
      // not JSON: no build script to name
    }
  }
  return folder.source.read('webpack.config.js') !== undefined ? 'webpack' : undefined;
}

/** A build by Squarespace's toolbelt (`squarespace assemble`), which writes the template it assembles into build/. */
export const ASSEMBLE = 'squarespace assemble';

function withBuildHint(message: string, command: string | undefined): string {
  if (command === undefined) return message;
  return command === ASSEMBLE ? themeMessages.madeByAssemble(message) : themeMessages.madeByBuild(message, command);
}

/**
 * `<squarespace:script>` tags naming a file scripts/ lacks, placed at the tag. Warnings: the page
 * renders, and the browser only shows a 404 for the script in its network panel.
 */
export function missingScripts(folder: TemplateFolder): FolderProblem[] {
  const problems: FolderProblem[] = [];
  let build: string | undefined | null = null;
  for (const tag of folder.tags.values()) {
    const src = tag.kind === 'script' ? tag.attributes.src ?? '' : '';
    // a src written with instructions is known only when a page renders it
    if (src === '' || src.includes('{') || folder.source.read(`scripts/${src}`) !== undefined) continue;
    if (build === null) build = buildCommand(folder);
    const message = withBuildHint(withClosestFile(themeMessages.scriptMissing(src), src, folder.source.list(posix.dirname(`scripts/${src}`))), build);
    problems.push({ file: tag.file, line: tag.line, column: tag.column, message, severity: 'warning' });
  }
  return problems;
}

/** The folder's template files: regions, lists and items, pages, system pages and blocks. */
function templateFiles(folder: TemplateFolder): string[] {
  return [
    ...[...folder.regions.values()].map((file) => file.path),
    ...[...folder.collections.values()].flatMap((collection) => [collection.list?.path, collection.item?.path]).filter((path) => path !== undefined),
    ...[...folder.pages.values()].map((page) => page.file.path),
    ...[...folder.system.values(), ...folder.blocks.values()].map((file) => file.path),
  ];
}

/** An address of the folder's assets as markup writes it: in quotes or url(…), up to a fragment or query. */
const ASSET_REFERENCE = /["'(]\/assets\/([^"'()\s#?{}]+)/g;

/** A path as written in an address (`my%20logo.png`), as the file is named; as written when it does not decode. */
function decodedPath(written: string): string {
  try {
    return decodeURI(written);
  } catch {
    return written;
  }
}

/**
 * Files of assets/ a template refers to (`<use xlink:href="/assets/ui-icons.svg#close-icon">`,
 * `<img src="/assets/logo.png">`) that the folder lacks, placed at the first reference in each file
 * that names it: a page is warned of the files it used, so a reference in a file it did not use
 * must not be the only one told. Warnings: the browser shows a missing icon or picture as nothing,
 * and a 404 in its network panel.
 */
export function missingAssets(folder: TemplateFolder): FolderProblem[] {
  // by path: the message when assets/ lacks it, null when it is there
  const missing = new Map<string, string | null>();
  const messageFor = (path: string): string | null => {
    if (!missing.has(path)) {
      // listed rather than read: an asset may be a large picture
      const siblings = folder.source.list(posix.dirname(`assets/${path}`));
      missing.set(path, siblings.includes(posix.basename(path)) ? null : withClosestFile(themeMessages.assetMissing(path), path, siblings));
    }
    return missing.get(path)!;
  };
  const problems: FolderProblem[] = [];
  for (const file of templateFiles(folder)) {
    const text = folder.source.read(file) ?? '';
    const told = new Set<string>();
    let lines: LineIndex | undefined;
    for (const match of text.matchAll(ASSET_REFERENCE)) {
      const path = decodedPath(match[1]!);
      if (told.has(path)) continue;
      told.add(path);
      const message = messageFor(path);
      if (message === null) continue;
      lines ??= new LineIndex(text);
      problems.push({ file, ...lines.position(match.index + 1), message, severity: 'warning' });
    }
  }
  return problems;
}

/** Every file the folder names but lacks: what `tmpl check` and the development overlay warn of. */
export function missingFiles(folder: TemplateFolder): FolderProblem[] {
  return [...missingStylesheets(folder), ...missingScripts(folder), ...missingAssets(folder)];
}
