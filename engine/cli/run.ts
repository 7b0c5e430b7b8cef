/**
 * The `tmpl` process: standard streams, colour on a terminal, Ctrl-C, and a
 * closed pipe (`tmpl plugins | head`) ending the process quietly. The build
 * bundles this file into dist/engine/tmpl.cjs.
 */
import { main } from './main.ts';

/** A reader that went away (`| head`) is not an error: stop writing and end quietly. */
function endQuietlyOnClosedPipe(stream: NodeJS.WriteStream): void {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(typeof process.exitCode === 'number' ? process.exitCode : 0);
    throw e;
  });
}

endQuietlyOnClosedPipe(process.stdout);
endQuietlyOnClosedPipe(process.stderr);

const argv = process.argv.slice(2);
// Only the long-running watch takes Ctrl-C over (to close its watcher); every other command keeps the default.
const stop = new AbortController();
if (argv[0] === 'watch') process.once('SIGINT', () => stop.abort());

void main(argv, {
  out: (text) => process.stdout.write(`${text}\n`),
  write: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(`${text}\n`),
  color: process.stderr.isTTY === true && !process.env.NO_COLOR,
  signal: stop.signal,
}).then((code) => {
  process.exitCode = code;
});
