import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBuiltinPages } from '../../../server/theme/builtin-pages.ts';
import { main } from '../../../engine/cli/main.ts';
import { createFolderPages } from '../../../server/theme/folder-pages.ts';
import { loadTemplateFolder } from '../../../server/theme/folder-loader.ts';
import { compileFolderStyles, hasStylesheet, STYLE_COMPILE_LIMITS } from '../../../server/theme/folder-styles.ts';
import { DiskTemplateSource, MemoryTemplateSource } from '../../../server/theme/template-source.ts';
import { themeMessages } from '../../../server/theme/theme-messages.ts';
import { startServer, type RunningServer } from '../helpers/start-server.ts';
import { conf, SITE_REGION } from './folder-fixture.ts';
import { writeTemplateFolder } from '../helpers/template-folder-on-disk.ts';

function folderWith(stylesheets: string[], files: Record<string, string>, tweaks: Record<string, string> = {}) {
  return loadTemplateFolder(new MemoryTemplateSource({ 'template.conf': conf({ stylesheets, tweaks }), 'site.region': SITE_REGION, ...files })).folder!;
}

const writeFolder = (files: Record<string, string>): string => writeTemplateFolder('folder-styles-', files);

describe('compiling a folder\'s stylesheets', () => {
  it('compiles the named stylesheets in order as one, sharing variables and mixins, with the tweak values of template.conf', async () => {
    const folder = folderWith(['tweak.less', 'base.less', 'extra.css'], {
      'styles/tweak.less': '@accent: blue;\n@gap: 4px;',
      'styles/base.less': '@import "mixins";\na { color: @accent; padding: @gap * 2; .reset(); }',
      'styles/mixins.less': '.reset() { margin: 0; }',
      'styles/extra.css': 'b { font-weight: bold }',
    }, { accent: '#c00' });
    const result = await compileFolderStyles(folder);
    expect(result.problems).toEqual([]);
    expect(result.css).toBe('a {\n  color: #c00;\n  padding: 8px;\n  margin: 0;\n}\nb {\n  font-weight: bold;\n}\n');
  });

  it('puts styles/reset.css first, as the platform does, without template.conf naming it, and once when it does', async () => {
    const files = {
      'styles/reset.css': 'body { margin: 0 }',
      'styles/site.less': '@ink: #222;\nbody { color: @ink; }',
    };
    const unnamed = await compileFolderStyles(folderWith(['site.less'], files));
    expect(unnamed.problems).toEqual([]);
    expect(unnamed.css).toBe('body {\n  margin: 0;\n}\nbody {\n  color: #222;\n}\n');
    const named = await compileFolderStyles(folderWith(['site.less', 'reset.css'], files));
    expect(named.css).toBe(unnamed.css);
    // a folder that names no stylesheet still links its reset
    const resetOnly = folderWith([], { 'styles/reset.css': 'body { margin: 0 }' });
    expect(hasStylesheet(resetOnly)).toBe(true);
    expect((await compileFolderStyles(resetOnly)).css).toBe('body {\n  margin: 0;\n}\n');
    expect(hasStylesheet(folderWith([], {}))).toBe(false);
  });

  it("defines the variables of each font tweak's rule, as the platform does, a file's own definition winning", async () => {
    const folder = folderWith(['tweak.less', 'base.less'], {
      'styles/tweak.less': [
        '// tweak: { "type" : "font", "category" : "Site: Typography", "title" : "Heading 1 Font", "target" : "h1" }',
        '.heading1-font {',
        '  font-family: Arial, sans-serif;',
        '  font-size: 32px;',
        '  line-height: 1.25em;',
        '}',
        '',
        '// tweak: { "type" : "color", "title" : "Body Color" }',
        '.not-a-font { font-size: 9px; }',
        '// tweak: { "type" : "font", "title" : "Body Font" }',
        '// the body',
        '.body-font { font-size: 16px; }',
        '@body-font-font-size: 17px;',
      ].join('\n'),
      'styles/base.less': 'h1 { font-size: (@heading1-font-font-size * 1.5); font-family: @heading1-font-font-family; line-height: @heading1-font-line-height; }\np { font-size: @body-font-font-size; }',
    });
    const result = await compileFolderStyles(folder);
    expect(result.problems).toEqual([]);
    expect(result.css).toContain('h1 {\n  font-size: 48px;\n  font-family: Arial, sans-serif;\n  line-height: 1.25em;\n}');
    expect(result.css).toContain('p {\n  font-size: 17px;\n}');
    // a rule under a tweak of another type makes none
    const other = await compileFolderStyles(folderWith(['tweak.less'], { 'styles/tweak.less': '// tweak: { "type" : "color" }\n.not-a-font { font-size: 9px; }\na { b: @not-a-font-font-size; }' }));
    expect(other.problems.map((problem) => problem.message)).toEqual([themeMessages.stylesheetStatementLeftOut('variable @not-a-font-font-size is undefined')]);
  });

  it("works out divisions as the platform's compiler does, outside parentheses too, and keeps the font shorthand's slash", async () => {
    const folder = folderWith(['base.less'], {
      'styles/base.less': '@max: 72px;\n.scale(@size) { font-size: round(@size / (1920px / 1000)); }\nh1 { .scale(@max); width: @max / 2; font: 12px/1.5 serif; }',
    });
    const result = await compileFolderStyles(folder);
    expect(result.problems).toEqual([]);
    expect(result.css).toBe('h1 {\n  font-size: 38px;\n  width: 36px;\n  font: 12px/1.5 serif;\n}\n');
  });

  it('leaves out a statement that fails to evaluate, a warning at its place, and compiles the rest', async () => {
    const folder = folderWith(['mixins.less', 'base.less'], {
      'styles/mixins.less': '.flex(@grow, @shrink, @basis) { flex: @grow @shrink @basis; }',
      'styles/base.less': '.banner {\n  display: flex;\n  .flex(0, 1);\n  color: @nowhere;\n  margin: 0;\n}\n.next { .flex(1, 0, 50%); }',
    });
    const result = await compileFolderStyles(folder);
    expect(result.css).toBe('.banner {\n  display: flex;\n  margin: 0;\n}\n.next {\n  flex: 1 0 50%;\n}\n');
    expect(result.compiled).toBe(true);
    expect(result.problems).toEqual([
      { file: 'styles/base.less', line: 3, column: 3, message: themeMessages.stylesheetStatementLeftOut('No matching definition was found for `.flex(0, 1)`'), severity: 'warning' },
      { file: 'styles/base.less', line: 4, column: 10, message: themeMessages.stylesheetStatementLeftOut('variable @nowhere is undefined'), severity: 'warning' },
    ]);
  });

  it("gives a mixin call's space-separated values to the mixin's parameters one by one, as the platform does, when nothing takes them as one", async () => {
    const folder = folderWith(['base.less'], {
      // doncab and endeavor call their mixins so: .flex(0 1 auto), .flex-flow(row nowrap)
      'styles/base.less': '.flex(@grow, @shrink, @basis) { flex: @grow @shrink @basis; }\n.one(@all) { one: @all; }\n.a { .flex(0 1 auto); .one(0 1 auto); .flex(@x: 1; 2; 3); }\n.b { .flex(1 2 3 4); }',
    });
    const result = await compileFolderStyles(folder);
    expect(result.css).toBe('.a {\n  flex: 0 1 auto;\n  one: 0 1 auto;\n}\n');
    expect(result.problems.map((problem) => problem.message)).toEqual([
      themeMessages.stylesheetStatementLeftOut('No matching definition was found for `.flex(@x:1, 2, 3)`'),
      themeMessages.stylesheetStatementLeftOut('No matching definition was found for `.flex(1 2 3 4)`'),
    ]);
  });

  it('leaves out an import the folder lacks (a platform stylesheet this server does not have), as a statement that fails', async () => {
    // bureau imports the platform's 'svg-icon-templates' in its tweak.less
    const result = await compileFolderStyles(folderWith(['tweak.less'], { 'styles/tweak.less': "@accent: red;\n@import 'svg-icon-templates';\na { color: @accent; }" }));
    expect(result.css).toBe('a {\n  color: red;\n}\n');
    expect(result.problems).toEqual([
      { file: 'styles/tweak.less', line: 2, column: 1, severity: 'warning', message: themeMessages.stylesheetStatementLeftOut(themeMessages.platformStylesheetMissing('svg-icon-templates', 'styles/')) },
    ]);
  });

  it("says that a mixin the stylesheets never define may be a module's, in a folder its toolbelt build assembles", async () => {
    const files = { 'styles/base.less': '.a { .mixin-template-social-icons-color(red); }', 'package.json': JSON.stringify({ scripts: { build: 'squarespace assemble && webpack' } }) };
    const result = await compileFolderStyles(folderWith(['base.less'], files));
    expect(result.problems.map((problem) => problem.message)).toEqual([
      themeMessages.stylesheetStatementLeftOut(themeMessages.mixinFromAssembledModule('.mixin-template-social-icons-color is undefined')),
    ]);
    const plain = await compileFolderStyles(folderWith(['base.less'], { 'styles/base.less': files['styles/base.less'] }));
    expect(plain.problems.map((problem) => problem.message)).toEqual([themeMessages.stylesheetStatementLeftOut('.mixin-template-social-icons-color is undefined')]);
  });

  it('fails as a whole on a syntax error, and after eight statements left out, reporting those too', async () => {
    const broken = await compileFolderStyles(folderWith(['base.less'], { 'styles/base.less': 'a { b: @gone; }\nc { d: e } }' }));
    expect(broken.css).toBe('');
    expect(broken.compiled).toBe(false);
    expect(broken.problems.map((problem) => problem.message)).toEqual(["Unrecognised input. Possibly missing opening '{'"]);
    const many = Array.from({ length: 9 }, (_, i) => `.r${i} { b: @gone${i}; }`).join('\n');
    // nine compiles in a row: a loaded machine can take longer than the 5 s budget, which would stop the
    // retries early; this case is about the count, so its budget is one no machine meets
    const tooMany = await compileFolderStyles(folderWith(['base.less'], { 'styles/base.less': many }), { ...STYLE_COMPILE_LIMITS, timeoutMs: 120_000 });
    expect(tooMany.css).toBe('');
    expect(tooMany.compiled).toBe(false);
    expect(tooMany.problems.map((problem) => `${problem.line} ${problem.message}`)).toEqual([
      ...Array.from({ length: 8 }, (_, i) => `${i + 1} ${themeMessages.stylesheetStatementLeftOut(`variable @gone${i} is undefined`)}`),
      '9 variable @gone8 is undefined',
    ]);
  });

  it("imports the platform's sqs-grid-breaker, which a folder does not have, and a folder's own file of that name first", async () => {
    const base = '@media only screen and (max-width: 640px) {\n  @import \'sqs-grid-breaker\';\n}';
    const platform = await compileFolderStyles(folderWith(['base.less'], { 'styles/base.less': base }));
    expect(platform.problems).toEqual([]);
    expect(platform.css).toContain('@media only screen and (max-width: 640px) {\n  .sqs-layout .sqs-row {');
    const own = await compileFolderStyles(folderWith(['base.less'], { 'styles/base.less': base, 'styles/sqs-grid-breaker.less': '.mine { a: b; }' }));
    expect(own.css).toBe('@media only screen and (max-width: 640px) {\n  .mine {\n    a: b;\n  }\n}\n');
  });

  it('leaves out a named stylesheet the folder lacks, with a warning placed at its name in template.conf', async () => {
    const result = await compileFolderStyles(folderWith(['gone.less', 'base.less'], { 'styles/base.less': 'a { b: c; }' }));
    expect(result.css).toBe('a {\n  b: c;\n}\n');
    const column = conf({ stylesheets: ['gone.less', 'base.less'], tweaks: {} }).indexOf('"gone.less"') + 1;
    expect(result.problems).toEqual([{ file: 'template.conf', line: 1, column, severity: 'warning', message: themeMessages.stylesheetMissing('gone.less') }]);
  });

  it('reports a statement that fails with its file, line and column', async () => {
    const result = await compileFolderStyles(folderWith(['base.less'], { 'styles/base.less': 'a {\n  color: @nope;\n}\nb { c: d }' }));
    expect(result.css).toBe('b {\n  c: d;\n}\n');
    expect(result.compiled).toBe(true);
    expect(result.problems).toEqual([{
      file: 'styles/base.less', line: 2, column: 10, severity: 'warning',
      message: themeMessages.stylesheetStatementLeftOut('variable @nope is undefined'),
    }]);
  });

  it('names the variable an undefined one most likely meant, from any stylesheet the compile read or a tweak', async () => {
    const files = { 'styles/tweak.less': '@accentColor: #c53;\n@bodyFont: serif;', 'styles/base.less': '@import "parts/links";', 'styles/parts/links.less': 'a {\n  color: @accentColr;\n}' };
    const mistyped = await compileFolderStyles(folderWith(['tweak.less', 'base.less'], files));
    expect(mistyped.problems).toEqual([{
      file: 'styles/parts/links.less', line: 2, column: 10, severity: 'warning',
      message: themeMessages.stylesheetStatementLeftOut(themeMessages.didYouMean('variable @accentColr is undefined', '@accentColor')),
    }]);
    const tweak = await compileFolderStyles(folderWith(['base.less'], { 'styles/base.less': 'a { color: @linkColr; }' }, { linkColor: '#00f' }));
    expect(tweak.problems.map((problem) => problem.message)).toEqual([themeMessages.stylesheetStatementLeftOut(themeMessages.didYouMean('variable @linkColr is undefined', '@linkColor'))]);
  });

  it('keeps LESS\'s message for a block left open, and names the `{` left open: line 4\'s, whose block the dedented `}` of line 5 was written to close body\'s', async () => {
    const base = '@c: red;\nbody {\n  color: @c;\n  a { color: blue;\n}\n/* } */\n.y { content: "}"; }\n';
    const result = await compileFolderStyles(folderWith(['base.less'], { 'styles/base.less': base }));
    expect(result.css).toBe('');
    expect(result.compiled).toBe(false);
    expect(result.problems).toEqual([{
      file: 'styles/base.less', line: 8, column: 1, severity: 'error',
      message: themeMessages.stylesheetBraceNotClosed('Unrecognised input. Possibly missing something', 4, 5),
    }]);
    // another error of a file whose braces all close gets LESS's message alone
    const closed = await compileFolderStyles(folderWith(['base.less'], { 'styles/base.less': 'a {\n  width: (1;\n}' }));
    expect(closed.problems.map((problem) => problem.message)).toEqual(["Expected ')'"]);
  });

  it('reads imports only from the folder', async () => {
    const dir = writeFolder({ 'template.conf': conf({ stylesheets: ['base.less'] }), 'site.region': SITE_REGION, 'styles/base.less': '@import "../../outside.less";' });
    writeFileSync(join(dir, '..', 'outside.less'), 'a { b: c; }');
    try {
      const result = await compileFolderStyles(loadTemplateFolder(new DiskTemplateSource(dir)).folder!);
      expect(result.css).toBe('');
      expect(result.problems[0]!.message).toContain("'../../outside.less' wasn't found");
    } finally {
      rmSync(dir, { recursive: true, force: true });
      rmSync(join(dir, '..', 'outside.less'), { force: true });
    }
  });

  it('stops a compile that runs past its deadline and reports it as a compile error', async () => {
    // Each call makes two more: 2^40 calls never finish.
    const endless = '.grow(@n) when (@n > 0) { .grow(@n - 1); .grow(@n - 1); }\na { .grow(40); }';
    const started = Date.now();
    const result = await compileFolderStyles(folderWith(['base.less'], { 'styles/base.less': endless }), { ...STYLE_COMPILE_LIMITS, timeoutMs: 400 });
    expect(Date.now() - started).toBeLessThan(4000);
    expect(result.css).toBe('');
    expect(result.problems).toEqual([{
      file: 'styles', line: 0, column: 0, severity: 'error',
      message: themeMessages.stylesheetTimedOut(400),
    }]);
  });

  it('refuses a stylesheet whose files together pass the byte cap', async () => {
    const folder = folderWith(['base.less'], { 'styles/base.less': '@import "big";', 'styles/big.less': `/* ${'x'.repeat(5000)} */` });
    const result = await compileFolderStyles(folder, { ...STYLE_COMPILE_LIMITS, maxSourceBytes: 1000 });
    expect(result.css).toBe('');
    expect(result.problems.map((problem) => problem.message)).toEqual([themeMessages.stylesheetTooLarge(1000)]);
    expect((await compileFolderStyles(folder, { ...STYLE_COMPILE_LIMITS, maxSourceBytes: 10_000 })).problems).toEqual([]);
  });

  it('fails tmpl check on a stylesheet that does not compile', async () => {
    const dir = writeFolder({ 'template.conf': conf({ stylesheets: ['base.less'] }), 'site.region': SITE_REGION, 'styles/base.less': 'a {' });
    const err: string[] = [];
    const out: string[] = [];
    const code = await main(['check', dir], { out: (s) => out.push(s), write: () => {}, err: (s) => err.push(s) });
    rmSync(dir, { recursive: true, force: true });
    expect(code).toBe(1);
    expect(out).toEqual([`${dir}: 1 template, 1 JSON file and 1 stylesheet checked, 1 error in 1 file`]);
    expect(err[0]!.startsWith(`${join(dir, 'styles/base.less')}:1:`)).toBe(true);
    // the place is said once, before the severity
    expect(err[0]).toMatch(/base\.less:1:\d+ error: [^:]+$/);
    expect(err[0]!.split('base.less')).toHaveLength(2);
  });
});

describe('the folder stylesheet on the server', () => {
  let server: RunningServer | undefined;
  let dir = '';
  afterEach(async () => {
    vi.restoreAllMocks();
    await server?.stop(true);
    rmSync(dir, { recursive: true, force: true });
  });

  const region = '<html><head>{squarespace-headers}</head><body>{squarespace.main-content}{squarespace-footers}</body></html>';

  it('serves the compiled stylesheet that the headers link to', async () => {
    dir = writeFolder({ 'template.conf': conf({ stylesheets: ['base.less'] }), 'site.region': region, 'styles/base.less': '@c: red;\nh1 { color: @c; }' });
    server = await startServer({ templateDir: dir });
    const html = await (await fetch(`${server.url}/shop`)).text();
    const href = /<link rel="stylesheet" href="(\/site\.css\?v=[0-9a-f]{12})">/.exec(html)?.[1];
    expect(href).toBeDefined();
    const css = await fetch(server.url + href!);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
    expect(css.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(`${server.url}/site.css?v=old`)).headers.get('cache-control')).toBe('no-cache');
    expect(await css.text()).toBe('h1 {\n  color: red;\n}\n');
  });

  it('links the stylesheet in tmpl render DIR as the server does, and writes the CSS it serves with --css-out', async () => {
    dir = writeFolder({ 'template.conf': conf({ stylesheets: ['base.less'] }), 'site.region': region, 'styles/base.less': '@c: red;\nh1 { color: @c; }' });
    writeFileSync(join(dir, '..', `${basename(dir)}.json`), JSON.stringify({ collection: { id: 'c', urlId: 'shop', typeName: 'products' }, items: [] }));
    server = await startServer({ templateDir: dir });
    const served = await (await fetch(`${server.url}/shop`)).text();
    const link = /<link rel="stylesheet" href="\/site\.css\?v=[0-9a-f]{12}">/.exec(served)?.[0];
    expect(link).toBeDefined();
    const cssOut = join(dir, '..', `${basename(dir)}.css`);
    const out: string[] = [];
    const err: string[] = [];
    try {
      const args = ['render', dir, '--page', '/shop', '--data', join(dir, '..', `${basename(dir)}.json`), '--css-out', cssOut];
      const code = await main(args, { out: (s) => out.push(s), write: (s) => out.push(s), err: (s) => err.push(s) });
      expect(err).toEqual([]);
      expect(code).toBe(0);
      expect(out.join('')).toContain(link);
      expect(readFileSync(cssOut, 'utf8')).toBe(await (await fetch(server.url + /href="([^"]+)"/.exec(link!)![1]!)).text());
      // a statement that fails is a warning, and the file is what is served without it
      writeFileSync(join(dir, 'styles/base.less'), 'h1 { color: @missing; margin: 0; }');
      const leftOut = await main(args, { out: () => {}, write: () => {}, err: (s) => err.push(s) });
      expect(leftOut).toBe(0);
      expect(err[0]).toBe(`${join(dir, 'styles/base.less')}:1:13 warning: ${themeMessages.stylesheetStatementLeftOut('variable @missing is undefined')}`);
      expect(readFileSync(cssOut, 'utf8')).toBe('h1 {\n  margin: 0;\n}\n');
      // a stylesheet that does not compile at all leaves the file as it was
      writeFileSync(join(dir, 'styles/base.less'), 'h1 { color: red;');
      err.length = 0;
      const broken = await main(args, { out: () => {}, write: () => {}, err: (s) => err.push(s) });
      expect(broken).toBe(1);
      expect(err[0]).toMatch(/^.*styles\/base\.less:1:\d+ error: /);
      expect(readFileSync(cssOut, 'utf8')).toBe('h1 {\n  margin: 0;\n}\n');
    } finally {
      rmSync(cssOut, { force: true });
      rmSync(join(dir, '..', `${basename(dir)}.json`), { force: true });
    }
  });

  it('logs a stylesheet that does not compile, and still serves the pages', async () => {
    dir = writeFolder({ 'template.conf': conf({ stylesheets: ['base.less', 'gone.less'] }), 'site.region': region, 'styles/base.less': 'h1 { color: @missing;' });
    server = await startServer({ templateDir: dir });
    const errors = vi.spyOn(server.app.deps.log, 'error');
    const warnings = vi.spyOn(server.app.deps.log, 'warn');
    expect((await fetch(`${server.url}/shop`)).status).toBe(200);
    expect(await (await fetch(`${server.url}/site.css`)).text()).toBe('');
    // a line each, placed as the folder's other problems are, never a list of objects
    expect(errors).toHaveBeenCalledWith(expect.objectContaining({ file: 'styles/base.less' }), expect.stringMatching(/^styles\/base\.less:1:\d+ /));
    expect(warnings).toHaveBeenCalledWith(expect.objectContaining({ file: 'template.conf' }), expect.stringMatching(new RegExp(`^template\\.conf:\\d+:\\d+ ${themeMessages.stylesheetMissing('gone.less').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)));
  });

  it('tells a missing stylesheet in development when the folder loads, before any page is asked for', async () => {
    dir = writeFolder({ 'template.conf': conf({ stylesheets: ['base.less', 'gone.less'] }), 'site.region': region, 'styles/base.less': 'h1 { color: red; }' });
    server = await startServer({ templateDir: dir });
    const warnings = vi.spyOn(server.app.deps.log, 'warn');
    const deps = { ...server.app.deps, options: { ...server.app.deps.options, dev: true } };
    createFolderPages(deps, dir, createBuiltinPages(deps.log, true));
    const told = new RegExp(`^template\\.conf:\\d+:\\d+ ${themeMessages.stylesheetMissing('gone.less').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
    await vi.waitFor(() => expect(warnings).toHaveBeenCalledWith(expect.objectContaining({ file: 'template.conf' }), expect.stringMatching(told)), { timeout: 5000 });
  });

  it('treats a compile stopped at its deadline as a compile error: logged, listed for the overlay, the stylesheet served empty', async () => {
    const endless = '.grow(@n) when (@n > 0) { .grow(@n - 1); .grow(@n - 1); }\nh1 { .grow(40); }';
    dir = writeFolder({ 'template.conf': conf({ stylesheets: ['base.less'] }), 'site.region': region, 'styles/base.less': endless });
    server = await startServer({ templateDir: dir });
    const errors = vi.spyOn(server.app.deps.log, 'error');
    const pages = createFolderPages(server.app.deps, dir, createBuiltinPages(server.app.deps.log, false), { ...STYLE_COMPILE_LIMITS, timeoutMs: 300 });
    const message = themeMessages.stylesheetTimedOut(300);
    expect((await pages.styles()).css).toBe('');
    expect(errors).toHaveBeenCalledWith(expect.objectContaining({ file: 'styles' }), `styles ${message}`);
    expect(pages.currentProblems()).toEqual([{ name: 'styles', line: 0, column: 0, message }]);
    expect((await pages.problems()).map((problem) => problem.message)).toEqual([message]);
  });

  it('in development, compiles the stylesheet again when a file or setting it reads changes, not when a template is saved', async () => {
    const withTweak = (accent: string): string => conf({ stylesheets: ['base.less', 'more.less'], tweaks: { accent } });
    dir = writeFolder({ 'template.conf': withTweak('red'), 'site.region': region, 'styles/base.less': '@import "vars";\nh1 { color: @accent; padding: @pad; }', 'styles/vars.less': '@pad: 1px;' });
    server = await startServer({ templateDir: dir, dev: true });
    const pages = createFolderPages(server.app.deps, dir, createBuiltinPages(server.app.deps.log, true));
    const first = await pages.styles();
    expect(first.css).toBe('h1 {\n  color: red;\n  padding: 1px;\n}\n');
    // a saved region and a new block: the same stylesheet, no second compile
    writeFileSync(join(dir, 'site.region'), `${region}\n<footer></footer>`);
    mkdirSync(join(dir, 'blocks'));
    writeFileSync(join(dir, 'blocks/note.block'), '<p>note</p>');
    expect(await pages.styles()).toBe(first);
    // an imported file, a named stylesheet that was missing, and a tweak each compile it again
    writeFileSync(join(dir, 'styles/vars.less'), '@pad: 12px;');
    expect((await pages.styles()).css).toBe('h1 {\n  color: red;\n  padding: 12px;\n}\n');
    writeFileSync(join(dir, 'styles/more.less'), 'p { margin: 0; }');
    expect((await pages.styles()).css).toContain('p {\n  margin: 0;\n}');
    writeFileSync(join(dir, 'template.conf'), withTweak('blue'));
    expect((await pages.styles()).css).toContain('color: blue;');
  });

  it('in development, logs a stylesheet error once while it lasts, not again at each compile', async () => {
    dir = writeFolder({ 'template.conf': conf({ stylesheets: ['base.less', 'more.less'] }), 'site.region': region, 'styles/base.less': 'h1 { margin: 0;', 'styles/more.less': 'p { margin: 0; }' });
    server = await startServer({ templateDir: dir, dev: true });
    // a logger of this folder's pages alone (the server's own pages compile the same folder)
    const log = Object.create(server.app.deps.log) as typeof server.app.deps.log;
    const errors = vi.fn();
    log.error = errors as unknown as typeof log.error;
    const pages = createFolderPages({ ...server.app.deps, log }, dir, createBuiltinPages(log, true));
    await pages.styles();
    expect(errors).toHaveBeenCalledTimes(1);
    // another file saved: a compile with the same error, not logged again
    writeFileSync(join(dir, 'styles/more.less'), 'p { margin: 1px; }');
    expect((await pages.styles()).problems.filter((problem) => problem.severity === 'error')).toHaveLength(1);
    expect(errors).toHaveBeenCalledTimes(1);
    // mended, then broken again: logged again
    writeFileSync(join(dir, 'styles/base.less'), 'h1 { margin: 0; }');
    expect((await pages.styles()).compiled).toBe(true);
    writeFileSync(join(dir, 'styles/base.less'), 'h1 { margin: 0;');
    await pages.styles();
    expect(errors).toHaveBeenCalledTimes(2);
  });

  it('shows the compile error in the stylesheet in development, over the last stylesheet that compiled, and recompiles once the file is fixed', async () => {
    dir = writeFolder({ 'template.conf': conf({ stylesheets: ['base.less'] }), 'site.region': region, 'styles/base.less': 'h1 { color: @missing; margin: 0; }' });
    server = await startServer({ templateDir: dir, dev: true });
    // a statement left out is a warning (the overlay's): the rest is served as it is
    expect(await (await fetch(`${server.url}/site.css`)).text()).toBe('h1 {\n  margin: 0;\n}\n');
    writeFileSync(join(dir, 'styles/base.less'), 'h1 { margin: 0;');
    const broken = await (await fetch(`${server.url}/site.css`)).text();
    expect(broken).toMatch(/^\/\* styles\/base\.less:1:\d+: .* \*\/\nh1 \{\n  margin: 0;\n\}\n$/);
    writeFileSync(join(dir, 'styles/base.less'), 'h1 { color: blue; }');
    expect(await (await fetch(`${server.url}/site.css`)).text()).toBe('h1 {\n  color: blue;\n}\n');
  });
});
