import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../../../engine/cli/main.ts';
import { loadTemplateFolder } from '../../../server/theme/folder-loader.ts';
import { compileFolderStyles } from '../../../server/theme/folder-styles.ts';
import { DiskTemplateSource } from '../../../server/theme/template-source.ts';
import { themeMessages } from '../../../server/theme/theme-messages.ts';
import { writeTemplateFolder } from '../helpers/template-folder-on-disk.ts';
import { conf, SITE_REGION } from './folder-fixture.ts';

// A template folder is untrusted: its stylesheet may neither run JavaScript in the server nor
// read a file of the host (and publish it in /site.css).
const cleanup: string[] = [];
afterEach(() => {
  for (const path of cleanup.splice(0)) rmSync(path, { recursive: true, force: true });
});

function diskFolder(files: Record<string, string>): string {
  const dir = writeTemplateFolder('less-sandbox-', { 'template.conf': conf({ stylesheets: ['base.less'] }), 'site.region': SITE_REGION, ...files });
  cleanup.push(dir);
  return dir;
}

const compileDir = (dir: string) => compileFolderStyles(loadTemplateFolder(new DiskTemplateSource(dir)).folder!);

/** A plugin that writes `marker` when LESS evaluates it, and when it is required as a module. */
function evilPlugin(marker: string): string {
  return `require('node:fs').writeFileSync(${JSON.stringify(marker)}, 'PWNED');\nmodule.exports = { install() {} };\n`;
}

describe('@plugin in a folder stylesheet', () => {
  it('is refused at its line, and nothing of the plugin runs', async () => {
    const marker = join(mkdtempSync(join(tmpdir(), 'less-marker-')), 'written');
    cleanup.push(join(marker, '..'));
    const dir = diskFolder({
      'styles/base.less': 'a { b: c; }\n\n@plugin "evil.js";\nd { e: f; }',
      'styles/evil.js': evilPlugin(marker),
    });
    const result = await compileDir(dir);
    expect(result.css).toBe('');
    expect(result.problems).toEqual([{ file: 'styles/base.less', line: 3, column: 1, severity: 'error', message: themeMessages.stylesheetPluginRefused }]);
    expect(existsSync(marker)).toBe(false);
  });

  it('is refused in every form: with arguments, without extension, as a package name, in an imported file', async () => {
    const marker = join(mkdtempSync(join(tmpdir(), 'less-marker-')), 'written');
    cleanup.push(join(marker, '..'));
    const forms = ['@plugin (x) "evil.js";', '@plugin "evil";', '@plugin url("evil.js");', '@plugin "vitest";', '@plugin "less-plugin-clean-css";', '@import "inner";'];
    for (const form of forms) {
      const dir = diskFolder({
        'styles/base.less': `a { b: c; }\n${form}`,
        'styles/inner.less': '@plugin "evil.js";',
        'styles/evil.js': evilPlugin(marker),
      });
      const result = await compileDir(dir);
      expect(result.css, form).toBe('');
      expect(result.problems.map((problem) => problem.message), form).toEqual([themeMessages.stylesheetPluginRefused]);
    }
    expect(existsSync(marker)).toBe(false);
  });

  it('fails tmpl check without running the plugin', async () => {
    const marker = join(mkdtempSync(join(tmpdir(), 'less-marker-')), 'written');
    cleanup.push(join(marker, '..'));
    const dir = diskFolder({ 'styles/base.less': '@plugin "evil.js";', 'styles/evil.js': evilPlugin(marker) });
    const err: string[] = [];
    const code = await main(['check', dir], { out: () => {}, write: () => {}, err: (s) => err.push(s) });
    expect(code).toBe(1);
    expect(err.join('\n')).toContain(`${join(dir, 'styles/base.less')}:1:1 error: ${themeMessages.stylesheetPluginRefused}`);
    expect(existsSync(marker)).toBe(false);
  });
});

describe('LESS functions that read files', () => {
  it('refuse to read any file, inside the folder or out of it, and publish nothing of it', async () => {
    const outside = mkdtempSync(join(tmpdir(), 'less-secret-'));
    cleanup.push(outside);
    const secret = join(outside, 'secret.txt');
    writeFileSync(secret, 'TOP-SECRET-VALUE');
    const calls = [
      `data-uri("text/plain;base64", "${secret}")`,
      `data-uri("${secret}")`,
      'data-uri("text/plain;base64", "/proc/self/environ")',
      'data-uri("../../../../../../../../etc/passwd")',
      `data-uri("file://${secret}")`,
      'data-uri("../assets/logo.svg")',
      `image-size("${secret}")`,
      `image-width("${secret}")`,
      `image-height("${secret}")`,
    ];
    for (const call of calls) {
      const dir = diskFolder({ 'styles/base.less': `a {\n  b: ${call};\n}`, 'assets/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>' });
      const result = await compileDir(dir);
      expect(result.css, call).toBe('');
      expect(JSON.stringify(result), call).not.toMatch(/TOP-SECRET|root:|PATH=|svg xmlns/);
      const name = call.slice(0, call.indexOf('('));
      expect(result.problems, call).toEqual([{ file: 'styles/base.less', line: 2, column: 6, severity: 'warning', message: themeMessages.stylesheetStatementLeftOut(`Error evaluating function \`${name}\`: ${themeMessages.stylesheetFileFunctionRefused}`) }]);
    }
  });
});
