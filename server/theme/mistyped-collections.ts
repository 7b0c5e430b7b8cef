/**
 * Collection files named one typo away from a collection of the store. The store renders a
 * collection through collections/NAME.list and NAME.item where NAME is its urlId, its type or a
 * stand-in type (collection-choice.ts), so a renamed or mistyped collections/galery.list is never
 * rendered and the gallery page quietly shows the built-in list instead. Development says so.
 * A name close to none of them is a collection type of the template's own (a template may offer
 * 'project' or 'index' collections that this store has none of), and is left alone.
 */
import { closestName } from '../../engine/index.ts';
import type { CollectionRecord } from '../db/site-repository.ts';
import { folderCollectionNamesFor } from './collection-choice.ts';
import type { FolderProblem, TemplateFolder } from './folder-loader.ts';
import { themeMessages } from './theme-messages.ts';

/** A warning for each .list and .item of a folder collection whose name looks mistyped for one the store renders. */
export function mistypedCollectionFiles(folder: TemplateFolder, collections: readonly CollectionRecord[]): FolderProblem[] {
  const served = new Set(collections.flatMap((collection) => folderCollectionNamesFor({ ...collection.data, urlId: collection.urlId, typeCode: collection.typeCode })));
  served.delete('');
  const problems: FolderProblem[] = [];
  for (const collection of folder.collections.values()) {
    if (served.has(collection.name)) continue;
    const guess = closestName(collection.name, [...served]);
    if (guess === undefined) continue;
    for (const [file, ext] of [[collection.list, 'list'], [collection.item, 'item']] as const) {
      if (file === null) continue;
      problems.push({ file: file.path, line: 0, column: 0, severity: 'warning', message: themeMessages.collectionFileNotServed(collection.name, `collections/${guess}.${ext}`) });
    }
  }
  return problems;
}
