/**
 * Every failure of tmpl that is the user's to fix: one line naming the
 * problem (no stack trace) and the documented exit code (2 usage or input,
 * 1 template errors).
 */
import { chmodSync, existsSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../../engine/cli/inputs.ts';
import { EXIT } from '../../engine/cli/io.ts';
import { cliMessages } from '../../engine/cli/messages.ts';
import { messages } from '../../engine/messages.ts';
import { PAGE_OUTPUT, STYLESHEET_OUTPUT } from '../../engine/cli/output-target.ts';
import { runCli, scratchFolder } from './cli-helpers.ts';

const { dir, write } = scratchFolder('tmpl-cli-errors-');
const page = write('page.tmpl', '<p>{title}</p>');
const data = write('page.json', '{"title": "x"}');
const missing = join(dir, 'missing.tmpl');

/** The run failed with exactly this one line on stderr, nothing on stdout, and this exit code. */
async function expectFailure(argv: string[], message: string, code: number = EXIT.usage): Promise<void> {
  expect(await runCli(argv)).toEqual({ code, out: '', err: message });
}

describe('tmpl: missing and misplaced files', () => {
  it('a missing template file', async () => {
    for (const command of ['ast', 'tree', 'watch']) {
      await expectFailure([command, missing], cliMessages.fileMissing(missing));
    }
    // check and render take a file or a developer-template folder
    for (const command of ['render', 'check']) {
      await expectFailure([command, missing], cliMessages.pathMissing(missing));
    }
  });

  it('a missing path given with the options of a template folder: the path is named, not the options', async () => {
    const folder = join(dir, 'no-such-template');
    await expectFailure(['render', folder, '--page', '/', '--data', data], cliMessages.pathMissing(folder));
    await expectFailure(['render', '--page', '/', '--data', data, '--css-out', 'site.css', folder], cliMessages.pathMissing(folder));
    expect(cliMessages.pathMissing('/tmp/nonexistent')).toBe('/tmp/nonexistent: no such file or folder');
  });

  it('a folder where a file is expected', async () => {
    await expectFailure(['render', dir], cliMessages.isDirectory(dir));
    await expectFailure(['ast', dir], cliMessages.isDirectory(dir));
    await expectFailure(['render', page, '--data', dir], `--data ${dir}: is a directory, expected a file; --data takes a JSON file, such as --data context.json`);
  });

  it('a missing data or site file is named after its option, with what the option takes', async () => {
    const json = join(dir, 'nothing.json');
    const said = `--data ${json}: no such file; --data takes a JSON file, such as --data context.json`;
    await expectFailure(['render', page, '--data', json], said);
    await expectFailure(['watch', page, '--data', json], said);
    write('data-folder/template.conf', '{"name": "T", "layouts": {"default": {"name": "D", "regions": ["site"]}}}');
    write('data-folder/site.region', '{squarespace.main-content}');
    const folder = join(dir, 'data-folder');
    await expectFailure(['render', folder, '--page', '/', '--data', json], said);
    await expectFailure(
      ['render', folder, '--page', '/', '--data', data, '--site', json],
      `--site ${json}: no such file; --site takes a JSON file of data for the platform tags, such as --site site.json`,
    );
  });

  it.skipIf(process.getuid?.() === 0)('an unreadable data file', async () => {
    const locked = write('locked.json', '{}');
    chmodSync(locked, 0o000);
    await expectFailure(['render', page, '--data', locked], cliMessages.unreadable(locked, 'permission denied'));
  });

  it('a missing partials folder, or a file given as one', async () => {
    const folder = join(dir, 'no-partials');
    // Named after the option, with what it takes: the path alone left the author to find which argument it was.
    await expectFailure(['render', page, '--partials', folder], `--partials ${folder}: no such directory; --partials takes the folder the partials are in, such as --partials partials`);
    await expectFailure(['check', page, '--partials', folder], `--partials ${folder}: no such directory; --partials takes the folder the partials are in, such as --partials partials`);
    await expectFailure(['render', page, '--partials', data], `--partials ${data}: is not a directory; --partials takes the folder the partials are in, such as --partials partials`);
  });

  it('a folder is walked through its symbolic links: a linked template is checked, a link back up ends', async () => {
    const shared = write('shared/card.block', '{x|htmll}');
    write('linked/own.tmpl', 'ok');
    symlinkSync(shared, join(dir, 'linked/card.block'));
    symlinkSync(join(dir, 'linked'), join(dir, 'linked/again'));
    symlinkSync(join(dir, 'nowhere.tmpl'), join(dir, 'linked/broken.tmpl'));
    const r = await runCli(['check', join(dir, 'linked')]);
    expect(r.code).toBe(EXIT.templateErrors);
    expect(r.out).toBe(cliMessages.checkSummary({ templates: 2 }, { errors: 1, errorFiles: 1 }));
    expect(r.err.split('\n')[0]).toMatch(/card\.block:1:1 SyntaxError: Formatter 'htmll' is unknown/);
  });

  it('a partials folder with a link to nothing renders with the partials it has', async () => {
    write('partials-with-link/card.block', 'card');
    symlinkSync(join(dir, 'gone.block'), join(dir, 'partials-with-link/gone.block'));
    const template = write('applies-card.tmpl', '{@|apply card}');
    expect(await runCli(['render', template, '--partials', join(dir, 'partials-with-link')])).toEqual({ code: EXIT.ok, out: 'card', err: '' });
  });

  it('a folder with no templates to check', async () => {
    const empty = join(dir, 'empty');
    write('empty/readme.txt', 'no templates here');
    await expectFailure(['check', empty], cliMessages.noTemplatesFound(empty));
  });

  it("a developer template's collections folder, whose .list and .item files only the folder's check reads, names that folder", async () => {
    write('part-of/template.conf', '{"name": "T", "layouts": {"default": {"name": "D", "regions": ["site"]}}}');
    write('part-of/site.region', '{squarespace.main-content}');
    write('part-of/collections/blog.list', '{.repeated section items}{title}{.end}');
    const folder = join(dir, 'part-of');
    const collections = join(folder, 'collections');
    await expectFailure(['check', collections], cliMessages.noTemplatesInTemplateFolder(collections, folder));
    expect(cliMessages.noTemplatesInTemplateFolder('collections', '.')).toBe(
      "collections: no template files (.tmpl, .block) in this directory; it is part of the developer-template folder ., whose .region, .list, .item and .page files are checked with the folder: tmpl check .",
    );
  });

  it('a developer-template folder met walking a folder is named, rather than checked for its .block files alone', async () => {
    write('several/shop/template.conf', '{"name": "T", "layouts": {"default": {"name": "D", "regions": ["site"]}}}');
    write('several/shop/site.region', '{x|nope}');
    write('several/shop/blocks/nav.block', '{x}');
    write('several/home.tmpl', '{x}');
    const inner = join(dir, 'several', 'shop');
    await expectFailure(['check', join(dir, 'several')], cliMessages.templateFolderInside(inner));
    expect(cliMessages.templateFolderInside('themes/shop')).toBe(
      'themes/shop is a developer-template folder (it has template.conf): walked, only its .block files would be checked; check it on its own, tmpl check themes/shop',
    );
  });

  it('a missing golden path', async () => {
    await expectFailure(['golden', missing], cliMessages.fileMissing(missing));
  });

  it('golden paths without a golden file: nothing ran, which is not a pass', async () => {
    const empty = join(dir, 'no-golden');
    write('no-golden/notes.md', 'not a golden file');
    for (const paths of [[empty], [page]]) {
      const r = await runCli(['golden', ...paths]);
      expect(r.code).toBe(EXIT.usage);
      expect(r.out.split('\n').at(-1)).toMatch(/^0 passed, 0 failed/);
      expect(r.err).toBe(cliMessages.noGoldenFiles(paths));
    }
  });

  it('a golden file whose JSON section is malformed fails with the reason, without a stack trace', async () => {
    const golden = write('bad-golden.html', ':JSON\n{"a": 1,}\n:TEMPLATE\n{a}\n:OUTPUT\n1\n');
    const r = await runCli(['golden', golden]);
    expect(r).toEqual({ code: EXIT.templateErrors, out: `FAIL ${golden}: its :JSON section is not valid JSON: expected a property name at position 8\n0 passed, 1 failed`, err: '' });
  });

  it('an --out that cannot be written', async () => {
    const r = await runCli(['render', page, '--data', data, '--out', dir]);
    expect(r).toEqual({ code: EXIT.usage, out: '', err: cliMessages.outputUnwritable(dir, 'it is a directory') });
  });

  it('an --out in a folder that does not exist, or under a file, says so rather than the system call', async () => {
    const folder = join(dir, 'no-such-folder');
    const target = join(folder, 'page.html');
    // watch says so at the start rather than at every save
    for (const command of ['render', 'watch']) await expectFailure([command, page, '--out', target], cliMessages.outputUnwritable(target, cliMessages.outputFolderMissing(folder)));
    expect(cliMessages.outputUnwritable('site/page.html', cliMessages.outputFolderMissing('site'))).toBe('site/page.html: cannot be written (its folder site does not exist)');
    const underFile = join(page, 'page.html');
    await expectFailure(['render', page, '--out', underFile], cliMessages.outputUnwritable(underFile, cliMessages.outputPathThroughFile));
  });

  it('an --out naming the template, the data or a file in the partials folder is refused, and the input left as it was', async () => {
    const template = write('kept.tmpl', '<p>{title}</p>');
    write('kept-partials/card.block', 'card');
    const partials = join(dir, 'kept-partials');
    const inPartials = join(partials, 'page.html');
    for (const command of ['render', 'watch']) {
      await expectFailure([command, template, '--data', data, '--out', template], cliMessages.badArguments(command, cliMessages.outputOverInput(PAGE_OUTPUT, template, 'the template')));
      // another spelling of the same file is the same file
      const dataAgain = `${dir}/./page.json`;
      await expectFailure([command, template, '--data', data, '--out', dataAgain], cliMessages.badArguments(command, cliMessages.outputOverInput(PAGE_OUTPUT, dataAgain, 'the data file')));
      await expectFailure([command, template, '--partials', partials, '--out', inPartials], cliMessages.badArguments(command, cliMessages.outputInPartials(inPartials)));
    }
    expect(readFileSync(template, 'utf8')).toBe('<p>{title}</p>');
    expect(readFileSync(data, 'utf8')).toBe('{"title": "x"}');
    expect(existsSync(inPartials)).toBe(false);
  });

  it("a template folder's render: --out and --css-out never replace the context, the site data, a file of the folder or each other", async () => {
    const region = '<html><head>{squarespace-headers}</head><body>{squarespace.main-content}</body></html>';
    write('guarded/template.conf', '{"name": "T", "layouts": {"default": {"name": "D", "regions": ["site"]}}, "stylesheets": ["base.less"]}');
    write('guarded/site.region', region);
    write('guarded/styles/base.less', 'h1 { color: red; }');
    const folder = join(dir, 'guarded');
    const context = write('guarded-context.json', '{"collection": {"id": "c", "urlId": "shop", "typeName": "products"}, "items": []}');
    const site = write('guarded-site.json', '{}');
    const render = ['render', folder, '--page', '/shop', '--data', context, '--site', site];
    const refused = (output: typeof PAGE_OUTPUT, target: string, input: string) => cliMessages.badArguments('render', cliMessages.outputOverInput(output, target, input));
    await expectFailure([...render, '--out', context], refused(PAGE_OUTPUT, context, 'the data file'));
    await expectFailure([...render, '--css-out', site], refused(STYLESHEET_OUTPUT, site, 'the site file'));
    const regionFile = join(folder, 'site.region');
    await expectFailure([...render, '--out', regionFile], refused(PAGE_OUTPUT, regionFile, cliMessages.templateFolderFile(folder)));
    const less = join(folder, 'styles/base.less');
    await expectFailure([...render, '--css-out', less], refused(STYLESHEET_OUTPUT, less, cliMessages.templateFolderFile(folder)));
    const both = join(dir, 'guarded-page.html');
    await expectFailure([...render, '--out', both, '--css-out', both], refused(STYLESHEET_OUTPUT, both, cliMessages.pageOutputFile));
    // said before anything renders, as for a file
    const nowhere = join(dir, 'no-such-folder', 'site.css');
    await expectFailure([...render, '--css-out', nowhere], cliMessages.outputUnwritable(nowhere, cliMessages.outputFolderMissing(dirname(nowhere))));
    expect(readFileSync(context, 'utf8')).toContain('"urlId": "shop"');
    expect(readFileSync(site, 'utf8')).toBe('{}');
    expect(readFileSync(regionFile, 'utf8')).toBe(region);
    expect(readFileSync(less, 'utf8')).toBe('h1 { color: red; }');
    expect(existsSync(both)).toBe(false);
    // a new file in the folder's own tree, or elsewhere, is written
    const fresh = join(folder, 'preview.html');
    expect((await runCli([...render, '--out', fresh, '--css-out', join(dir, 'guarded.css')])).code).toBe(EXIT.ok);
    expect(readFileSync(fresh, 'utf8')).toContain('<html>');
    expect(cliMessages.outputOverInput(STYLESHEET_OUTPUT, 'site.json', 'the site file')).toBe(
      '--css-out site.json is the site file, which the stylesheet would be written over; give --css-out another file, such as site.css',
    );
  });

  it("a template folder's render refuses a --locale tmpl has no formats for, as a file's render does", async () => {
    write('guarded-locale/template.conf', '{"name": "T", "layouts": {"default": {"name": "D", "regions": ["site"]}}}');
    write('guarded-locale/site.region', '{squarespace.main-content}');
    const context = write('guarded-locale.json', '{"collection": {"id": "c", "urlId": "shop", "typeName": "products"}, "items": []}');
    const render = ['render', join(dir, 'guarded-locale'), '--page', '/shop', '--data', context];
    await expectFailure([...render, '--locale', 'english'], cliMessages.badArguments('render', cliMessages.unknownLocale('english')));
    expect((await runCli([...render, '--locale', 'fr_FR'])).code).toBe(EXIT.ok);
  });

  it('an image, a program or UTF-16 text given as a template is refused, not rendered as garbled text', async () => {
    const png = write('logo.png', '\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01');
    const utf16 = write('page-utf16.tmpl', '');
    writeFileSync(utf16, Buffer.from('\uFEFF<p>{title}</p>', 'utf16le'));
    for (const file of [png, utf16]) {
      for (const command of ['render', 'ast', 'tree', 'watch']) await expectFailure([command, file], cliMessages.notText(file));
      // to check, it is that file's finding
      expect(await runCli(['check', file])).toEqual({ code: EXIT.templateErrors, out: '1 template checked, 1 error in 1 file', err: cliMessages.notText(file) });
    }
  });

  it('a partial that is not text is refused as check names it, and a file of the partials folder that is no template is no partial', async () => {
    const partials = join(dir, 'binary-partials');
    const image = write('binary-partials/logo.block', '\x89PNG\r\n\x1a\n\0\0\0\rIHDR{title}');
    const applying = write('applies-logo.tmpl', 'a{@|apply logo.block}b');
    for (const command of ['render', 'watch', 'check']) await expectFailure([command, applying, '--partials', partials], cliMessages.notText(image));
    expect(await runCli(['check', partials])).toEqual({ code: EXIT.templateErrors, out: '1 template checked, 1 error in 1 file', err: cliMessages.notText(image) });
    // a desktop's folder notes and a picture beside the partials are not partials: applied, they are missing
    rmSync(image);
    write('binary-partials/.DS_Store', '\0\0\0\x01Bud1');
    write('binary-partials/logo.png', '\x89PNG\r\n\x1a\n\0\0\0\rIHDR');
    write('binary-partials/card.block', '<p>{title}</p>');
    const card = write('applies-card.tmpl', '{@|apply card}{@|apply logo.png}');
    const r = await runCli(['render', card, '--data', data, '--partials', partials]);
    expect(r.code).toBe(EXIT.templateErrors);
    expect(r.out).toBe('<p>x</p>');
    expect(r.err).toContain(messages.partialMissing('logo.png'));
  });

  it("a folder's file that is not text is that file's problem: the others are still checked, and the summary says so", async () => {
    const folder = join(dir, 'binary-folder');
    const inside = write('binary-folder/b-card.block', 'x\0y');
    const broken = write('binary-folder/c-broken.tmpl', '{x|htmll}');
    write('binary-folder/a-fine.tmpl', '{x}');
    const r = await runCli(['check', folder]);
    expect(r.code).toBe(EXIT.templateErrors);
    expect(r.out).toBe('3 templates checked, 2 errors in 2 files');
    const lines = r.err.split('\n');
    expect(lines[0]).toBe(cliMessages.notText(inside));
    expect(lines[1]).toBe(`${broken}:1:1 SyntaxError: Formatter 'htmll' is unknown — did you mean 'html'?`);
  });
});

describe('tmpl: malformed JSON data gives file:line:column', () => {
  it('names the line and column of the problem and what was found there', async () => {
    const json = write('bad.json', '{\n  "title": "Shop",\n  "products": [1, 2,, 3]\n}\n');
    await expectFailure(
      ['render', page, '--data', json],
      cliMessages.jsonMalformed(json, 3, 21, cliMessages.jsonFoundCharacter('unexpected character', "','")),
    );
    expect(cliMessages.jsonMalformed(json, 3, 21, 'x')).toBe(`${json}:3:21 Invalid JSON: x`);
  });

  it('says when the data ends too early', async () => {
    const json = write('short.json', '{"a": 1');
    await expectFailure(
      ['render', page, '--data', json],
      cliMessages.jsonMalformed(json, 1, 8, cliMessages.jsonFoundCharacter("expected ',' or '}'", 'the end of the input')),
    );
  });

  it('says what JSON wants where data is written as JavaScript would be: a comma after the last item, single quotes, comments', async () => {
    const trailing = write('trailing.json', '{\n  "items": [1, 2,\n  ]\n}');
    await expectFailure(['render', page, '--data', trailing], cliMessages.jsonMalformed(trailing, 3, 3, "a comma before ']': JSON allows none after the last item"));
    const quoted = write('quoted.json', "{'title': 'x'}");
    await expectFailure(
      ['render', page, '--data', quoted],
      cliMessages.jsonMalformed(quoted, 1, 2, "expected a property name, found ''' (JSON strings and names take double quotes)"),
    );
    const bare = write('bare-name.json', '{title: "x"}');
    await expectFailure(
      ['render', page, '--data', bare],
      cliMessages.jsonMalformed(bare, 1, 2, "expected a property name, found 't' (JSON strings and names take double quotes)"),
    );
    const commented = write('commented.json', '{"title": "x" // the page title\n}');
    await expectFailure(
      ['render', page, '--data', commented],
      cliMessages.jsonMalformed(commented, 1, 15, "expected ',' or '}', found '/' (JSON has no comments)"),
    );
  });
});

describe('tmpl: JSON nested past the limit', () => {
  it('is an input problem naming the file, the place and the limit, not a crash', async () => {
    const deep = write('deep.json', `{"a": ${'['.repeat(200_000)}${']'.repeat(200_000)}}`);
    // the object is the first level: the bracket that opens the one past the limit is the 1000th, after `{"a": `
    const tooDeep = cliMessages.jsonTooDeep(deep, 1, 6 + MAX_JSON_DEPTH, MAX_JSON_DEPTH);
    await expectFailure(['render', page, '--data', deep], tooDeep);
    // to check, it is that file's finding, and the other files are still checked
    const broken = write('deep-neighbour.tmpl', '{x|htmll}');
    const r = await runCli(['check', deep, broken]);
    expect(r.code).toBe(EXIT.templateErrors);
    expect(r.out).toBe('1 template and 1 JSON file checked, 2 errors in 2 files');
    expect(r.err.split('\n')[0]).toBe(tooDeep);
    expect(tooDeep).toBe(`${deep}:1:1006 arrays and objects nested more than 1000 deep, the most tmpl reads (a page's context is a few levels deep)`);
    // the limit itself is read
    const atLimit = write('at-limit.json', `${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`);
    expect((await runCli(['check', atLimit])).code).toBe(EXIT.ok);
  });
});

describe('tmpl: a byte-order mark before JSON', () => {
  it('is named, since it is invisible in the editor and in the message', async () => {
    const json = write('bom.json', '\uFEFF{"title": "x"}');
    await expectFailure(['render', page, '--data', json], cliMessages.jsonMalformed(json, 1, 1, cliMessages.jsonByteOrderMark));
    const r = await runCli(['check', json]);
    expect(r.code).toBe(EXIT.templateErrors);
    expect(r.err.split('\n')[0]).toBe(cliMessages.jsonMalformed(json, 1, 1, cliMessages.jsonByteOrderMark));
  });
});

describe('tmpl: data that is not an object', () => {
  it('renders as the engine does, with a note that its names find nothing, and keeps the exit code', async () => {
    const cases: [string, string][] = [['[{"title": "x"}]', 'a list'], ['"x"', 'a string'], ['1.0', 'a number'], ['true', 'a boolean'], ['null', 'null']];
    for (const [text, kind] of cases) {
      const json = write('not-object.json', text);
      expect(await runCli(['render', page, '--data', json])).toEqual({ code: EXIT.ok, out: '<p></p>', err: cliMessages.dataNotObject(json, kind) });
    }
    expect(await runCli(['render', page, '--data', data])).toEqual({ code: EXIT.ok, out: '<p>x</p>', err: '' });
  });
});

describe('tmpl: JSON where a template is expected', () => {
  it('render and watch refuse a JSON file as the template, and name --data for JSON given as a second argument', async () => {
    for (const command of ['render', 'watch']) {
      await expectFailure([command, data], cliMessages.badArguments(command, cliMessages.jsonGivenAsTemplate(data)));
      await expectFailure([command, page, data], cliMessages.badArguments(command, cliMessages.dataWithoutOption(data)));
    }
    expect(cliMessages.jsonGivenAsTemplate('page.json')).toBe('page.json is JSON, not a template (give the template as FILE and the data with --data page.json)');
    expect(cliMessages.dataWithoutOption('page.json')).toBe("unexpected argument 'page.json' (the data goes after --data: --data page.json)");
  });
});

describe('tmpl: usage errors exit 2', () => {
  it('no command, an unknown command, an unknown help topic', async () => {
    await expectFailure([], cliMessages.noCommand);
    // a likely typo gets the command it is closest to; anything else only the pointer to --help
    await expectFailure(['rendr'], cliMessages.unknownCommand('rendr', 'render'));
    await expectFailure(['help', 'rendr'], cliMessages.unknownCommand('rendr', 'render'));
    expect(cliMessages.unknownCommand('rendr', 'render')).toBe("tmpl: unknown command 'rendr'. Did you mean 'render'? Run 'tmpl --help' for the commands.");
    await expectFailure(['publish'], cliMessages.unknownCommand('publish'));
  });

  it('a mistyped tool option gets the option it is closest to', async () => {
    await expectFailure(['--versoin'], cliMessages.unknownCommand('--versoin', '--version'));
    await expectFailure(['--hlep'], cliMessages.unknownCommand('--hlep', '--help'));
    expect(cliMessages.unknownCommand('--versoin', '--version')).toBe("tmpl: unknown option '--versoin'. Did you mean '--version'? Run 'tmpl --help' for the commands.");
  });

  it('an unknown option, with the closest one the command has', async () => {
    await expectFailure(['render', page, '--bogus'], cliMessages.badArguments('render', "Unknown option '--bogus'"));
    await expectFailure(['render', page, '--dat', 'x.json'], cliMessages.badArguments('render', "Unknown option '--dat' (did you mean '--data'?)"));
  });

  it("an option of a template folder's render, given with a file or a folder of single pages, says which form takes it", async () => {
    write('single-pages/shop.tmpl', 'shop');
    for (const target of [page, join(dir, 'single-pages')]) {
      await expectFailure(
        ['render', target, '--page', '/shop'],
        cliMessages.badArguments('render', cliMessages.optionNote("Unknown option '--page'", cliMessages.folderOnlyOption('--page'))),
      );
    }
    await expectFailure(
      ['render', page, '--css-out', 'site.css'],
      cliMessages.badArguments('render', cliMessages.optionNote("Unknown option '--css-out'", cliMessages.folderOnlyOption('--css-out'))),
    );
  });

  it("a template folder is a template folder wherever the options stand, and a mistyped option of the folder's form is named", async () => {
    write('options-first/template.conf', '{"name": "T", "layouts": {"default": {"name": "D", "regions": ["site"]}}}');
    write('options-first/site.region', '<main>{squarespace.main-content}</main>');
    const folder = join(dir, 'options-first');
    const context = write('options-first.json', '{"website": {"siteTitle": "S"}}');
    const last = await runCli(['render', folder, '--page', '/', '--data', context]);
    expect(last.code).toBe(EXIT.ok);
    expect(last.out).toContain('<main>');
    for (const argv of [
      ['render', '--page', '/', '--data', context, folder],
      ['render', '--data', context, folder, '--page', '/'],
      ['render', '--allow-errors', '--page', '/', folder, '--data', context],
      ['render', '--page=/', '--data', context, '--', folder],
    ]) {
      expect(await runCli(argv), argv.join(' ')).toEqual(last);
    }
    const pageGuess = cliMessages.optionGuess("Unknown option '--pag'", '--page');
    await expectFailure(['render', '--pag', '/', folder], cliMessages.badArguments('render', pageGuess));
    await expectFailure(['render', folder, '--pag', '/'], cliMessages.badArguments('render', pageGuess));
    // given a single template, the option meant is named with why that form does not take it
    await expectFailure(['render', '--pag', '/', page], cliMessages.badArguments('render', cliMessages.optionNote(pageGuess, cliMessages.folderOnlyOption('--page'))));
    const partialsNote = cliMessages.badArguments('check', cliMessages.optionNote(cliMessages.optionGuess("Unknown option '--partial'", '--partials'), cliMessages.partialsOfTemplateFolder));
    await expectFailure(['check', folder, '--partial', 'blocks'], partialsNote);
    await expectFailure(['check', '--partial', 'blocks', folder], partialsNote);
  });

  it('checks a .conf named on its own as the folder\'s check and the server read it: a comma left out placed after the value it should follow', async () => {
    const text = '{\n  "name" : "Dossier"\n  "layouts": {}\n}\n';
    const conf = write('conf-alone/template.conf', text);
    const { parseConfJson } = await import('../../server/theme/template-conf.ts');
    const read = parseConfJson(text);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    const r = await runCli(['check', conf]);
    expect(r.code).toBe(EXIT.templateErrors);
    expect(r.err.split('\n')[0]).toBe(`${conf}:${read.line}:${read.column} ${read.message}`);
    expect([read.line, read.column]).toEqual([2, 21]);
  });

  it('--partials given with a developer-template folder says where its partials come from', async () => {
    write('with-blocks/template.conf', '{"name": "T", "layouts": {"default": {"name": "D", "regions": ["site"]}}}');
    write('with-blocks/site.region', '{squarespace.main-content}');
    const folder = join(dir, 'with-blocks');
    const blocks = join(folder, 'blocks');
    const note = (command: string) => cliMessages.badArguments(command, cliMessages.optionNote("Unknown option '--partials'", cliMessages.partialsOfTemplateFolder));
    await expectFailure(['check', folder, '--partials', blocks], note('check'));
    await expectFailure(['render', folder, '--page', '/', '--data', data, '--partials', blocks], note('render'));
  });

  it('an option without its value, last or followed by another option, says what it takes in one line', async () => {
    await expectFailure(
      ['render', page, '--data'],
      "tmpl render: --data needs a value: a JSON file, such as --data context.json. Run 'tmpl render --help' for usage.",
    );
    // parseArgs calls this one ambiguous, over three lines
    await expectFailure(
      ['render', page, '--now', '--data', data],
      "tmpl render: --now needs a value: milliseconds since 1970, such as --now 1700000000000. Run 'tmpl render --help' for usage.",
    );
    write('conf-folder/template.conf', '{"name": "T", "layouts": {"default": {"name": "D", "regions": ["site"]}}}');
    write('conf-folder/site.region', '{squarespace.main-content}');
    await expectFailure(
      ['render', join(dir, 'conf-folder'), '--page'],
      "tmpl render: --page needs a value: the page's address, such as --page / or --page /shop/p/linen-shirt. Run 'tmpl render --help' for usage.",
    );
    // every option that takes a value, of every command, file and folder alike, has its words
    const { COMMANDS } = await import('../../engine/cli/main.ts');
    const { folderCheckCommand, folderRenderCommand } = await import('../../server/theme/folder-cli.ts');
    for (const command of [...COMMANDS, folderCheckCommand, folderRenderCommand]) {
      for (const [name, option] of Object.entries(command.options)) {
        if (option.type !== 'string') continue;
        const r = await runCli(command === folderCheckCommand || command === folderRenderCommand ? [command.name, join(dir, 'conf-folder'), `--${name}`] : [command.name, page, `--${name}`]);
        expect(r).toEqual({ code: EXIT.usage, out: '', err: cliMessages.badArguments(command.name, cliMessages.optionWithoutValue(`--${name}`, cliMessages.optionValues[name]!)) });
      }
    }
  });

  it('an option given an empty value (--data=, or --data "") says what it takes, as one given none, not that a file is missing', async () => {
    await expectFailure(
      ['render', page, '--data='],
      "tmpl render: --data needs a value: a JSON file, such as --data context.json. Run 'tmpl render --help' for usage.",
    );
    await expectFailure(['check', page, '--partials', ''], cliMessages.badArguments('check', cliMessages.optionWithoutValue('--partials', cliMessages.optionValues.partials!)));
    write('empty-value-folder/template.conf', '{"name": "T", "layouts": {"default": {"name": "D", "regions": ["site"]}}}');
    write('empty-value-folder/site.region', '{squarespace.main-content}');
    const folder = join(dir, 'empty-value-folder');
    // every option that takes a value, of every command, file and folder alike
    const { COMMANDS } = await import('../../engine/cli/main.ts');
    const { folderCheckCommand, folderRenderCommand } = await import('../../server/theme/folder-cli.ts');
    for (const command of [...COMMANDS, folderCheckCommand, folderRenderCommand]) {
      for (const [name, option] of Object.entries(command.options)) {
        if (option.type !== 'string') continue;
        const r = await runCli([command.name, command === folderCheckCommand || command === folderRenderCommand ? folder : page, `--${name}=`]);
        expect(r, `${command.name} --${name}=`).toEqual({ code: EXIT.usage, out: '', err: cliMessages.badArguments(command.name, cliMessages.optionWithoutValue(`--${name}`, cliMessages.optionValues[name]!)) });
      }
    }
    // --help still answers, whatever else is given
    expect((await runCli(['render', page, '--data=', '--help'])).code).toBe(EXIT.ok);
  });

  it('a missing or extra argument', async () => {
    await expectFailure(['render'], cliMessages.badArguments('render', cliMessages.missingArgument('FILE (the template to render)')));
    await expectFailure(['check'], cliMessages.badArguments('check', cliMessages.missingArgument('PATH (a template or a folder)')));
    await expectFailure(['golden'], cliMessages.badArguments('golden', cliMessages.missingArgument('PATH (a golden file or folder)')));
    await expectFailure(['ast', page, page], cliMessages.badArguments('ast', cliMessages.tooManyArguments(page)));
    await expectFailure(['plugins', 'extra'], cliMessages.badArguments('plugins', cliMessages.tooManyArguments('extra')));
  });

  it('a developer-template folder among other paths to check, where it would be walked for .block files alone', async () => {
    write('theme/template.conf', '{"name": "T", "layouts": {"default": {"name": "D", "regions": ["site"]}}}');
    write('theme/site.region', '{x|nope}');
    const theme = join(dir, 'theme');
    await expectFailure(['check', page, theme], cliMessages.badArguments('check', cliMessages.templateFolderAmongPaths(theme)));
    expect(cliMessages.templateFolderAmongPaths('theme')).toBe('theme is a developer-template folder (it has template.conf): check it on its own, tmpl check theme');
  });

  it('a --locale tmpl has no formats for is refused, since the page would be rendered in en-US without a word', async () => {
    for (const locale of ['xx-YY', 'english', 'mt']) {
      for (const command of ['render', 'watch']) {
        await expectFailure([command, page, '--locale', locale], cliMessages.badArguments(command, cliMessages.unknownLocale(locale)));
      }
    }
    // the spellings the engine reads are taken
    for (const locale of ['fr-FR', 'de', 'en_GB', 'pt-br']) expect((await runCli(['render', page, '--locale', locale])).code).toBe(EXIT.ok);
  });

  it('a --now that is not a whole number', async () => {
    await expectFailure(['render', page, '--now', 'soon'], cliMessages.badArguments('render', cliMessages.notAnInteger('--now', 'soon')));
    // a number that is not whole is not read as a date (V8 reads '1.5' as one)
    await expectFailure(['render', page, '--now', '1.5'], cliMessages.badArguments('render', cliMessages.notAnInteger('--now', '1.5')));
    // a date is given the number it stands for
    await expectFailure(['render', page, '--now', '2024-06-01T12:00:00Z'], cliMessages.badArguments('render', cliMessages.nowAsDate('2024-06-01T12:00:00Z', 1717243200000)));
    expect(cliMessages.nowAsDate('2024-06-01T12:00:00Z', 1717243200000)).toBe(
      "--now expects milliseconds since 1970, got the date '2024-06-01T12:00:00Z' (for 2024-06-01T12:00:00.000Z, --now 1717243200000)",
    );
  });
});

describe('tmpl: template errors exit 1', () => {
  it('render and check exit 1 for a syntax error, with the message and its frame', async () => {
    const broken = write('broken.tmpl', '{x|htmll}');
    for (const command of ['render', 'check']) {
      const r = await runCli([command, broken]);
      expect(r.code).toBe(EXIT.templateErrors);
      expect(r.err.split('\n')[0]).toBe(`${broken}:1:1 SyntaxError: Formatter 'htmll' is unknown — did you mean 'html'?`);
    }
  });
});
