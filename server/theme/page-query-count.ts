/**
 * `tmpl check`'s count of the query tags a page's files hold: its layout's regions, its main
 * template (a collection's list or item, a page, a system page) and the blocks they apply. The
 * platform runs eight queries a page, so the tags after those render nothing; a page whose files
 * hold more is told before it is served. A tag inside a repeated section may run more often than
 * it is written, which only the render can tell (the development overlay says so).
 */
import { layoutOf } from './collection-choice.ts';
import type { FolderFile, FolderProblem, TemplateFolder } from './folder-loader.ts';
import { filesReached } from './files-reached.ts';
import { QUERIES_PER_PAGE } from './platform-query.ts';
import { themeMessages } from './theme-messages.ts';

/** Warnings for the layouts and main templates whose pages hold more query tags than the platform runs. */
export function pagesPastQueryLimit(folder: TemplateFolder, used: ReadonlyMap<string, readonly string[]>): FolderProblem[] {
  const queriesIn = new Map<string, number>();
  for (const tag of folder.tags.values()) if (tag.kind === 'query') queriesIn.set(tag.file, (queriesIn.get(tag.file) ?? 0) + 1);
  if ([...queriesIn.values()].reduce((sum, count) => sum + count, 0) <= QUERIES_PER_PAGE) return [];
  const queriesOf = (start: readonly string[]): number =>
    [...filesReached(folder, used, start)].reduce((sum, file) => sum + (queriesIn.get(file) ?? 0), 0);
  const warning = (file: string, count: number): FolderProblem =>
    ({ file, line: 0, column: 0, message: themeMessages.queryTagsPastPageLimit(file, count, QUERIES_PER_PAGE), severity: 'warning' });

  const problems: FolderProblem[] = [];
  // a layout whose regions alone hold too many is told once, at its first region, for all its pages
  const regionsPastLimit = new Set<string>();
  const regionFilesOf = (regions: readonly string[]): string[] =>
    regions.map((region) => folder.regions.get(region)?.path).filter((path) => path !== undefined);
  const mains: Array<{ file: FolderFile; regionName: string | undefined }> = [
    ...[...folder.collections.values()].flatMap((collection) => [collection.list, collection.item]
      .filter((file) => file !== null).map((file) => ({ file, regionName: collection.conf?.regionName }))),
    ...[...folder.pages.values()].map((page) => ({ file: page.file, regionName: page.conf?.regionName })),
    ...[...folder.system.values()].map((file) => ({ file, regionName: undefined })),
  ];
  const layouts = new Map<string, string[]>();
  for (const main of [{ regionName: undefined }, ...mains]) {
    const { layoutName, regions } = layoutOf(folder, main.regionName);
    layouts.set(layoutName, regionFilesOf(regions));
  }
  for (const [layoutName, files] of layouts) {
    const count = queriesOf(files);
    if (count > QUERIES_PER_PAGE && files.length > 0) {
      regionsPastLimit.add(layoutName);
      problems.push(warning(files[0]!, count));
    }
  }
  for (const main of mains) {
    const { layoutName, regions } = layoutOf(folder, main.regionName);
    if (regionsPastLimit.has(layoutName)) continue;
    const count = queriesOf([...regionFilesOf(regions), main.file.path]);
    if (count > QUERIES_PER_PAGE) problems.push(warning(main.file.path, count));
  }
  return problems;
}
