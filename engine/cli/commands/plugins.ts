/** `tmpl plugins`: every registered formatter and predicate, one a line. */
import { defaultRegistry } from '../../plugins/index.ts';
import { usageError, type Command } from '../command.ts';
import { EXIT } from '../io.ts';
import { cliMessages } from '../messages.ts';

export const pluginsCommand: Command = {
  name: 'plugins',
  summary: 'list every formatter and predicate',
  help: `usage: tmpl plugins

Lists every registered formatter and predicate, one a line: "formatter NAME"
or "predicate NAME".

exit codes: 0 listed, 2 usage problem`,
  options: {},
  run(args, io) {
    const [extra] = args.positionals;
    if (extra !== undefined) throw usageError(pluginsCommand, cliMessages.tooManyArguments(extra));
    for (const name of defaultRegistry.formatterNames()) io.out(`formatter ${name}`);
    for (const name of defaultRegistry.predicateNames()) io.out(`predicate ${name}`);
    return EXIT.ok;
  },
};
