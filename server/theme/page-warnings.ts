import type { TemplateChoice } from './collection-choice.ts';
import type { FolderProblem, TemplateFolder } from './folder-loader.ts';

/** The folder's files a page rendered: its main template, its regions, and the blocks (and tag bodies) it applied. */
export function filesOfPage(folder: TemplateFolder, choice: TemplateChoice, applied: Iterable<string>): Set<string> {
  const regions = choice.regions.map((region) => folder.regions.get(region)?.path);
  return new Set([choice.main?.path, ...regions, ...applied].filter((file) => file !== undefined));
}

/**
 * The folder's warnings (folder-check.ts pageWarnings) that concern a page: those of the files it
 * rendered, of its collection's or page's `.conf` (which decides its layout, order and page size)
 * and of template.conf. A slip in a block no page applies, or in another collection's `.conf`, is
 * not this page's: `tmpl render DIR` and the development overlay both narrow by this.
 */
export function warningsOfPage(warnings: readonly FolderProblem[], choice: TemplateChoice, files: ReadonlySet<string>): FolderProblem[] {
  const conf = choice.page !== null ? `${choice.page.file.path}.conf` : choice.collection !== null ? `collections/${choice.collection.name}.conf` : undefined;
  return warnings.filter((problem) => problem.file === 'template.conf' || problem.file === conf || files.has(problem.file));
}
