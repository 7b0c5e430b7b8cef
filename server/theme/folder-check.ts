import { defaultRegistry, type Template } from '../../engine/index.ts';
import { closestName, likelyPartials } from '../../engine/diagnostics/suggest.ts';
import { messageWithHint } from '../../engine/cli/report.ts';
import { messages } from '../../engine/messages.ts';
import { isNotTextProblem, loadTemplateFolder, type FolderProblem, type TemplateFolder } from './folder-loader.ts';
import { compiledStylesheets } from './folder-styles.ts';
import { missingFiles } from './missing-files.ts';
import { evalOperandWarnings } from './eval-operand-warnings.ts';
import { countTagAttributes, unknownTagAttributes } from './platform-tag-attributes.ts';
import { unknownPlatformValues } from './platform-values.ts';
import { repeatedConfSettings, unknownConfSettings, unknownTemplateConfKeys } from './conf-settings.ts';
import { filesReached } from './files-reached.ts';
import { pagesPastQueryLimit } from './page-query-count.ts';
import { authoredPartialNames, tagBodyPartialName, type PlatformTag } from './platform-tags.ts';
import { templateUses } from './template-analysis.ts';
import { layoutRegionPosition, regionBaseName } from './template-conf.ts';
import { layoutOf } from './collection-choice.ts';
import { regionNamePosition } from './collection-conf.ts';
import { DiskTemplateSource, type TemplateSource } from './template-source.ts';
import { selfApplyingBlocks } from './self-applying-blocks.ts';
import { themeMessages } from './theme-messages.ts';

export interface FolderCheck {
  problems: FolderProblem[];
  errors: number;
  warnings: number;
  /** What was read, for the summary: templates (regions, lists, items, pages, blocks), .conf files, stylesheets. */
  checked: { templates: number; jsonFiles: number; stylesheets: number };
}

/** The folder's files the check read, by kind. */
function checkedFiles(source: TemplateSource, folder: TemplateFolder | null): FolderCheck['checked'] {
  const conf = source.read('template.conf') === undefined ? 0 : 1;
  if (folder === null) return { templates: 0, jsonFiles: conf, stylesheets: 0 };
  const collections = [...folder.collections.values()];
  const templates = folder.regions.size + folder.pages.size + folder.system.size + folder.blocks.size
    + collections.reduce((sum, collection) => sum + (collection.list === null ? 0 : 1) + (collection.item === null ? 0 : 1), 0);
  const confs = [
    ...collections.map((collection) => `collections/${collection.name}.conf`),
    ...[...folder.pages.values()].map((page) => `${page.file.path}.conf`),
  ].filter((path) => source.read(path) !== undefined);
  const stylesheets = compiledStylesheets(folder).filter((name) => source.read(`styles/${name}`) !== undefined);
  return { templates, jsonFiles: conf + confs.length, stylesheets: stylesheets.length };
}

/** One compiled piece of a file: the file itself, or the body of a platform tag in it. */
interface Unit {
  file: string;
  template: Template;
}

/** The message, with the folder's blocks the missing one likely meant, by the rule the development overlay uses too. */
function withGuess(message: string, missing: string, folder: TemplateFolder): string {
  const guesses = likelyPartials(missing, authoredPartialNames(folder.partials));
  return guesses.length === 0 ? message : themeMessages.didYouMean(message, ...guesses);
}

/**
 * A block applied but missing, in the render's own words (the specification's), with the hint the
 * development overlay and `tmpl render` give beside them, so one slip reads the same wherever it
 * is reported; a file no page renders says so after them.
 */
function partialMissing(name: string, file: string, reachable: boolean, folder: TemplateFolder): string {
  const message = messageWithHint(messages.partialMissing(name), defaultRegistry, { partials: authoredPartialNames(folder.partials) });
  return reachable ? message : themeMessages.noPageRenders(message, file);
}

/** Tags whose `template` attribute names a block. */
const TEMPLATE_TAGS = new Set(['navigation', 'folder-navigation', 'query', 'category', 'related']);

function unitsOf(folder: TemplateFolder): Unit[] {
  const units: Unit[] = [];
  for (const file of folder.regions.values()) units.push({ file: file.path, template: file.template });
  for (const collection of folder.collections.values()) {
    for (const file of [collection.list, collection.item]) if (file !== null) units.push({ file: file.path, template: file.template });
  }
  for (const page of folder.pages.values()) units.push({ file: page.file.path, template: page.file.template });
  for (const file of folder.system.values()) units.push({ file: file.path, template: file.template });
  for (const file of folder.blocks.values()) units.push({ file: file.path, template: file.template });
  for (const tag of folder.tags.values()) {
    const body = folder.partials[tagBodyPartialName(tag.id)];
    if (body !== undefined) units.push({ file: tag.file, template: body });
  }
  return units;
}

/** Blocks a file uses: applied ones and the `template` blocks of its platform tags. */
function blocksUsedBy(units: readonly Unit[], folder: TemplateFolder): Map<string, string[]> {
  const used = new Map<string, string[]>();
  for (const unit of units) {
    const uses = templateUses(unit.template);
    const names = used.get(unit.file) ?? [];
    names.push(...uses.applied.map((use) => use.name));
    for (const use of uses.tags) {
      const template = folder.tags.get(use.name)?.attributes.template;
      if (template !== undefined && !template.includes('{')) names.push(`${template}.block`);
    }
    used.set(unit.file, names);
  }
  return used;
}

/** The blocks each file applies, per folder load (a development server asks on every page). */
const blocksUsedByFolder = new WeakMap<TemplateFolder, Map<string, string[]>>();

/**
 * The files a page made of `files` (its template and its regions) can render: those, and every
 * block they apply, and the blocks those apply. A slip in a block outside them cannot stop the page.
 */
export function filesPageCanRender(folder: TemplateFolder, files: Iterable<string>): Set<string> {
  let used = blocksUsedByFolder.get(folder);
  if (used === undefined) blocksUsedByFolder.set(folder, (used = blocksUsedBy(unitsOf(folder), folder)));
  return filesReached(folder, used, files);
}

/** Files a page can render: regions, collection, page and system templates, and the blocks they reach. */
function reachableFiles(folder: TemplateFolder, used: Map<string, string[]>): Set<string> {
  const start = [
    ...[...folder.regions.values()].map((file) => file.path),
    ...[...folder.collections.values()].flatMap((collection) => [collection.list, collection.item]).filter((file) => file !== null).map((file) => file.path),
    ...[...folder.pages.values()].map((page) => page.file.path),
    ...[...folder.system.values()].map((file) => file.path),
  ];
  return filesReached(folder, used, start);
}

function checkTag(tag: PlatformTag, folder: TemplateFolder, reached: Set<string>, problems: FolderProblem[]): void {
  const at = { file: tag.file, line: tag.line, column: tag.column };
  const severity = reached.has(tag.file) ? 'error' : 'warning';
  const template = tag.attributes.template;
  if (TEMPLATE_TAGS.has(tag.kind) && template !== undefined && !template.includes('{') && folder.partials[`${template}.block`] === undefined) {
    const message = tag.kind === 'navigation'
      ? themeMessages.navigationTemplateMissing(`${template}.block`, tag.file)
      : themeMessages.tagTemplateMissing(`<squarespace:${tag.kind}>`, `${template}.block`, tag.file);
    problems.push({ ...at, message: withGuess(message, `${template}.block`, folder), severity });
  }
  // an attribute it cannot do without is the loader's error (platform-tags.ts), as the overlay shows it
  const id = tag.kind === 'navigation' ? tag.attributes.navigationId : undefined;
  if (id !== undefined && id !== '' && !id.includes('{') && !folder.conf.navigations.some((nav) => nav.name === id)) {
    // a mistyped name still renders (the platform falls back by position): name the one meant
    const guess = closestName(id, folder.conf.navigations.map((nav) => nav.name));
    const message = themeMessages.navigationUnknown(id, tag.file);
    problems.push({ ...at, message: guess === undefined ? message : themeMessages.didYouMean(message, guess), severity: 'warning' });
  }
}

/** Attributes written on the folder's platform tags that the tags do not take, or counts that are no number: the tags ignore them without a word. */
function unknownAttributeWarnings(folder: TemplateFolder): FolderProblem[] {
  return [...folder.tags.values()].flatMap((tag) =>
    [...unknownTagAttributes(tag.kind, tag.attributes), ...countTagAttributes(tag.kind, tag.attributes)]
      .map((message): FolderProblem => ({ file: tag.file, line: tag.line, column: tag.column, message, severity: 'warning' })),
  );
}

/**
 * What every layout must write somewhere in its regions (or the blocks they apply), with the warning
 * for one that never does: the page's content, and the platform's headers and footers (the title,
 * stylesheet, crumb and island scripts; the cart pill). A mistyped name or a forgotten tag would
 * otherwise leave every page without them and without a word. A layout that writes the parts
 * itself from the page context, as the project's own theme does (the island scripts, `{assetTags}`;
 * the cart pill, `{islands.cartPill}`), has them.
 */
const LAYOUT_VALUES: ReadonlyArray<{ values: readonly string[]; missing: (layout: string, regions: readonly string[]) => string }> = [
  { values: ['squarespace.main-content'], missing: themeMessages.mainContentMissing },
  { values: ['squarespace-headers', 'assetTags'], missing: themeMessages.headersMissing },
  { values: ['squarespace-footers', 'islands.cartPill'], missing: themeMessages.footersMissing },
];

/**
 * The page warnings of what the author wrote amiss, which development logs as they appear and
 * when they are fixed (warning-log.ts): a mistyped platform value, a `.conf` setting the platform does not read, a layout that
 * never writes the page's content, headers or footers (every layout's, or the one given). A
 * stylesheet, script or asset the folder lacks is not among them: the stylesheet's compile logs
 * its own, and a repository whose build makes its scripts and assets lacks them until it is built
 * (the public templates: up to nineteen lines a load).
 */
export function authorSlipWarnings(folder: TemplateFolder, layoutName?: string): FolderProblem[] {
  const units = unitsOf(folder);
  return [...unknownPlatformValues(units), ...evalOperandWarnings(units), ...unknownAttributeWarnings(folder), ...unknownTemplateConfKeys(folder), ...unknownConfSettings(folder), ...repeatedConfSettings(folder), ...checkLayoutValues(folder, units, layoutName)];
}

function checkLayoutValues(folder: TemplateFolder, units: readonly Unit[], layoutName: string | undefined): FolderProblem[] {
  const used = blocksUsedBy(units, folder);
  // a file may hold several units (a region and the bodies of its platform tags): any of them writes for it
  const written = new Set(units.flatMap((unit) => [...templateUses(unit.template).writtenValues].map((value) => `${unit.file}\n${value}`)));
  /** What the files, with the blocks they apply, never write of LAYOUT_VALUES. */
  const unwritten = (files: readonly string[]): typeof LAYOUT_VALUES => {
    const reached = [...filesReached(folder, used, files)];
    return LAYOUT_VALUES.filter(({ values }) => !reached.some((file) => values.some((value) => written.has(`${file}\n${value}`))));
  };
  const conf = folder.source.read('template.conf') ?? '';
  const problems: FolderProblem[] = [];
  for (const [name, layout] of Object.entries(folder.conf.layouts)) {
    if (layoutName !== undefined && name !== layoutName) continue;
    const files = layout.regions.map((region) => folder.regions.get(regionBaseName(region))?.path).filter((file) => file !== undefined);
    if (files.length === 0) continue;
    // placed at the layout's regions in template.conf, as a missing region is, and naming the files to write it in
    const place = layoutRegionPosition(conf, name, layout.regions[0]!);
    for (const { missing } of unwritten(files)) problems.push({ file: 'template.conf', ...place, message: missing(name, files), severity: 'warning' });
  }
  problems.push(...regionsNamedAsLayouts(folder, layoutName, unwritten));
  return problems;
}

/**
 * A `regionName` that names a region of the folder rather than a layout (`"header"`): the server
 * wraps the pages in that region alone, which is seldom what was meant (the page then lacks the
 * other regions, often its content or footers too). Placed at the name in its `.conf`, with the
 * layout it likely meant; given a page's layout, only the `.conf`s whose pages render in it.
 */
function regionsNamedAsLayouts(folder: TemplateFolder, layoutName: string | undefined, unwritten: (files: readonly string[]) => typeof LAYOUT_VALUES): FolderProblem[] {
  const confs = [
    ...[...folder.collections.values()].map((collection) => ({ file: `collections/${collection.name}.conf`, regionName: collection.conf?.regionName })),
    ...[...folder.pages.values()].map((page) => ({ file: `${page.file.path}.conf`, regionName: page.conf?.regionName })),
  ];
  const layouts = Object.keys(folder.conf.layouts);
  const problems: FolderProblem[] = [];
  for (const { file, regionName } of confs) {
    if (regionName === undefined || Object.hasOwn(folder.conf.layouts, regionName)) continue;
    const region = folder.regions.get(regionBaseName(regionName));
    // naming neither is the loader's error (layoutUnknown)
    if (region === undefined || (layoutName !== undefined && layoutOf(folder, regionName).layoutName !== layoutName)) continue;
    const message = themeMessages.regionNamedAsLayout(regionName, region.path, layouts, unwritten([region.path]).map(({ values }) => `{${values[0]!}}`));
    const guess = closestName(regionName, layouts);
    problems.push({
      file,
      ...regionNamePosition(folder.source.read(file) ?? ''),
      message: guess === undefined ? message : themeMessages.didYouMean(message, guess),
      severity: 'warning',
    });
  }
  return problems;
}

/**
 * The warnings of the check that every page shows the effect of, which the development overlay
 * lists too: a stylesheet, script or asset the folder names but lacks, a platform value the platform
 * does not give (`{squarespace.main-contnet}`), a `.conf` setting it is not known to read
 * (`"ordering": "chronologial"`, `"pagesize"`), and a layout that never writes the page's content,
 * its headers or its footers: every such layout, or given the layout a page renders in, that one
 * alone (a page of layout 'default' is not warned of layout 'bare').
 */
export function pageWarnings(folder: TemplateFolder, layoutName?: string): FolderProblem[] {
  return [...missingFiles(folder), ...authorSlipWarnings(folder, layoutName)];
}

/**
 * A malformed tag is an error to the author, as `tmpl check FILE` reports it. The storefront
 * serves the page with the tag as text (the reference's validate mode), which is why the loader
 * calls it a warning; but Squarespace compiles a template strictly, and there the tag stops the
 * template from compiling.
 */
export function asAuthorSeesIt(problem: FolderProblem): FolderProblem {
  return problem.validation === true ? { ...problem, severity: 'error' } : problem;
}

/**
 * Checks a whole template folder: template.conf and every .conf parse; every region, list, item,
 * page, system page and block compiles; every applied block, navigation template and tag
 * template exists; every `.eval` expression parses; every regionName names a layout or region;
 * each layout writes the page's content, headers and footers; named stylesheets and scripts are there. A missing block in a file that no page can reach (nothing applies it) is a warning: the
 * platform never renders that file, so no page fails because of it. A malformed tag is an error wherever it is;
 * a template that is not text is one error of its file.
 */
export function checkTemplateFolder(dirOrSource: string | TemplateSource): FolderCheck {
  const source = typeof dirOrSource === 'string' ? new DiskTemplateSource(dirOrSource) : dirOrSource;
  const load = loadTemplateFolder(source);
  let problems = load.problems.map(asAuthorSeesIt);
  const folder = load.folder;
  if (folder !== null) {
    const units = unitsOf(folder);
    // a template that is not text is its file's one error, the loader's: nothing else is said of the file
    const binary = new Set(load.problems.filter(isNotTextProblem).map((problem) => problem.file));
    const used = blocksUsedBy(units, folder);
    const reached = reachableFiles(folder, used);
    // the macros each file defines: a platform tag's body renders in its file's scope, so it
    // applies the file's macros as the rest of the file does
    const usesOf = new Map(units.map((unit) => [unit, templateUses(unit.template)]));
    const macrosOfFile = new Map<string, Set<string>>();
    for (const [unit, uses] of usesOf) {
      const macros = macrosOfFile.get(unit.file) ?? new Set<string>();
      for (const name of uses.macros) macros.add(name);
      macrosOfFile.set(unit.file, macros);
    }
    for (const [unit, uses] of usesOf) {
      // an expression that does not parse fails only when it runs: say so before any page does
      for (const use of unit.template.analyze().evals) {
        for (const message of use.problems) {
          problems.push({ file: unit.file, line: use.line, column: use.column, message, severity: reached.has(unit.file) ? 'error' : 'warning' });
        }
      }
      for (const use of uses.applied) {
        if (folder.partials[use.name] !== undefined || macrosOfFile.get(unit.file)?.has(use.name) === true) continue;
        const reachable = reached.has(unit.file);
        problems.push({
          file: unit.file,
          line: use.line,
          column: use.column,
          message: partialMissing(use.name, unit.file, reachable, folder),
          severity: reachable ? 'error' : 'warning',
        });
      }
    }
    for (const tag of folder.tags.values()) checkTag(tag, folder, reached, problems);
    const usesByFile = new Map([...usesOf].map(([unit, uses]) => [unit.file, uses]));
    problems.push(...selfApplyingBlocks(folder, (file) => usesByFile.get(file)));
    problems.push(...pagesPastQueryLimit(folder, used));
    problems.push(...pageWarnings(folder));
    problems = problems.filter((problem) => !binary.has(problem.file) || isNotTextProblem(problem));
  }
  problems.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
  const errors = problems.filter((p) => p.severity === 'error').length;
  return { problems, errors, warnings: problems.length - errors, checked: checkedFiles(source, folder) };
}
