import type { TemplateFolder } from './folder-loader.ts';

/**
 * The files `start` names and every block they reach through `used` (the blocks each file
 * applies), blocks applying blocks included: what a page made of those files can render.
 */
export function filesReached(folder: TemplateFolder, used: ReadonlyMap<string, readonly string[]>, start: Iterable<string>): Set<string> {
  const reached = new Set(start);
  const queue = [...reached];
  while (queue.length > 0) {
    for (const name of used.get(queue.shift()!) ?? []) {
      const block = folder.blocks.get(name);
      if (block !== undefined && !reached.has(block.path)) {
        reached.add(block.path);
        queue.push(block.path);
      }
    }
  }
  return reached;
}
