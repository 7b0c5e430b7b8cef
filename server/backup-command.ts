/** `npm run backup` and `npm run restore` (server/commands/backup.ts): one line, and a non-zero exit code on failure. */
import { backupCommand } from './commands/backup.ts';
import { finishCommand } from './commands/command-outcome.ts';

finishCommand(backupCommand(process.argv.slice(2)));
