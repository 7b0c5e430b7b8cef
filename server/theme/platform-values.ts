import { closestName, type Template } from '../../engine/index.ts';
import type { FolderProblem } from './folder-loader.ts';
import { templateUses } from './template-analysis.ts';
import { themeMessages } from './theme-messages.ts';

/** The values the platform gives a folder's templates (compose-page.ts), as templates write them. */
export const PLATFORM_VALUES: readonly string[] = [
  'squarespace.main-content',
  'squarespace.page-id',
  'squarespace.page-classes',
  'squarespace.cart-classes',
  'squarespace-headers',
  'squarespace-footers',
];

/** Length of `squarespace.` and of `squarespace-`. */
const PREFIX = 'squarespace.'.length;

/**
 * The platform value a written one likely meant, compared by what follows `squarespace` (the
 * long shared prefix would make any two names look alike), so `{squarespace.headers}` gets
 * `{squarespace-headers}`.
 */
function likelyMeant(written: string): string | undefined {
  const guess = closestName(written.slice(PREFIX), PLATFORM_VALUES.map((name) => name.slice(PREFIX)));
  return PLATFORM_VALUES.find((name) => name.slice(PREFIX) === guess);
}

/**
 * Each `{squarespace.…}` or `{squarespace-…}` a file writes that the platform does not give,
 * with the one it likely meant: such a variable renders nothing, so a mistyped
 * `{squarespace.main-contnet}` leaves every page without its content, and a mistyped
 * `{squarespace-headres}` every page without its stylesheet, and nothing else says so.
 */
export function unknownPlatformValues(units: ReadonlyArray<{ file: string; template: Template }>): FolderProblem[] {
  const problems: FolderProblem[] = [];
  for (const unit of units) {
    for (const use of templateUses(unit.template).platformValues) {
      if (PLATFORM_VALUES.includes(use.name)) continue;
      const unknown = themeMessages.platformValueUnknown(use.name);
      const guess = likelyMeant(use.name);
      problems.push({
        file: unit.file,
        line: use.line,
        column: use.column,
        message: guess === undefined ? unknown : themeMessages.didYouMean(unknown, `{${guess}}`),
        severity: 'warning',
      });
    }
  }
  return problems;
}
