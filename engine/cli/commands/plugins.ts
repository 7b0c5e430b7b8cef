/** `tmpl plugins`: every registered formatter and predicate, one a line (with --long, arguments and summary). */
import { defaultRegistry } from '../../plugins/index.ts';
import { usageError, type Command } from '../command.ts';
import { EXIT } from '../io.ts';
import { cliMessages } from '../messages.ts';

export const pluginsCommand: Command = {
  name: 'plugins',
  summary: 'list every formatter and predicate',
  help: `usage: tmpl plugins [--long]

Lists every registered formatter and predicate, one a line: "formatter NAME"
or "predicate NAME".

options:
  --long   each with its arguments and a one-line summary (from the
           language reference, engine/REFERENCE.md)

exit codes: 0 listed, 2 usage problem`,
  options: { long: { type: 'boolean' } },
  async run(args, io) {
    const [extra] = args.positionals;
    if (extra !== undefined) throw usageError(pluginsCommand, cliMessages.tooManyArguments(extra));
    if (args.values.long === true) {
      // The reference's records are loaded only here, so other commands start without them.
      const { pluginListing } = await import('../../reference/plugin-listing.ts');
      for (const line of pluginListing(defaultRegistry, true)) io.out(line);
      return EXIT.ok;
    }
    for (const name of defaultRegistry.formatterNames()) io.out(`formatter ${name}`);
    for (const name of defaultRegistry.predicateNames()) io.out(`predicate ${name}`);
    return EXIT.ok;
  },
};
