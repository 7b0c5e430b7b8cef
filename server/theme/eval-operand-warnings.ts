import type { Template } from '../../engine/template.ts';
import type { FolderProblem } from './folder-loader.ts';

/**
 * Each `.eval` of the folder's files written with an operator that lacks an operand (the engine's
 * warning, `tmpl check FILE`'s too). Squarespace accepts such a template, so it is a warning; in an
 * assignment it fails silently where it runs, which only this says.
 */
export function evalOperandWarnings(units: ReadonlyArray<{ file: string; template: Template }>): FolderProblem[] {
  return units.flatMap(({ file, template }) =>
    template.analyze().evals.flatMap((use) => use.warnings.map((message): FolderProblem => ({ file, line: use.line, column: use.column, message, severity: 'warning' }))),
  );
}
