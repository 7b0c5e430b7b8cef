/**
 * `tmpl watch FILE`: renders like `tmpl render`, then again whenever the
 * template, the data or a partial changes, until Ctrl-C. A failed render
 * (malformed data mid-edit, a syntax error) is reported, the last page
 * written stays, and the watch goes on.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { stringOption, type Command } from '../command.ts';
import { CliFailure, EXIT, type CliIo } from '../io.ts';
import { readPartials, readTemplateFile, readTextFile } from '../inputs.ts';
import { cliMessages } from '../messages.ts';
import { deliver, noteDefaultData, noteTemplateFolderFile, RENDER_JOB_OPTIONS, renderFile, renderJobFrom, type RenderJob } from '../render-job.ts';

/** Changes closer together than this (an editor's save is often several writes) render once. */
const SETTLE_MS = 40;
/** How often the inputs are compared with the last render's, in case a file event was lost. */
const MISSED_CHANGE_CHECK_MS = 1000;

export const watchCommand: Command = {
  name: 'watch',
  summary: 'render again on every change of the template, data or partials',
  help: `usage: tmpl watch FILE [--data FILE.json] [--partials DIR] [--out FILE] [--locale LOCALE] [--now EPOCH_MS]

Renders FILE as tmpl render does, then again each time FILE, the data file or
a file in the partials folder changes, until Ctrl-C. The page goes to --out
FILE (or stdout); errors and a "rendered" line go to stderr after each render.
As with tmpl render, a save with syntax errors (or malformed data) is not
rendered: its errors are printed with their code frames, the page from the
last good save stays as it was, and the next save that fixes it renders again.

options:
  --data FILE.json     the context (JSON); default {}
  --partials DIR       partials, each known by its file name with and without extension
  --out FILE           write the page to FILE instead of stdout
  --locale LOCALE      the render's locale (default en-US)
  --now EPOCH_MS       the render's clock, in milliseconds since 1970
  -h, --help           this help

exit codes: 0 stopped, 2 usage or input problem at the start`,
  options: RENDER_JOB_OPTIONS,
  async run(args, io) {
    const job = renderJobFrom(watchCommand, args, false);
    const out = stringOption(args, 'out');
    // A mistyped path would otherwise be watched forever: every input must exist at the start.
    readTemplateFile(job.file);
    if (job.dataFile !== undefined) readTextFile(job.dataFile, '--data');
    if (job.partialsDir !== undefined) readPartials(job.partialsDir);
    const paths = [job.file, job.dataFile, job.partialsDir].filter((p): p is string => p !== undefined);
    // once, not at every render
    noteDefaultData(job, io);
    noteTemplateFolderFile(job, io);
    await watchAndRender(paths, () => renderAndReport(job, out, io), io);
    return EXIT.ok;
  },
};

/**
 * One render as `tmpl render` does it: a template with syntax errors is not rendered, so the page
 * from the last good save stays where it is (--out) and nothing is printed in its place.
 */
function renderAndReport(job: RenderJob, out: string | undefined, io: CliIo): void {
  try {
    const outcome = renderFile(job);
    deliver(outcome, job, out, io);
    const target = out ?? 'stdout';
    io.err(outcome.html === null ? cliMessages.watchNotRendered(job.file, target) : cliMessages.watchRendered(job.file, target, outcome.errors.length));
  } catch (e) {
    if (!(e instanceof CliFailure)) throw e;
    io.err(e.message);
    io.err(cliMessages.watchInputRefused(out ?? 'stdout'));
  }
}

/** Every watched file's size and modification time (a folder's files included), as one string. */
function inputsSignature(paths: readonly string[]): string {
  const parts: string[] = [];
  const visit = (path: string): void => {
    try {
      const stats = statSync(path);
      if (stats.isDirectory()) {
        for (const name of readdirSync(path).sort()) visit(join(path, name));
      } else {
        parts.push(`${path}:${stats.size}:${stats.mtimeMs}`);
      }
    } catch {
      parts.push(`${path}:gone`);
    }
  };
  for (const path of paths) visit(path);
  return parts.join('\n');
}

/**
 * Calls `render` once the watcher is ready and after every settled change, until the signal (or
 * Ctrl-C). File events can be lost (two writes within one timestamp tick, a busy event loop), so
 * the inputs are also compared with what the last render saw once a second.
 */
async function watchAndRender(paths: string[], render: () => void, io: CliIo): Promise<void> {
  const { watch } = await import('chokidar');
  const watcher = watch(paths, { ignoreInitial: true, awaitWriteFinish: false });
  let timer: NodeJS.Timeout | undefined;
  let rendered = '';
  const renderNow = (): void => {
    rendered = inputsSignature(paths);
    render();
  };
  watcher.on('all', () => {
    clearTimeout(timer);
    timer = setTimeout(renderNow, SETTLE_MS);
  });
  await new Promise<void>((resolve) => watcher.once('ready', resolve));
  io.err(cliMessages.watchWaiting(paths.length));
  renderNow();
  const check = setInterval(() => {
    if (inputsSignature(paths) !== rendered) renderNow();
  }, MISSED_CHANGE_CHECK_MS);
  await new Promise<void>((resolve) => {
    if (io.signal?.aborted) return resolve();
    io.signal?.addEventListener('abort', () => resolve(), { once: true });
  });
  clearInterval(check);
  clearTimeout(timer);
  await watcher.close();
}
