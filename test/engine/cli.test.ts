import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { messages } from '../../engine/messages.ts';
import { DEFAULT_LIMITS } from '../../engine/runtime/limits.ts';
import { COMMANDS } from '../../engine/cli/main.ts';
import { cliMessages } from '../../engine/cli/messages.ts';
import { runCli, scratchFolder } from './cli-helpers.ts';

const { dir, write } = scratchFolder('tmpl-cli-');

describe('tmpl render', () => {
  it('renders a template with data and partials, the page written exactly', async () => {
    const file = write('page.tmpl', '<h1>{title|html}</h1>{@|apply card}\n');
    const data = write('page.json', JSON.stringify({ title: 'A & B', name: 'card data' }));
    write('partials/card.block', '<p>{name}</p>');
    const r = await runCli(['render', file, '--data', data, '--partials', join(dir, 'partials')]);
    expect(r).toEqual({ code: 0, out: '<h1>A &amp; B</h1><p>card data</p>\n', err: '' });
  });

  it('reads --data as the Java reference does: 1.0 stays a double (printed as 1, read by formatters as 1.0)', async () => {
    const file = write('numbers.tmpl', '{a} {b} {a|json}');
    const data = write('numbers.json', '{"a": 1.0, "b": 1}');
    expect(await runCli(['render', file, '--data', data])).toEqual({ code: 0, out: '1 1 1.0', err: '' });
  });

  it('still writes a page whose malformed tags stay text, reports them and exits 1', async () => {
    const file = write('malformed.tmpl', '<p>{.end xyz}{title}</p>');
    const data = write('malformed.json', '{"title": "Hat"}');
    const r = await runCli(['render', file, '--data', data]);
    expect(r.code).toBe(1);
    expect(r.out).toBe('<p>{.end xyz}Hat</p>');
    expect(r.err).toContain(`${file}:1:4 ${messages.tagExtraChars('END', ' xyz')}`);
  });

  it('renders without --data with {} as the data, saying so once on a terminal\'s stderr and never to a script', async () => {
    const file = write('no-data.tmpl', '<h1>{title}</h1>');
    expect(await runCli(['render', file], { terminal: true })).toEqual({ code: 0, out: '<h1></h1>', err: cliMessages.noDataGiven });
    expect(await runCli(['render', file])).toEqual({ code: 0, out: '<h1></h1>', err: '' });
    const data = write('no-data.json', '{"title": "Hat"}');
    expect(await runCli(['render', file, '--data', data], { terminal: true })).toEqual({ code: 0, out: '<h1>Hat</h1>', err: '' });
  });

  it('says on a terminal that a file of a developer template renders alone, naming the render of the folder\'s pages', async () => {
    write('render-folder/template.conf', '{"layouts": {"default": {"regions": ["site"]}}}');
    const region = write('render-folder/site.region', '<body><squarespace:navigation navigationId="mainNav" template="nav" /></body>');
    const folder = join(dir, 'render-folder');
    const note = cliMessages.renderedOutsideTemplateFolder(region, folder);
    expect(note).toContain(`tmpl render ${folder} --page URL --data context.json`);
    const rendered = await runCli(['render', region, '--data', write('render-folder.json', '{}')], { terminal: true });
    expect(rendered).toEqual({ code: 0, out: '<body><squarespace:navigation navigationId="mainNav" template="nav" /></body>', err: note });
    // never to a script, and never of a .tmpl page, which is a single template wherever it lies
    expect((await runCli(['render', region])).err).toBe('');
    expect((await runCli(['render', write('render-folder/page.tmpl', 'x'), '--data', write('render-folder.json', '{}')], { terminal: true })).err).toBe('');
  });

  it('writes the page to --out', async () => {
    const file = write('out.tmpl', 'hello {who}');
    const data = write('out.json', '{"who": "you"}');
    const target = join(dir, 'out.html');
    expect(await runCli(['render', file, '--data', data, '--out', target])).toEqual({ code: 0, out: '', err: '' });
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(target, 'utf8')).toBe('hello you');
  });

  it('exits 1 when the render reports errors, printing each with its position and frame; the page is still written', async () => {
    const file = write('render-errors.tmpl', 'a\nb\n{@|apply nowhere}\n{.eval (1 +}\nz');
    const r = await runCli(['render', file]);
    expect(r.code).toBe(1);
    expect(r.out).toBe('a\nb\n\n\nz');
    expect(r.err).toContain(`${file}:3:1 ${messages.partialMissing('nowhere')}`);
    expect(r.err).toContain('  1 | a\n  2 | b\n> 3 | {@|apply nowhere}\n    | ^\n  4 | {.eval (1 +}\n  5 | z');
    expect(r.err).toMatch(new RegExp(`${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:4:1 RuntimeError: Error parsing expression`));
  });

  it('keeps exit 0 with --allow-errors, still printing the errors', async () => {
    const file = write('allowed.tmpl', '{@|apply nowhere}ok');
    const r = await runCli(['render', file, '--allow-errors']);
    expect(r.code).toBe(0);
    expect(r.out).toBe('ok');
    expect(r.err).toContain(messages.partialMissing('nowhere'));
  });

  it('names the closest partial to a missing one, or says no --partials folder was given', async () => {
    write('near-render/partials/card.block', '<p>card</p>');
    const file = write('near-render/page.tmpl', '{@|apply cards}');
    const withFolder = await runCli(['render', file, '--partials', join(dir, 'near-render/partials')]);
    expect(withFolder.err.split('\n')[0]).toBe(`${file}:1:1 ${cliMessages.hint(messages.partialMissing('cards'), "did you mean 'card'?")}`);
    const without = await runCli(['render', file]);
    expect(without.err.split('\n')[0]).toBe(`${file}:1:1 ${cliMessages.hint(messages.partialMissing('cards'), cliMessages.noPartialsFolder)}`);
    expect(cliMessages.noPartialsFolder).toBe('no --partials DIR was given to find it in');
  });

  it('prints an error the render meets at one place for every item once, with its count, as the development overlay does', async () => {
    const file = write('repeated-errors.tmpl', '{.repeated section items}{@|apply card}{.end}\n{@|apply card}');
    const data = write('repeated-errors.json', JSON.stringify({ items: [1, 2, 3] }));
    const r = await runCli(['render', file, '--data', data]);
    expect(r.code).toBe(1);
    const lines = r.err.split('\n').filter((line) => line.startsWith(file));
    const said = cliMessages.hint(messages.partialMissing('card'), cliMessages.noPartialsFolder);
    expect(lines).toEqual([cliMessages.repeated(`${file}:1:26 ${said}`, 3), `${file}:2:1 ${said}`]);
    expect(lines[0]).toMatch(/\(×3: /);
    // one code frame each
    expect(r.err.split('\n').filter((line) => line.startsWith('> 1 |'))).toHaveLength(1);
  });

  it('shows an error inside a partial with the partial file and its own code frame', async () => {
    const file = write('uses-broken.tmpl', '{@|apply broken}');
    write('broken-partials/broken.block', 'x\n{.eval (2 *}');
    const r = await runCli(['render', file, '--partials', join(dir, 'broken-partials')]);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`${join(dir, 'broken-partials', 'broken.block')}:2:1 RuntimeError: Error parsing expression`);
    expect(r.err).toContain('> 2 | {.eval (2 *}');
  });

  it('does not render a template with syntax errors (exit 1); --allow-errors renders what it can', async () => {
    const file = write('syntax.tmpl', 'before {x|nope} after');
    const r = await runCli(['render', file]);
    expect(r).toMatchObject({ code: 1, out: '' });
    expect(r.err).toContain(`${file}:1:8 ${messages.formatterUnknown('nope')}`);
    expect((await runCli(['render', file, '--allow-errors'])).out).toBe('before {x|nope} after');
  });
});

describe('tmpl check', () => {
  it('names where an {.end} left out deep inside most likely is, beside both errors of the block it leaves open', async () => {
    const file = write('lost-end.tmpl', '{.repeated section items}\n  {.if title}\n    {.section body}<p>{@}</p>\n  {.end}\n{.end}\n');
    const r = await runCli(['check', file]);
    const where = "the {.section body} at line 3 takes the {.end} at line 4, indented as an outer block's, so an {.end} is most likely missing between lines 3 and 4";
    expect(r.err).toContain(`${file}:1:1 ${messages.unclosed('REPEATED')} — this {.repeated section} has no {.end} left: ${where}`);
    expect(r.err).toContain(`${file}:6:1 ${messages.eofInBlock('REPEATED')} — the template ends inside a {.repeated section}: ${where}`);
  });

  it('reports syntax errors as file:line:col with a two-line code frame, and exits 1', async () => {
    const file = write('bad.tmpl', 'ok\n  {.section a}\n{x|nope}\n');
    const r = await runCli(['check', file]);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`${file}:3:1 ${messages.formatterUnknown('nope')}`);
    expect(r.err).toContain('  1 | ok\n  2 |   {.section a}\n> 3 | {x|nope}\n    | ^\n  4 | ');
    expect(r.err).toContain(`${file}:2:3 SyntaxError: Unclosed SECTION`);
    expect(r.err).toContain(`${file}:4:1 ${messages.eofInBlock('SECTION')}`);
    // the summary is the result, on stdout as without errors; the diagnostics stay on stderr
    expect(r.out).toBe(cliMessages.checkSummary({ templates: 1 }, { errors: 3, errorFiles: 1 }));
    expect(r.out).toBe('1 template checked, 3 errors in 1 file');
    expect(r.err).not.toContain('checked');
  });

  it('adds a did-you-mean hint after an unknown formatter or predicate name', async () => {
    const file = write('typo.tmpl', '{title|htmll}\n{.equall? a 1}x{.end}');
    const r = await runCli(['check', file]);
    expect(r.err).toContain(`${file}:1:1 ${cliMessages.hint(messages.formatterUnknown('htmll'), "did you mean 'html'?")}`);
    expect(r.err).toContain(cliMessages.hint(messages.predicateUnknown('equall?'), "did you mean 'equal?'?"));
    expect(r.err).toContain("SyntaxError: Formatter 'htmll' is unknown — did you mean 'html'?");
  });

  it('adds the intended instruction after a mistyped keyword, the reference message unchanged', async () => {
    const lines = [
      '{.sectoin foo}',
      '{.repeted section items}',
      '{.iff a}',
      '<p>{.ned}',
      '{.repeated section items}a{.alternates wiht}b{.end}',
      '{.repeated sectoin items}',
      '{.alternateswith}',
      '{.even}',
    ];
    const file = write('keyword-typo.tmpl', lines.join('\n'));
    const r = await runCli(['check', file]);
    expect(r.code).toBe(1);
    expect(r.err.split('\n').filter((line) => line.startsWith(file))).toEqual([
      `${file}:1:1 ${cliMessages.hint(messages.tagInvalidInstruction('.sectoin'), "did you mean '.section'?")}`,
      `${file}:2:1 ${cliMessages.hint(messages.tagInvalidInstruction('.repeted'), "did you mean '.repeated section'?")}`,
      `${file}:3:1 ${cliMessages.hint(messages.tagInvalidInstruction('.iff'), "did you mean '.if'?")}`,
      `${file}:4:4 ${cliMessages.hint(messages.tagInvalidInstruction('.ned'), "did you mean '.end'?")}`,
      `${file}:5:27 ${cliMessages.hint(messages.tagMissingWith('wiht'), "did you mean '.alternates with'?")}`,
      `${file}:6:1 ${cliMessages.hint(messages.tagMissingSection('sectoin items'), "did you mean '.repeated section'?")}`,
      `${file}:7:1 ${cliMessages.hint(messages.tagInvalidInstruction('.alternateswith'), "did you mean '.alternates with'?")}`,
      // a predicate written without its question mark
      `${file}:8:1 ${cliMessages.hint(messages.tagInvalidInstruction('.even'), "did you mean '.even?'?")}`,
    ]);
    expect(r.err).toContain("SyntaxError: Invalid instruction '.sectoin' — did you mean '.section'?");
  });

  it('guesses no instruction for text that is not one, nor for a word like none of them', async () => {
    // the references print these as text: no error, so nothing to hint at
    const text = write('not-instructions.tmpl', '{.5} {"section": 1} {...rest}');
    expect(await runCli(['render', text])).toEqual({ code: 0, out: '{.5} {"section": 1} {...rest}', err: '' });
    const far = write('far-from-any.tmpl', '{.x y}\n{.repeated items}');
    const r = await runCli(['check', far]);
    expect(r.err.split('\n').filter((line) => line.startsWith(far))).toEqual([
      `${far}:1:1 ${messages.tagInvalidInstruction('.x')}`,
      `${far}:2:1 ${messages.tagMissingSection('items')}`,
    ]);
  });

  it('shows the correct form after an instruction written without its name, the reference message unchanged', async () => {
    const file = write('no-name.tmpl', '<ul>\n{.repeated section}<li>{@}</li>{.end}\n</ul>');
    const r = await runCli(['check', file]);
    expect(r.err.split('\n').slice(0, 4)).toEqual([
      `${file}:2:1 ${cliMessages.hint(messages.tagWhitespaceExpected(''), '{.repeated section} needs the name of a list: {.repeated section name}…{.end}')}`,
      '  1 | <ul>',
      '> 2 | {.repeated section}<li>{@}</li>{.end}',
      '    | ^',
    ]);
    expect(r.err).toContain("SyntaxError: Whitespace expected, found '' — {.repeated section} needs");
  });

  it('shows the forms a formatter or predicate takes after an arguments error, the reference message unchanged', async () => {
    const file = write('arguments.tmpl', '{body|truncate a b c d}\n{.equal? a b c}x{.end}');
    const r = await runCli(['check', file]);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`${file}:1:1 ${cliMessages.hint(messages.formatterArgs('truncate', messages.argsBadLength('a')), 'truncate takes [LENGTH] [ELLIPSIS]: {body|truncate 20} or {body|truncate 12 …}')}`);
    expect(r.err).toContain(`${file}:2:1 ${cliMessages.hint(messages.predicateArgs('equal?', messages.argsTooMany(1, 2)), 'equal? takes A [B]: {.equal? status "sold"} or {.equal? 1}')}`);
  });

  it('reports a malformed tag as an error alike in a file, a folder of files and a developer-template folder', async () => {
    // Squarespace compiles strictly: there the tag stops the template, although the storefront shows it as text
    const region = '<head>{squarespace-headers}</head><body>{squarespace.main-content}\n{.sectoin items}{squarespace-footers}</body>';
    const file = write('malformed-alike/files/site.block', region);
    const expected = (path: string, severity: string) => `${path}:2:1 ${severity}${cliMessages.hint(messages.tagInvalidInstruction('.sectoin'), "did you mean '.section'?")}`;
    for (const given of [file, join(dir, 'malformed-alike/files')]) {
      const r = await runCli(['check', given]);
      expect(r.code, given).toBe(1);
      expect(r.err.split('\n')[0], given).toBe(expected(file, ''));
      expect(r.out, given).toBe(cliMessages.checkSummary({ templates: 1 }, { errors: 1, errorFiles: 1 }));
    }
    write('malformed-alike/theme/template.conf', '{"name": "T", "layouts": {"default": {"name": "D", "regions": ["site"]}}}');
    const theme = join(dir, 'malformed-alike/theme');
    write('malformed-alike/theme/site.region', region);
    const folder = await runCli(['check', theme]);
    expect(folder.code).toBe(1);
    expect(folder.err.split('\n')[0]).toBe(expected(join(theme, 'site.region'), 'error: '));
    // the folder's summary in the same form and on the same stream: what was checked, then the counts
    expect(folder.out).toBe(`${theme}: 1 template and 1 JSON file checked, 1 error in 1 file`);
  });

  it('colours the code frame only when asked (stderr is a terminal)', async () => {
    const file = write('colour.tmpl', '{x|nope}');
    expect((await runCli(['check', file])).err).not.toContain('\u001b[');
    expect((await runCli(['check', file], { color: true })).err).toContain('\u001b[31m^');
  });

  it('walks a folder for .tmpl and .block files', async () => {
    write('tree/a.tmpl', '{a}');
    write('tree/sub/b.block', '{b|html}');
    write('tree/notes.txt', '{x|nope}');
    const r = await runCli(['check', join(dir, 'tree')]);
    expect(r).toEqual({ code: 0, out: cliMessages.checkSummary({ templates: 2 }, { errors: 0, errorFiles: 0 }), err: '' });
    expect(r.out).toBe('2 templates checked, no errors');
  });

  it('checks a JSON file named directly as JSON, not as a template, and counts it as one', async () => {
    const json = write('check-data/page.json', '{"title": "{.section}"}');
    const conf = write('check-data/template.conf', '{"name": "T"}');
    const page = write('check-data/page.tmpl', '{title}');
    expect(await runCli(['check', json])).toEqual({ code: 0, out: '1 JSON file checked, no errors', err: '' });
    expect(await runCli(['check', page, json, conf])).toEqual({ code: 0, out: '1 template and 2 JSON files checked, no errors', err: '' });
    expect((await runCli(['check', page])).out).toBe('1 template checked, no errors');
  });

  it('ends files and template folders alike with what was checked, then the counts, each plural right', () => {
    expect(cliMessages.checkSummary({ templates: 1, jsonFiles: 1, stylesheets: 1 }, { errors: 1, errorFiles: 1, warnings: 1 }))
      .toBe('1 template, 1 JSON file and 1 stylesheet checked, 1 error in 1 file, 1 warning');
    expect(cliMessages.checkSummary({ templates: 14, jsonFiles: 3, stylesheets: 2 }, { errors: 3, errorFiles: 2, warnings: 12 }))
      .toBe('14 templates, 3 JSON files and 2 stylesheets checked, 3 errors in 2 files, 12 warnings');
    expect(cliMessages.checkSummary({ templates: 0 }, { errors: 0, errorFiles: 0, warnings: 0 })).toBe('0 templates checked, no errors');
  });

  it('reports a malformed JSON file by line and column with its frame, as a finding (exit 1)', async () => {
    const json = write('check-data/bad.json', '{\n  "items": [1, 2,, 3]\n}\n');
    const r = await runCli(['check', json]);
    expect(r.code).toBe(1);
    expect(r.out).toBe('1 JSON file checked, 1 error in 1 file');
    expect(r.err.split('\n')).toEqual([
      `${json}:2:18 ${cliMessages.jsonInvalid(cliMessages.jsonFoundCharacter('unexpected character', "','"))}`,
      '  1 | {',
      '> 2 |   "items": [1, 2,, 3]',
      '    |                  ^',
      '  3 | }',
      '  4 | ',
    ]);
  });

  it('reports .eval expressions that cannot compile, with their position', async () => {
    const file = write('eval.tmpl', 'x\n  {.eval a = (1 + }\n');
    const r = await runCli(['check', file]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/eval\.tmpl:2:3 RuntimeError: Error parsing expression: "a = \(1 \+ ": /);
  });

  it('warns of .eval operators written without an operand, which Squarespace accepts, and counts them in the summary', async () => {
    const file = write('eval-gap.tmpl', '{.eval @n = items.length + * 2}\n{.eval 1 +}\n');
    const r = await runCli(['check', file]);
    expect(r.code).toBe(0);
    expect(r.out).toBe('1 template checked, no errors, 2 warnings');
    expect(r.err).toContain(`eval-gap.tmpl:1:1 warning: ${messages.evalMissingOperand('@n = items.length + * 2', messages.exprMissingOperand('multiply', 'left'), messages.evalGapSilent(['@n']))}`);
    expect(r.err).toContain('eval-gap.tmpl:2:1 warning: Expression "1 +" is missing an operand: the operator add has no operand on its right.');
  });

  it('with --partials resolves every apply and .include: missing partials and unknown macros are reported where used', async () => {
    write('site/partials/card.block', '<p>{name}</p>');
    write('site/partials/macros.block', '{.macro shared}shared{.end}');
    const file = write(
      'site/page.tmpl',
      [
        '{.macro local}L{.end}',
        '{@|apply card}',
        '{@|apply local}',
        '{.include macros.block}',
        '{.include shared}',
        '{@|apply nowhere.block}',
        '{.include ghost}',
        '{.include crad}',
      ].join('\n'),
    );
    const r = await runCli(['check', file, '--partials', join(dir, 'site/partials')]);
    expect(r.code).toBe(1);
    const lines = r.err.split('\n').filter((l) => l.startsWith(file));
    // an include's missing partial or macro in the render's words, with the render's hint
    expect(lines).toEqual([
      `${file}:6:1 ${messages.partialMissing('nowhere.block')}`,
      `${file}:7:1 ${messages.partialMissing('ghost')}`,
      `${file}:8:1 ${cliMessages.hint(messages.partialMissing('crad'), "did you mean 'card'?")}`,
    ]);
    const rendered = await runCli(['render', file, '--partials', join(dir, 'site/partials')]);
    expect(rendered.err.split('\n').filter((l) => l.startsWith(file)).slice(-2)).toEqual(lines.slice(-2));
  });

  it('without --partials does not guess about partials, and says they were not looked up', async () => {
    const file = write('no-partials.tmpl', '{.macro own}x{.end}{@|apply own}{@|apply card}{.include ghost}{@|apply card}');
    expect(await runCli(['check', file])).toEqual({ code: 0, out: '1 template checked, no errors', err: cliMessages.partialsNotLookedUp(2) });
    expect(cliMessages.partialsNotLookedUp(2)).toBe('note: partials were not looked up (2 names applied or included); add --partials DIR to check them');
    expect((await runCli(['check', write('no-applies.tmpl', '{.macro own}x{.end}{@|apply own}')])).err).toBe('');
  });

  it('says of the files of a developer template named one by one that their folder\'s check is the one to run, rather than to add --partials', async () => {
    write('folder/template.conf', '{"layouts": {"default": {"regions": ["site"]}}}');
    const region = write('folder/site.region', '<body>{@|apply nav.block}<squarespace:navigation navigationId="mainNav" template="nav" /></body>');
    const block = write('folder/blocks/nav.block', '<nav>{@|apply sqs-social-links}</nav>');
    const folder = join(dir, 'folder');
    expect(await runCli(['check', region])).toEqual({ code: 0, out: '1 template checked, no errors', err: cliMessages.filesOfTemplateFolder([region], folder) });
    expect(cliMessages.filesOfTemplateFolder([region], folder)).toBe(
      `note: ${region} is a file of the developer-template folder ${folder}, checked here for syntax alone: tmpl check ${folder} also checks the blocks and navigations it applies, the platform's tags and the files template.conf names, as the storefront loads them`,
    );
    // one note for the folder's files, and none about --partials, even beside a file of no folder
    const single = write('single.tmpl', '{@|apply card}');
    expect((await runCli(['check', region, block, single])).err).toBe(
      [cliMessages.partialsNotLookedUp(1), cliMessages.filesOfTemplateFolder([region, block], folder)].join('\n'),
    );
  });

  it('run from inside a developer template, names its folder by its own name and suggests the command as it runs from there', async () => {
    write('inside-me/template.conf', '{"layouts": {"default": {"regions": ["site"]}}}');
    write('inside-me/site.region', '<body>{squarespace.main-content}</body>');
    write('inside-me/collections/blog.list', '{.repeated section items}{title}{.end}');
    write('inside-data.json', '{}');
    const before = process.cwd();
    try {
      process.chdir(join(dir, 'inside-me'));
      // 'the developer-template folder .' named nothing the author could recognise
      expect((await runCli(['check', 'site.region'])).err).toBe(
        "note: site.region is a file of the developer-template folder inside-me (this folder), checked here for syntax alone: tmpl check . also checks the blocks and navigations it applies, the platform's tags and the files template.conf names, as the storefront loads them",
      );
      expect((await runCli(['render', 'site.region', '--data', '../inside-data.json'], { terminal: true })).err).toBe(
        "note: site.region is a file of the developer-template folder inside-me (this folder), rendered here alone: its <squarespace:…> tags stay as written and the platform's {squarespace…} values write nothing; tmpl render . --page URL --data context.json renders a page as the storefront composes it",
      );
      process.chdir('collections');
      expect((await runCli(['check', '.'])).err).toBe(
        ".: no template files (.tmpl, .block) in this directory; it is part of the developer-template folder inside-me (..), whose .region, .list, .item and .page files are checked with the folder: tmpl check ..",
      );
      // the command suggested runs from where the author is
      expect(await runCli(['check', '..'])).toMatchObject({ code: 0, out: expect.stringMatching(/^\.\.: 2 templates and 1 JSON file checked, no errors/) });
    } finally {
      process.chdir(before);
    }
  });

  it('with --partials names the closest partial to a missing one', async () => {
    write('near/partials/site-navigation.block', '<nav></nav>');
    const file = write('near/page.tmpl', '{@|apply site-nav.block}');
    const r = await runCli(['check', file, '--partials', join(dir, 'near/partials')]);
    expect(r.err.split('\n')[0]).toBe(`${file}:1:1 ${cliMessages.hint(messages.partialMissing('site-nav.block'), "did you mean 'site-navigation.block'?")}`);
  });
});

describe('tmpl ast, tree, golden, plugins', () => {
  it('prints the instruction tree JSON', async () => {
    const file = write('ast.tmpl', 'a{b}');
    expect(JSON.parse((await runCli(['ast', file])).out)).toEqual([17, 1, [[0, 'a'], [1, [['b']], 0]], 18]);
  });

  it('prints the instruction tree one instruction a line', async () => {
    const file = write('tree.tmpl', '{.section a}{b}{.end}');
    const r = await runCli(['tree', file]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/SECTION/);
  });

  it('tree applies the limits render and check apply, with their messages, rather than exhausting the stack', async () => {
    const { maxNesting, maxTemplateSize } = DEFAULT_LIMITS;
    const deep = write('deep.tmpl', `${'{.section a}'.repeat(200_000)}${'{.end}'.repeat(200_000)}`);
    const r = await runCli(['tree', deep]);
    expect(r.code).toBe(1);
    // the tree down to the limit, then where the limit was met, as check says it
    expect(r.out.split('\n').filter((line) => line.includes('SECTION'))).toHaveLength(maxNesting);
    const checked = await runCli(['check', deep]);
    expect(r.err).toBe(checked.err);
    expect(r.err.split('\n')[0]).toBe(`${deep}:1:${maxNesting * 12 + 1} ${messages.nestingTooDeep(maxNesting)}`);
    const large = write('large.tmpl', 'x'.repeat(maxTemplateSize + 1));
    const tooLarge = await runCli(['tree', large]);
    expect(tooLarge.code).toBe(1);
    expect(tooLarge.out).toBe('');
    expect(tooLarge.err.split('\n')[0]).toBe(`${large}:1:1 ${messages.templateTooLarge(maxTemplateSize)}`);
  });

  it('runs golden files (a folder is walked) and ends with the summary line', async () => {
    write('golden/ok.html', ':JSON\n{"a": 1}\n\n:TEMPLATE\n{a}\n\n:OUTPUT\n1\n');
    write('golden/wrong.html', ':JSON\n{"a": 1}\n\n:TEMPLATE\n{a}\n\n:OUTPUT\n2\n');
    const r = await runCli(['golden', join(dir, 'golden')]);
    expect(r.code).toBe(1);
    const lines = r.out.split('\n');
    expect(lines[0]).toMatch(/^FAIL .*wrong\.html/);
    expect(lines.at(-1)).toBe('1 passed, 1 failed');
  });

  it('runs a golden file whose :JSON data is nested thousands deep', async () => {
    const depth = 100_000;
    const deep = write('golden-deep/deep.html', `:JSON\n{"a": ${'['.repeat(depth)}${']'.repeat(depth)}, "b": 1}\n\n:TEMPLATE\n{b}{.section a}x{.end}\n\n:OUTPUT\n1x\n`);
    expect(await runCli(['golden', deep])).toEqual({ code: 0, out: '1 passed, 0 failed', err: '' });
  });

  it('lists every plugin as formatter NAME or predicate NAME', async () => {
    const lines = (await runCli(['plugins'])).out.split('\n');
    expect(lines).toContain('formatter html');
    expect(lines).toContain('predicate equal?');
    expect(lines.every((l) => /^(formatter|predicate) \S+$/.test(l))).toBe(true);
  });
});

describe('tmpl --help and --version', () => {
  it('prints the tool help with every command and the exit codes', async () => {
    const r = await runCli(['--help']);
    expect(r.code).toBe(0);
    for (const c of COMMANDS) expect(r.out).toContain(`  ${c.name} `);
    expect(r.out).toContain('2  usage or input problem');
  });

  it('prints each command help with --help, -h and tmpl help NAME', async () => {
    for (const c of COMMANDS) {
      expect(await runCli([c.name, '--help'])).toEqual({ code: 0, out: c.help, err: '' });
      expect((await runCli([c.name, '-h'])).out).toBe(c.help);
      expect((await runCli(['help', c.name])).out).toBe(c.help);
      expect(c.help).toMatch(new RegExp(`^usage: tmpl ${c.name}`));
    }
  });

  it('prints the package version', async () => {
    const { readFileSync } = await import('node:fs');
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(await runCli(['--version'])).toEqual({ code: 0, out: pkg.version, err: '' });
  });
});
