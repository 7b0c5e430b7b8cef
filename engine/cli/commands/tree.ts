/** `tmpl tree FILE`: the instruction tree, one instruction a line with its position. */
import { messages } from '../../messages.ts';
import { defaultRegistry } from '../../plugins/index.ts';
import { DEFAULT_LIMITS } from '../../runtime/limits.ts';
import { parseTemplate } from '../../syntax/parse.ts';
import { printTree } from '../../syntax/tree-printer.ts';
import type { TemplateError } from '../../template.ts';
import { onePositional, type Command } from '../command.ts';
import { readTemplateFile } from '../inputs.ts';
import { EXIT } from '../io.ts';
import { reportErrors } from '../report.ts';

/** The tree shows structure only: every formatter and predicate name is accepted. */
const ANY_PLUGIN = { formatter: () => undefined, predicate: () => undefined };

export const treeCommand: Command = {
  name: 'tree',
  summary: 'print the instruction tree, one instruction a line',
  help: `usage: tmpl tree FILE

Prints FILE's instruction tree, one instruction a line with its {line,column},
indented by block, for looking at how a template is structured. A template
past the limits render and check apply (its size, its blocks' nesting) is
reported as they report it; a tree nested too deep is printed down to the limit.

exit codes: 0 printed, 1 the template is past a limit, 2 usage or input problem`,
  options: {},
  run(args, io) {
    const file = onePositional(treeCommand, args, 'FILE (a template)');
    const source = readTemplateFile(file);
    const { maxTemplateSize, maxNesting } = DEFAULT_LIMITS;
    // The limits compile() applies for render and check, with their messages: without them a
    // tree nested thousands deep exhausted the stack printing it.
    let limitErrors: TemplateError[];
    if (source.length > maxTemplateSize) {
      limitErrors = [{ message: messages.templateTooLarge(maxTemplateSize), line: 1, column: 1, name: file }];
    } else {
      const parsed = parseTemplate(source, { plugins: ANY_PLUGIN, maxNesting });
      io.out(printTree(parsed.root, parsed.lines));
      // Other syntax errors are check's to report; the tree shows the structure as written.
      const tooDeep = messages.nestingTooDeep(maxNesting);
      limitErrors = parsed.errors.filter((e) => e.message === tooDeep).map((e) => ({ message: e.message, line: e.line, column: e.column, name: file }));
    }
    reportErrors(limitErrors, () => ({ path: file, source }), defaultRegistry, io);
    return limitErrors.length > 0 ? EXIT.templateErrors : EXIT.ok;
  },
};
