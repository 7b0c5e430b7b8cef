/**
 * The folder's problems as one page meets them: its errors (every file's, and the malformed tags
 * of the files the page is made of), and the malformed tags of the files it does not use, which
 * stop no page of theirs. `tmpl render DIR --page` reports the first as errors; the development
 * overlay shows them over the page and the others in its warning bar.
 */
import type { FolderProblem } from './folder-loader.ts';

export function pageProblemsOf(problems: readonly FolderProblem[], files: Iterable<string>): { errors: FolderProblem[]; elsewhere: FolderProblem[] } {
  const used = new Set(files);
  const errors: FolderProblem[] = [];
  const elsewhere: FolderProblem[] = [];
  for (const problem of problems) {
    if (problem.severity === 'error' || (problem.validation === true && used.has(problem.file))) errors.push(problem);
    else if (problem.validation === true) elsewhere.push(problem);
  }
  return { errors, elsewhere };
}
