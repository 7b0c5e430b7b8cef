import { closestName } from '../../engine/index.ts';

/** LESS's message for a variable used but never declared. */
const UNDEFINED_VARIABLE = /^variable (@[A-Za-z_][\w-]*) is undefined$/;

/** A declaration `@name:` (not `@media`, `@import` or an interpolation `@{name}`). */
const DECLARATION = /@([A-Za-z_][\w-]*)\s*:/g;

/**
 * For LESS's "variable @accentColr is undefined", the declared variable the author most likely
 * meant: one typo away from a variable of the stylesheets the compile read or a tweak of
 * template.conf (which the compile declares). Undefined for any other message or no close name.
 */
export function undefinedVariableGuess(message: string, sources: readonly string[], tweaks: readonly string[]): string | undefined {
  const used = UNDEFINED_VARIABLE.exec(message)?.[1];
  if (used === undefined) return undefined;
  const declared = new Set(tweaks.map((name) => `@${name}`));
  for (const text of sources) for (const match of text.matchAll(DECLARATION)) declared.add(`@${match[1]}`);
  declared.delete(used);
  return closestName(used, [...declared]);
}
