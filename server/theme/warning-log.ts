import type { Logger } from 'pino';
import { placeOf, type FolderProblem } from './folder-loader.ts';
import { themeMessages } from './theme-messages.ts';

/** A warning's identity across loads: its file and words, not its line, which an edit above it moves. */
const keyOf = (problem: FolderProblem): string => `${problem.file}\n${problem.message}`;

/**
 * Development: the folder's warnings told as a history of what changed. The first load tells them
 * all; a later load tells only a warning that is new, and in one short line each one that is gone,
 * so a save of another file repeats nothing and the author keeps reading the log.
 */
export class WarningLog {
  private told: FolderProblem[] = [];

  constructor(
    private readonly log: Logger,
    private readonly folderLabel: string,
  ) {}

  tell(problems: readonly FolderProblem[]): void {
    const unmatched = [...this.told];
    const take = (found: (told: FolderProblem) => boolean): boolean => {
      const index = unmatched.findIndex(found);
      if (index >= 0) unmatched.splice(index, 1);
      return index >= 0;
    };
    // each told warning answers one of this load's, at its own place first, so of two alike in a
    // file the one fixed is told as fixed; then one that moved (an edit above it) is still the same
    const stayed = problems.filter((problem) => take((told) => keyOf(told) === keyOf(problem) && placeOf(told) === placeOf(problem)));
    const fresh = problems.filter((problem) => !stayed.includes(problem) && !take((told) => keyOf(told) === keyOf(problem)));
    // at the place it had until this load, where the author just changed it
    for (const gone of unmatched) this.log.info({ folder: this.folderLabel, file: gone.file }, themeMessages.warningFixed(placeOf(gone)));
    for (const problem of fresh) this.log.warn({ folder: this.folderLabel, file: problem.file }, `${placeOf(problem)} ${problem.message}`);
    this.told = [...problems];
  }
}
