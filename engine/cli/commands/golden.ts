/** `tmpl golden PATH...`: runs golden files (folders are walked); the last line is "N passed, M failed". */
import { existsSync } from 'node:fs';
import { collectGoldenFiles, runGoldenFile, summarise } from '../../golden/runner.ts';
import { usageError, type Command } from '../command.ts';
import { CliFailure, EXIT } from '../io.ts';
import { cliMessages } from '../messages.ts';

export const goldenCommand: Command = {
  name: 'golden',
  summary: 'run golden files (files or folders); last line "N passed, M failed"',
  help: `usage: tmpl golden PATH...

Runs golden files (:TEMPLATE + :JSON → :OUTPUT, instruction-tree and round-trip
cases); a PATH that is a folder is walked. Prints FAIL and SKIP lines with the
reason, and ends with "N passed, M failed" (", K skipped" after it when
files were skipped).

exit codes: 0 all passed, 1 some failed, 2 usage or input problem (no golden
file among PATHs)`,
  options: {},
  run(args, io) {
    if (args.positionals.length === 0) throw usageError(goldenCommand, cliMessages.missingArgument('PATH (a golden file or folder)'));
    const missing = args.positionals.find((p) => !existsSync(p));
    if (missing !== undefined) throw new CliFailure(cliMessages.fileMissing(missing));
    const outcomes = collectGoldenFiles(args.positionals).map(runGoldenFile);
    for (const o of outcomes) {
      if (o.status === 'fail') io.out(`FAIL ${o.file}: ${o.reason}`);
      else if (o.status === 'skip') io.out(`SKIP ${o.file}: ${o.reason}`);
    }
    const summary = summarise(outcomes);
    io.out(summary.line);
    // Nothing run is not a pass: a mistyped or wrong folder would otherwise succeed silently.
    if (summary.passed + summary.failed === 0) {
      io.err(cliMessages.noGoldenFiles(args.positionals));
      return EXIT.usage;
    }
    return summary.failed > 0 ? EXIT.templateErrors : EXIT.ok;
  },
};
