/**
 * Every failure of tmpl that is the user's to fix: one line naming the
 * problem (no stack trace) and the documented exit code (2 usage or input,
 * 1 template errors).
 */
import { chmodSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../engine/cli/io.ts';
import { cliMessages } from '../../engine/cli/messages.ts';
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
    for (const command of ['render', 'check', 'ast', 'tree', 'watch']) {
      await expectFailure([command, missing], cliMessages.fileMissing(missing));
    }
  });

  it('a folder where a file is expected', async () => {
    await expectFailure(['render', dir], cliMessages.isDirectory(dir));
    await expectFailure(['ast', dir], cliMessages.isDirectory(dir));
    await expectFailure(['render', page, '--data', dir], cliMessages.isDirectory(dir));
  });

  it('a missing data file', async () => {
    const json = join(dir, 'nothing.json');
    await expectFailure(['render', page, '--data', json], cliMessages.fileMissing(json));
  });

  it.skipIf(process.getuid?.() === 0)('an unreadable data file', async () => {
    const locked = write('locked.json', '{}');
    chmodSync(locked, 0o000);
    await expectFailure(['render', page, '--data', locked], cliMessages.unreadable(locked, 'permission denied'));
  });

  it('a missing partials folder, or a file given as one', async () => {
    const folder = join(dir, 'no-partials');
    await expectFailure(['render', page, '--partials', folder], cliMessages.directoryMissing(folder));
    await expectFailure(['check', page, '--partials', folder], cliMessages.directoryMissing(folder));
    await expectFailure(['render', page, '--partials', data], cliMessages.notDirectory(data));
  });

  it('a folder with no templates to check', async () => {
    const empty = join(dir, 'empty');
    write('empty/readme.txt', 'no templates here');
    await expectFailure(['check', empty], cliMessages.noTemplatesFound(empty));
  });

  it('a missing golden path', async () => {
    await expectFailure(['golden', missing], cliMessages.fileMissing(missing));
  });

  it('an --out that cannot be written', async () => {
    const r = await runCli(['render', page, '--data', data, '--out', dir]);
    expect(r).toEqual({ code: EXIT.usage, out: '', err: cliMessages.outputUnwritable(dir, 'it is a directory') });
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
    const commented = write('commented.json', '{"title": "x" // the page title\n}');
    await expectFailure(
      ['render', page, '--data', commented],
      cliMessages.jsonMalformed(commented, 1, 15, "expected ',' or '}', found '/' (JSON has no comments)"),
    );
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

  it('an unknown option, with the closest one the command has', async () => {
    await expectFailure(['render', page, '--bogus'], cliMessages.badArguments('render', "Unknown option '--bogus'"));
    await expectFailure(['render', page, '--dat', 'x.json'], cliMessages.badArguments('render', "Unknown option '--dat' (did you mean '--data'?)"));
  });

  it('an option without its value', async () => {
    const r = await runCli(['render', page, '--data']);
    expect(r.code).toBe(EXIT.usage);
    expect(r.err).toMatch(/^tmpl render: Option '--data <value>' argument missing\. Run 'tmpl render --help' for usage\.$/);
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

  it('a --now that is not a whole number', async () => {
    await expectFailure(['render', page, '--now', 'soon'], cliMessages.badArguments('render', cliMessages.notAnInteger('--now', 'soon')));
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
