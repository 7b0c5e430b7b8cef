/** `npm run move-to-postgres` (server/commands/move-to-postgres.ts): its lines, and a non-zero exit code on failure. */
import { finishCommand } from './commands/command-outcome.ts';
import { moveCommand, moveExitCode } from './commands/move-to-postgres.ts';

finishCommand(moveCommand(process.argv.slice(2)), moveExitCode);
