/**
 * Whether the `{.end}`s a compile finds with no block to close are each the `{.end}` of an opening
 * tag refused as written above it: one missing its name (`{.section}`, `{.if}`), a mistyped keyword
 * (`{.sectoin a}`), or a predicate given arguments it does not take (`{.equal?}`). Such an `{.end}`
 * must stay once that tag is fixed, where the usual hint says to remove it.
 */
import { parsedWithoutPluginChecks } from './lost-end.ts';
import { messages } from '../messages.ts';

const END_AT_ROOT = messages.notAllowedAtRoot('END');

/** The keyword a refused tag starts with, without its dot (`section`, `sectoin`, `equal?`), or undefined. */
function keywordOf(source: string, offset: number): string | undefined {
  return /^\{\.([^\s{}|:]+)/.exec(source.slice(offset, offset + 80))?.[1];
}

/**
 * Whether the stray `{.end}` at `at` (every stray one, without `at`) follows a refused opening tag
 * not already matched with an earlier one. The parse without the plugins' checks keeps blocks whose
 * predicate was refused its arguments; `opensBlock` decides which refused tags were meant to open one.
 */
export function strayEndsCloseRefusedOpenings(source: string, opensBlock: (keyword: string) => boolean, at?: { line: number; column: number }): boolean {
  const errors = [...parsedWithoutPluginChecks(source).errors].sort((a, b) => a.offset - b.offset);
  let unmatched = 0;
  let every = true;
  for (const error of errors) {
    if (error.message === END_AT_ROOT) {
      const matched = unmatched > 0;
      if (matched) unmatched--;
      if (at !== undefined && error.line === at.line && error.column === at.column) return matched;
      every &&= matched;
      continue;
    }
    const keyword = error.validation === true ? keywordOf(source, error.offset) : undefined;
    if (keyword !== undefined && opensBlock(keyword)) unmatched++;
  }
  return every;
}
