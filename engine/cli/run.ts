/**
 * The `tmpl` process: standard streams, colour on a terminal, Ctrl-C, and a
 * closed pipe (`tmpl plugins | head`) ending the process quietly. The build
 * bundles this file into dist/engine/tmpl.cjs.
 */
import { EXIT } from './io.ts';
import { main } from './main.ts';
import { cliMessages } from './messages.ts';

/**
 * A reader that went away (`| head`) is not an error: stop writing and end quietly. Any other
 * failure to write (stdout sent to a full disk) is one line on stderr, not an uncaught stack.
 */
function endOnStreamError(stream: NodeJS.WriteStream, name: string): void {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(typeof process.exitCode === 'number' ? process.exitCode : 0);
    if (stream !== process.stderr) process.stderr.write(`${cliMessages.streamUnwritable(name, e.message)}\n`);
    process.exit(EXIT.usage);
  });
}

endOnStreamError(process.stdout, 'stdout');
endOnStreamError(process.stderr, 'stderr');

const argv = process.argv.slice(2);
// Only the long-running watch takes Ctrl-C over (to close its watcher); every other command keeps the default.
const stop = new AbortController();
if (argv[0] === 'watch') process.once('SIGINT', () => stop.abort());

void main(argv, {
  out: (text) => process.stdout.write(`${text}\n`),
  write: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(`${text}\n`),
  color: process.stderr.isTTY === true && !process.env.NO_COLOR,
  terminal: process.stderr.isTTY === true,
  signal: stop.signal,
}).then((code) => {
  process.exitCode = code;
});
