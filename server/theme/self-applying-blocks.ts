/**
 * Blocks that apply themselves on every render, directly or through others: `tree.block` holding
 * `{@|apply tree.block}`, or `a.block` applying `b.block`, which applies `a.block`, each outside
 * every section, repeated section, predicate or `.if` that could skip it. A page that applies one
 * renders it over and over until the partial depth limit stops the render with an error, and
 * writes its content that many times. A recursion inside a block that ends (a navigation applying
 * itself for each level's children) is not one of these.
 */
import type { FolderProblem, TemplateFolder } from './folder-loader.ts';
import type { TemplateUses } from './template-analysis.ts';
import { themeMessages } from './theme-messages.ts';

/**
 * A warning at each such block's first apply of the loop, naming the loop (`a.block → b.block →
 * a.block`). `usesOf` gives each file's uses by its path.
 */
export function selfApplyingBlocks(folder: TemplateFolder, usesOf: (file: string) => TemplateUses | undefined): FolderProblem[] {
  // the blocks each block applies on every render (not a macro of its own of the same name)
  const always = new Map<string, { name: string; line: number; column: number }[]>();
  for (const [name, block] of folder.blocks) {
    const uses = usesOf(block.path);
    if (uses === undefined) continue;
    always.set(name, uses.applied.filter((use) => use.unconditional && !uses.macros.has(use.name) && folder.blocks.has(use.name)));
  }
  const problems: FolderProblem[] = [];
  for (const [name, block] of folder.blocks) {
    for (const first of always.get(name) ?? []) {
      const loop = pathBack(always, first.name, name);
      if (loop === null) continue;
      problems.push({
        file: block.path,
        line: first.line,
        column: first.column,
        message: themeMessages.blockAppliesItself([name, ...loop]),
        severity: 'warning',
      });
      break;
    }
  }
  return problems;
}

/** The blocks from `from` to `to` along applies made on every render (both named), or null when none leads there. */
function pathBack(always: ReadonlyMap<string, readonly { name: string }[]>, from: string, to: string): string[] | null {
  const cameFrom = new Map<string, string | null>([[from, null]]);
  const queue = [from];
  while (queue.length > 0) {
    const at = queue.shift()!;
    if (at === to) {
      const path: string[] = [];
      for (let step: string | null = at; step !== null; step = cameFrom.get(step) ?? null) path.unshift(step);
      return path;
    }
    for (const next of always.get(at) ?? []) {
      if (!cameFrom.has(next.name)) {
        cameFrom.set(next.name, at);
        queue.push(next.name);
      }
    }
  }
  return null;
}
