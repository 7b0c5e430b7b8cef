/** `tmpl ast FILE`: the instruction tree in the references' JSON form. */
import { defaultRegistry } from '../../plugins/index.ts';
import { compile } from '../../template.ts';
import { onePositional, type Command } from '../command.ts';
import { readTemplateFile } from '../inputs.ts';
import { EXIT } from '../io.ts';
import { reportErrors } from '../report.ts';

export const astCommand: Command = {
  name: 'ast',
  summary: "print the instruction tree as JSON (the references' form)",
  help: `usage: tmpl ast FILE

Prints FILE's instruction tree as one line of JSON, in the form the reference
implementations use ([17,1,[…],18]). Syntax errors go to stderr.

exit codes: 0 no errors, 1 syntax errors, 2 usage or input problem`,
  options: {},
  run(args, io) {
    const file = onePositional(astCommand, args, 'FILE (a template)');
    const source = readTemplateFile(file);
    const template = compile(source, { name: file });
    io.out(JSON.stringify(template.toJSON()));
    reportErrors(template.errors, () => ({ path: file, source }), defaultRegistry, io);
    return template.errors.length > 0 ? EXIT.templateErrors : EXIT.ok;
  },
};
