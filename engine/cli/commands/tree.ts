/** `tmpl tree FILE`: the instruction tree, one instruction a line with its position. */
import { parseTemplate } from '../../syntax/parse.ts';
import { printTree } from '../../syntax/tree-printer.ts';
import { onePositional, type Command } from '../command.ts';
import { readTemplateFile } from '../inputs.ts';
import { EXIT } from '../io.ts';

/** The tree shows structure only: every formatter and predicate name is accepted. */
const ANY_PLUGIN = { formatter: () => undefined, predicate: () => undefined };

export const treeCommand: Command = {
  name: 'tree',
  summary: 'print the instruction tree, one instruction a line',
  help: `usage: tmpl tree FILE

Prints FILE's instruction tree, one instruction a line with its {line,column},
indented by block, for looking at how a template is structured.

exit codes: 0 printed, 2 usage or input problem`,
  options: {},
  run(args, io) {
    const file = onePositional(treeCommand, args, 'FILE (a template)');
    const parsed = parseTemplate(readTemplateFile(file), { plugins: ANY_PLUGIN });
    io.out(printTree(parsed.root, parsed.lines));
    return EXIT.ok;
  },
};
