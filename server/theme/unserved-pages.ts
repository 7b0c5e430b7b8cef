/**
 * Page files no page of the store uses. The store serves pages/URLID.page for its page collection
 * of that urlId (collection-choice.ts), so a file of another name is never rendered and an author
 * editing it sees nothing change. Development says so, naming the store's pages.
 */
import { closestName } from '../../engine/index.ts';
import type { CollectionRecord } from '../db/site-repository.ts';
import { storeTypeName } from './collection-choice.ts';
import type { FolderProblem, TemplateFolder } from './folder-loader.ts';
import { themeMessages } from './theme-messages.ts';

/** A page of the store that a pages/URLID.page file can render. */
export interface StorePage {
  urlId: string;
  title: string;
}

/** The store's page collections (type page), in the store's order. */
export function storePagesOf(collections: readonly CollectionRecord[]): StorePage[] {
  return collections
    .filter((collection) => storeTypeName({ ...collection.data, typeCode: collection.typeCode }) === 'page')
    .map(({ urlId, title }) => ({ urlId, title }));
}

/** A warning for each pages/NAME.page whose NAME is the urlId of no page of the store. */
export function unservedPageFiles(folder: TemplateFolder, storePages: readonly StorePage[]): FolderProblem[] {
  const urlIds = storePages.map((page) => page.urlId);
  return [...folder.pages.values()]
    .filter((page) => !urlIds.includes(page.name))
    .map((page) => ({
      file: page.file.path,
      line: 0,
      column: 0,
      severity: 'warning',
      message: themeMessages.pageFileNotServed(page.name, storePages, closestName(page.name, urlIds)),
    }));
}
