/**
 * `npm run backup`, `restore`, `password` and `move-to-postgres`: runs the store command named
 * first (`node server/run-command.mjs backup-command restore FILE`) from its bundle in dist/server/,
 * built first when it is missing or older than its sources and the build tools are installed, as
 * `npm start` builds the server. So in a working copy the commands work before any `npm start`,
 * and a production install runs the build it was given. Plain JavaScript: no TypeScript loader.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildToolsInstalled, PROJECT_ROOT } from '../engine/build.mjs';
import { buildWhatIsStale, serverOutput } from './start-plan.mjs';

const COMMANDS = {
  'backup-command': 'npm run backup',
  'password-command': 'npm run password',
  'move-to-postgres-command': 'npm run move-to-postgres',
};

const [, , bundle] = process.argv;
if (!Object.hasOwn(COMMANDS, bundle ?? '')) {
  process.stderr.write(`run-command: the first argument names a store command: ${Object.keys(COMMANDS).join(', ')}\n`);
  process.exit(2);
}
buildWhatIsStale(PROJECT_ROOT, [serverOutput(PROJECT_ROOT, bundle)], buildToolsInstalled(), { name: COMMANDS[bundle], running: 'running' });
// the command reads its own arguments after the script's path, as when node runs its bundle
process.argv.splice(2, 1);
process.setSourceMapsEnabled(true);
await import(pathToFileURL(path.join(PROJECT_ROOT, 'dist', 'server', `${bundle}.mjs`)).href);
