/**
 * tmpl: the command line for template authors.
 *
 *   tmpl render FILE --data FILE.json [--partials DIR] [--locale L] [--now MS]
 *   tmpl check FILE...            compile and report every error with its position
 *   tmpl ast FILE                 print the instruction tree as JSON
 *   tmpl tree FILE                print the instruction tree, one instruction a line
 *   tmpl golden DIR|FILE...       run golden files; last line "N passed, M failed"
 *   tmpl plugins                  list every formatter and predicate
 *   tmpl check DIR | render DIR   on a developer-template folder: see server/theme/folder-cli.ts
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { codeFrame, compile, defaultRegistry, parseJson, type TemplateError } from './index.ts';
import { collectGoldenFiles, runGoldenFile, summarise } from './golden/runner.ts';
import { parseTemplate } from './syntax/parse.ts';
import { printTree } from './syntax/tree-printer.ts';

const USAGE = `usage:
  tmpl render FILE --data FILE.json [--partials DIR] [--locale LOCALE] [--now EPOCH_MS]
  tmpl check FILE...
  tmpl ast FILE
  tmpl tree FILE
  tmpl golden DIR|FILE...
  tmpl plugins`;

interface Io {
  out: (s: string) => void;
  err: (s: string) => void;
}

function reportErrors(file: string, source: string | null, errors: readonly TemplateError[], io: Io): void {
  for (const e of errors) {
    const where = e.name && e.name !== basename(file) && e.name !== file ? e.name : file;
    io.err(`${where}:${e.line}:${e.column} ${e.message}`);
    if (source !== null && where === file && e.line > 0) io.err(codeFrame(source, e.line, e.column));
  }
}

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i === -1) return undefined;
  const value = args[i + 1];
  args.splice(i, 2);
  return value;
}

function readPartials(dir: string): Record<string, string> {
  const partials: Record<string, string> = {};
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isFile()) {
      const ext = extname(entry);
      // A partial is known by its file name, with or without the .tmpl/.block extension.
      const text = readFileSync(path, 'utf8');
      partials[entry] = text;
      if (ext) partials[entry.slice(0, -ext.length)] = text;
    }
  }
  return partials;
}

function render(args: string[], io: Io): number {
  const dataFile = option(args, '--data');
  const partialsDir = option(args, '--partials');
  const locale = option(args, '--locale');
  const now = option(args, '--now');
  const file = args[0];
  if (!file) {
    io.err(USAGE);
    return 2;
  }
  const source = readFileSync(file, 'utf8');
  const template = compile(source, { name: file });
  if (template.errors.length > 0) {
    reportErrors(file, source, template.errors, io);
    return 1;
  }
  const data: unknown = dataFile ? parseJson(readFileSync(dataFile, 'utf8')) : {};
  const result = template.render(data, {
    partials: partialsDir ? readPartials(partialsDir) : {},
    ...(locale ? { locale } : {}),
    ...(now ? { now: Number(now) } : {}),
  });
  io.out(result.html);
  reportErrors(file, source, result.errors, io);
  return 0;
}

function check(files: string[], io: Io): number {
  let failed = false;
  for (const file of files) {
    const source = readFileSync(file, 'utf8');
    const template = compile(source, { name: file });
    if (template.errors.length > 0) {
      failed = true;
      reportErrors(file, source, template.errors, io);
    }
  }
  if (!failed) io.out(`${files.length} file(s) checked, no errors`);
  return failed ? 1 : 0;
}

function golden(paths: string[], io: Io): number {
  const missing = paths.filter((p) => !existsSync(p));
  if (paths.length === 0 || missing.length > 0) {
    io.err(missing.length ? `not found: ${missing.join(', ')}` : USAGE);
    return 2;
  }
  const outcomes = collectGoldenFiles(paths).map(runGoldenFile);
  for (const o of outcomes) {
    if (o.status === 'fail') io.out(`FAIL ${o.file}: ${o.reason}`);
    else if (o.status === 'skip') io.out(`SKIP ${o.file}: ${o.reason}`);
  }
  const summary = summarise(outcomes);
  io.out(summary.line);
  return summary.failed > 0 ? 1 : 0;
}

export function main(argv: string[], io: Io): number {
  const [command, ...args] = argv;
  switch (command) {
    case 'render':
      return render(args, io);
    case 'check':
      if (args.length === 0) break;
      return check(args, io);
    case 'ast': {
      if (!args[0]) break;
      const source = readFileSync(args[0], 'utf8');
      const template = compile(source, { name: args[0] });
      io.out(JSON.stringify(template.toJSON()));
      reportErrors(args[0], source, template.errors, io);
      return template.errors.length > 0 ? 1 : 0;
    }
    case 'tree': {
      if (!args[0]) break;
      const source = readFileSync(args[0], 'utf8');
      const parsed = parseTemplate(source, { plugins: { formatter: () => undefined, predicate: () => undefined } });
      io.out(printTree(parsed.root, parsed.lines));
      return 0;
    }
    case 'golden':
      return golden(args, io);
    case 'plugins':
      for (const name of defaultRegistry.formatterNames()) io.out(`formatter ${name}`);
      for (const name of defaultRegistry.predicateNames()) io.out(`predicate ${name}`);
      return 0;
    default:
      break;
  }
  io.err(USAGE);
  return 2;
}

/** `check DIR` and `render DIR` on a developer-template folder (one with template.conf). */
function namesTemplateFolder(argv: string[]): boolean {
  const [command, dir] = argv;
  return (command === 'check' || command === 'render') && dir !== undefined && existsSync(join(dir, 'template.conf'));
}

const invokedDirectly = process.argv[1] !== undefined && /cli\.(ts|js|mjs)$|tmpl(\.mjs)?$/.test(process.argv[1]);
if (invokedDirectly) {
  const argv = process.argv.slice(2);
  const io: Io = {
    out: (s) => process.stdout.write(`${s}\n`),
    err: (s) => process.stderr.write(`${s}\n`),
  };
  // Folder support is loaded only when asked for, so plain calls stay fast.
  process.exitCode = namesTemplateFolder(argv)
    ? await (await import('../server/theme/folder-cli.ts')).runFolderCommand(argv, io)
    : main(argv, io);
}
