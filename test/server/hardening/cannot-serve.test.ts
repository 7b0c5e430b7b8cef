/**
 * A storefront that cannot serve for a reason only its operator can mend says so in one log line
 * and stops (exit 78), instead of crashing with a stack trace or serving a maintenance page that
 * blames the database: a port another program holds, a template folder whose template.conf does
 * not parse, a setting of the environment that is not valid. With WORKERS=N the primary stops
 * too, rather than starting workers that fail the same way again and again.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliMessages } from '../../../engine/cli/messages.ts';
import { CANNOT_SERVE_EXIT_CODE } from '../../../server/cluster.ts';
import { PERCENT_ENCODE_HINT } from '../../../server/db/database-url.ts';
import { fillMessage, serverMessages } from '../../../server/messages.ts';
import { themeMessages } from '../../../server/theme/theme-messages.ts';
import { templateDirProblem } from '../../../server/theme/template-dir-check.ts';
import { jsonLogLines, runMainToExit } from '../helpers/start-main.ts';

const STACK_LINE = /^\s+at .+:\d+/m;

let holder: Server;
let port: number;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'port-in-use-'));
  holder = createServer();
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  port = (holder.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise((resolve) => holder.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

/** Runs server/main.ts on the held port (unless `env` says otherwise) until it exits: its output and exit code. */
function runMain(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return runMainToExit({ PORT: String(port), DATABASE_PATH: join(dir, `${Object.keys(env).join('-') || 'one'}.db`), ...env });
}

function messages(output: string): string[] {
  return jsonLogLines(output).map((line) => String(line.msg));
}

describe('a port another program holds', () => {
  const said = () => fillMessage(serverMessages.portInUseLog, { port, host: '127.0.0.1' });

  it('stops one server process with one line that says what to do', async () => {
    const { code, output } = await runMain({});
    expect(code).toBe(CANNOT_SERVE_EXIT_CODE);
    expect(messages(output)).toContain(said());
    expect(output).not.toMatch(STACK_LINE);
  });

  it('stops the primary of WORKERS=2 too, without starting workers again', async () => {
    const { code, output } = await runMain({ WORKERS: '2' });
    expect(code).toBe(1);
    expect(messages(output)).toContain(said());
    expect(messages(output)).not.toContain(serverMessages.workerExitedLog);
    // the primary says why it stops, not a signal no one sent (a worker the primary stopped while it
    // was still starting, on a busy machine, does say it was signalled, rightly: only the primary is checked)
    expect(messages(output)).toContain(serverMessages.workerCannotServeLog);
    const lines = jsonLogLines(output);
    const primary = lines.find((line) => line.msg === serverMessages.workersStartingLog)?.pid;
    expect(primary).toEqual(expect.any(Number));
    expect(lines.filter((line) => line.pid === primary).map((line) => line.msg)).not.toContain('shutting down');
    expect(output).not.toMatch(STACK_LINE);
  });
});

describe('a setting of the environment that is not valid', () => {
  it.each([
    ['PORT', 'abc', 'PORT must be a whole number from 0 to 65535, got "abc"'],
    ['DATABASE_POOL_SIZE', '0', 'DATABASE_POOL_SIZE must be a whole number from 1 to 100, got "0"'],
    ['WORKERS', 'many', 'WORKERS must be a whole number from 1 to 64, got "many"'],
    ['DATABASE_URL', 'mysql://shop:secret@127.0.0.1:3306/shop', 'DATABASE_URL must be a postgres:// or postgresql:// URL (leave it unset for the SQLite file of DATABASE_PATH), got one starting "mysql://"'],
    ['DATABASE_URL', 'postgres://shop:p@ss#w0rd/x@127.0.0.1:55431/shop', `DATABASE_URL postgres://***@127.0.0.1:55431/shop cannot be read as written: ${PERCENT_ENCODE_HINT}`],
  ])('%s=%s stops the start with one line saying what it takes', async (name, value, said) => {
    const { code, output } = await runMain({ [name]: value });
    expect(code).toBe(CANNOT_SERVE_EXIT_CODE);
    expect(messages(output)).toEqual([said]);
    expect(output).not.toMatch(STACK_LINE);
  });
});

describe('a product-files folder inside the uploads folder', () => {
  it('stops the start with one line saying to keep them apart, before either folder exists', async () => {
    const uploads = join(dir, 'nested', 'uploads');
    const productFiles = join(uploads, 'files');
    const { code, output } = await runMain({ UPLOADS_DIR: uploads, PRODUCT_FILES_DIR: productFiles });
    expect(code).toBe(CANNOT_SERVE_EXIT_CODE);
    expect(messages(output)).toEqual([fillMessage(serverMessages.storeFoldersNested, { uploads, productFiles })]);
    expect(output).not.toMatch(STACK_LINE);
    expect(existsSync(join(dir, 'nested'))).toBe(false);
  });
});

describe('a folder setting that names a file', () => {
  it('stops the start with one line when UPLOADS_DIR is a regular file, as every image upload would fail', async () => {
    const uploads = join(dir, 'uploads-is-a-file');
    writeFileSync(uploads, 'not a folder');
    const { code, output } = await runMain({ UPLOADS_DIR: uploads, PRODUCT_FILES_DIR: join(dir, 'files-beside-it') });
    expect(code).toBe(CANNOT_SERVE_EXIT_CODE);
    expect(messages(output)).toEqual([fillMessage(serverMessages.storeFolderNotAFolder, { setting: 'UPLOADS_DIR', folder: uploads, file: uploads, what: 'product images' })]);
    expect(output).not.toMatch(STACK_LINE);
  });

  it('and when PRODUCT_FILES_DIR lies under a regular file', async () => {
    const file = join(dir, 'product-files-under-a-file');
    writeFileSync(file, 'not a folder');
    const productFiles = join(file, 'files');
    const { code, output } = await runMain({ UPLOADS_DIR: join(dir, 'uploads-apart'), PRODUCT_FILES_DIR: productFiles });
    expect(code).toBe(CANNOT_SERVE_EXIT_CODE);
    expect(messages(output)).toEqual([fillMessage(serverMessages.storeFolderNotAFolder, { setting: 'PRODUCT_FILES_DIR', folder: productFiles, file, what: 'digital products\' files' })]);
  });
});

describe('a template folder whose template.conf does not parse', () => {
  it('stops the process with one line naming the file, line and column, not the database', async () => {
    const folder = mkdtempSync(join(dir, 'theme-'));
    writeFileSync(join(folder, 'template.conf'), '{\n  "name" "Plain"\n}');
    const { code, output } = await runMain({ PORT: '0', TEMPLATE_DIR: folder });
    expect(code).toBe(CANNOT_SERVE_EXIT_CODE);
    const lines = output.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as { msg: string; problems?: string });
    const said = lines.find((line) => line.msg === themeMessages.folderUnservableLog);
    expect(said?.problems).toBe(`template.conf:2:10 not valid JSON: Expected ':' after property name`);
    expect(messages(output)).not.toContain(serverMessages.startupFailureLog);
    expect(output).not.toMatch(STACK_LINE);
  });
});

describe('a template folder with a template that is not text', () => {
  it('stops the process with one line naming the file, instead of serving the image as a template', async () => {
    const folder = mkdtempSync(join(dir, 'theme-'));
    writeFileSync(join(folder, 'template.conf'), JSON.stringify({ name: 'Plain', layouts: { default: { name: 'Default', regions: ['site'] } } }));
    writeFileSync(join(folder, 'site.region'), '<html><body>{squarespace.main-content}</body></html>');
    mkdirSync(join(folder, 'blocks'));
    writeFileSync(join(folder, 'blocks/logo.block'), '\x89PNG\r\n\x1a\n\0\0\0\rIHDR');
    const { code, output } = await runMain({ PORT: '0', TEMPLATE_DIR: folder });
    expect(code).toBe(CANNOT_SERVE_EXIT_CODE);
    const lines = output.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as { msg: string; problems?: string });
    expect(lines.find((line) => line.msg === themeMessages.folderUnservableLog)?.problems).toBe(`blocks/logo.block ${cliMessages.notTextFile}`);
    expect(output).not.toMatch(STACK_LINE);
  });
});

describe('a TEMPLATE_DIR that is not a folder', () => {
  it('stops the process with one line naming it, instead of a 500 on every page', async () => {
    const missing = join(dir, 'no-such-theme');
    const { code, output } = await runMain({ PORT: '0', TEMPLATE_DIR: missing });
    expect(code).toBe(CANNOT_SERVE_EXIT_CODE);
    const lines = output.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as { msg: string; problems?: string });
    const said = lines.find((line) => line.msg === themeMessages.folderUnservableLog);
    expect(said?.problems).toBe(`${missing} ${themeMessages.templateDirMissing}`);
    expect(output).not.toMatch(STACK_LINE);
  });

  it('a relative one says where it was read from: npm runs the server in the storefront\'s folder, not where the author typed it', () => {
    expect(templateDirProblem('no-such-theme/')).toBe(`${themeMessages.templateDirMissing} ${themeMessages.templateDirReadFrom(resolve('no-such-theme/'))}`);
    expect(templateDirProblem(join(dir, 'no-such-theme'))).toBe(themeMessages.templateDirMissing);
  });

  it('stops before the store is opened, so no store is made and seeded for a mistyped folder, and names the folder beside it likely meant', async () => {
    mkdirSync(join(dir, 'author-theme-mine'), { recursive: true });
    const mistyped = join(dir, 'author-theme-mien');
    const store = join(dir, 'mistyped-folder.db');
    const { code, output } = await runMainToExit({ PORT: '0', DATABASE_PATH: store, TEMPLATE_DIR: mistyped });
    expect(code).toBe(CANNOT_SERVE_EXIT_CODE);
    const lines = output.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as { msg: string; problems?: string });
    expect(lines.find((line) => line.msg === themeMessages.folderUnservableLog)?.problems)
      .toBe(`${mistyped} ${themeMessages.templateDirMissing} ${themeMessages.templateDirMeant(join(dir, 'author-theme-mine'))}`);
    expect(output).not.toContain('Owner account created');
    expect(existsSync(store)).toBe(false);
  });

  it('stops the process the same way at a folder that holds no template of either kind (an empty one)', async () => {
    const empty = join(dir, 'empty-theme');
    mkdirSync(empty, { recursive: true });
    const { code, output } = await runMain({ PORT: '0', TEMPLATE_DIR: empty });
    expect(code).toBe(CANNOT_SERVE_EXIT_CODE);
    const lines = output.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as { msg: string; problems?: string });
    expect(lines.find((line) => line.msg === themeMessages.folderUnservableLog)?.problems).toBe(`${empty} ${themeMessages.templateDirEmpty}`);
    expect(output).not.toMatch(STACK_LINE);
  });

  it('in development (npm run dev) says it in a readable line on the terminal, as a port taken is said there, rather than a JSON line', async () => {
    const missing = join(dir, 'no-such-theme');
    const { code, output } = await runMain({ PORT: '0', TEMPLATE_DIR: missing, NODE_ENV: 'development' });
    expect(code).toBe(CANNOT_SERVE_EXIT_CODE);
    expect(jsonLogLines(output)).toEqual([]);
    const said = output.split('\n').filter((line) => line.includes(themeMessages.folderUnservableLog));
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] ERROR: /);
    expect(said[0]).toContain(`${missing} ${themeMessages.templateDirMissing}`);
    expect(output).not.toMatch(STACK_LINE);
  });

  it('in development, a setting that is not valid is a readable line too', async () => {
    const { code, output } = await runMain({ PORT: 'abc', NODE_ENV: 'development' });
    expect(code).toBe(CANNOT_SERVE_EXIT_CODE);
    expect(jsonLogLines(output)).toEqual([]);
    expect(output).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] ERROR: .*PORT/m);
  });
});
