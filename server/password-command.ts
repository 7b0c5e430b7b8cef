/** `npm run password -- EMAIL` (server/commands/password.ts): one line, and a non-zero exit code on failure. */
import { finishCommand } from './commands/command-outcome.ts';
import { passwordCommand } from './commands/password.ts';

finishCommand(passwordCommand(process.argv.slice(2)));
