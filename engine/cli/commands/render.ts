/** `tmpl render FILE`: renders a template with JSON data and a partials folder. */
import { stringOption, type Command } from '../command.ts';
import { cliMessages } from '../messages.ts';
import { deliver, noteDefaultData, noteTemplateFolderFile, RENDER_JOB_OPTIONS, renderFile, renderJobFrom } from '../render-job.ts';

export const renderCommand: Command = {
  name: 'render',
  summary: 'render a template with JSON data; errors to stderr with a code frame',
  help: `usage: tmpl render FILE [--data FILE.json] [--partials DIR] [--locale LOCALE] [--now EPOCH_MS]
                   [--out FILE] [--allow-errors]

Renders FILE and writes the page to stdout (or to --out FILE). Every error the
render reports (syntax errors, a missing partial, a failed .eval, a formatter
error, a limit) is printed to stderr as FILE:LINE:COLUMN message, with a code
frame; the exit code is then 1. A template with syntax errors is not rendered
(malformed tags that stay text are reported and the page is still written).

options:
  --data FILE.json     the context (JSON, read as the engine reads it: 1.0 stays 1.0); default {}
                       (said on stderr when it is a terminal)
  --partials DIR       partials, each known by its file name with and without extension
  --locale LOCALE      the render's locale (default en-US)
  --now EPOCH_MS       the render's clock, in milliseconds since 1970 (default: now)
  --out FILE           write the page to FILE instead of stdout
  --allow-errors       render despite syntax errors; exit 0 even when errors are reported
  -h, --help           this help

A developer-template folder (one with template.conf) renders one page as the
storefront would: tmpl render DIR --page URL --data context.json [--site site.json],
where context.json is what the running store answers for that page with ?format=json.

exit codes: 0 rendered without errors, 1 the template reported errors, 2 usage or input problem`,
  options: { ...RENDER_JOB_OPTIONS, 'allow-errors': { type: 'boolean' } },
  // A folder without template.conf (single .tmpl pages) comes here too, so its author learns why --page is refused.
  foreignOptions: Object.fromEntries(['page', 'site', 'css-out'].map((name) => [name, cliMessages.folderOnlyOption(`--${name}`)])),
  run(args, io) {
    const job = renderJobFrom(renderCommand, args, args.values['allow-errors'] === true);
    noteDefaultData(job, io);
    noteTemplateFolderFile(job, io);
    return deliver(renderFile(job), job, stringOption(args, 'out'), io);
  },
};
