import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../../engine/cli/io.ts';
import { cliMessages } from '../../../engine/cli/messages.ts';
import { messages } from '../../../engine/messages.ts';
import { checkTemplateFolder } from '../../../server/theme/folder-check.ts';
import { main } from '../../../engine/cli/main.ts';
import { renderFolderPage } from '../../../server/theme/render-folder-page.ts';
import { DiskTemplateSource, MemoryTemplateSource } from '../../../server/theme/template-source.ts';
import { loadTemplateFolder } from '../../../server/theme/folder-loader.ts';
import { regionBaseName } from '../../../server/theme/template-conf.ts';
import { themeMessages } from '../../../server/theme/theme-messages.ts';
import { conf, SITE_REGION } from './folder-fixture.ts';
import { realTemplateFolders } from '../helpers/real-templates.ts';

const ROOT = join(import.meta.dirname, '../../..');


/** Where conf() writes the default layout's region, where a warning about that layout is placed. */
const SITE_AT = { line: 1, column: conf().indexOf('"site"') + 1 };

function source(files: Record<string, string>): MemoryTemplateSource {
  return new MemoryTemplateSource({ 'template.conf': conf(), 'site.region': SITE_REGION, ...files });
}

describe('checking a template folder', () => {
  const folders = realTemplateFolders();
  it.skipIf(folders.length === 0)('passes every public template with no errors', () => {
    for (const dir of folders) {
      const result = checkTemplateFolder(dir);
      expect(result.problems.filter((p) => p.severity === 'error'), dir).toEqual([]);
      // each writes its content, headers and footers (in site.region), so no layout is warned of
      const { folder } = loadTemplateFolder(new DiskTemplateSource(dir));
      const layoutWarnings = Object.entries(folder!.conf.layouts).flatMap(([name, layout]) => {
        const regions = layout.regions.map((region) => `${regionBaseName(region)}.region`);
        return [themeMessages.mainContentMissing(name, regions), themeMessages.headersMissing(name, regions), themeMessages.footersMissing(name, regions)];
      });
      expect(result.problems.filter((p) => layoutWarnings.includes(p.message)), dir).toEqual([]);
    }
  });

  it.skipIf(folders.length === 0)('reports the block the hnp template applies but lacks as a warning: only an unused block applies it', () => {
    const hnp = folders.find((dir) => dir.includes('hnp'))!;
    const result = checkTemplateFolder(hnp);
    expect(result.problems).toContainEqual({
      file: 'blocks/delete.block', line: 6, column: 7, severity: 'warning',
      message: themeMessages.noPageRenders(messages.partialMissing('banner.block'), 'blocks/delete.block'),
    });
  });

  it('names a missing block and the file that applies it, with its position', () => {
    const result = checkTemplateFolder(source({ 'collections/blog.list': 'x\n  {@|apply card.block}' }));
    expect(result.errors).toBe(1);
    expect(result.problems).toEqual([{ file: 'collections/blog.list', line: 2, column: 3, severity: 'error', message: messages.partialMissing('card.block') }]);
  });

  it('finds blocks reached through other blocks and platform tags, and macros a file defines', () => {
    const result = checkTemplateFolder(source({
      'site.region': '<squarespace:navigation navigationId="mainNav" template="nav" />{.macro m}M{.end}{@|apply m}{squarespace-headers}{squarespace.main-content}{squarespace-footers}',
      'blocks/nav.block': '{@|apply item.block}',
      'blocks/item.block': '{@|apply gone.block}',
    }));
    expect(result.problems.map((p) => [p.file, p.severity, p.message])).toEqual([
      ['blocks/item.block', 'error', messages.partialMissing('gone.block')],
    ]);
  });

  it('warns of a block that applies itself on every render, directly or through another, but not of one whose recursion ends', () => {
    const result = checkTemplateFolder(source({
      'site.region': '{@|apply tree.block}{@|apply a.block}{@|apply nav.block}{squarespace-headers}{squarespace.main-content}{squarespace-footers}',
      'blocks/tree.block': '<ul>{@|apply tree.block}</ul>',
      'blocks/a.block': 'A{@|apply b.block}',
      'blocks/b.block': 'B\n{@|apply a.block}',
      // each level applies itself only for its children: the recursion ends with the data
      'blocks/nav.block': '{.repeated section items}<li>{title}{.section children}{@|apply nav.block}{.end}</li>{.end}',
    }));
    expect(result.problems.map((p) => [p.file, p.line, p.column, p.severity, p.message])).toEqual([
      ['blocks/a.block', 1, 2, 'warning', themeMessages.blockAppliesItself(['a.block', 'b.block', 'a.block'])],
      ['blocks/b.block', 2, 1, 'warning', themeMessages.blockAppliesItself(['b.block', 'a.block', 'b.block'])],
      ['blocks/tree.block', 1, 5, 'warning', themeMessages.blockAppliesItself(['tree.block', 'tree.block'])],
    ]);
  });

  it('takes a macro of the file for one that a platform tag\'s body applies, as the render does', () => {
    const result = checkTemplateFolder(source({
      'site.region': '{.macro badge}<em>{@}</em>{.end}<squarespace:query collection="shop" limit="2">{.repeated section items}{title|apply badge}{.end}</squarespace:query>'
        + '{squarespace-headers}{squarespace.main-content}{squarespace-footers}',
    }));
    expect(result.problems.filter((p) => p.message.includes('badge'))).toEqual([]);
    // a name the file does not define is still missing there
    const missing = checkTemplateFolder(source({
      'site.region': '<squarespace:query collection="shop" limit="2">{.repeated section items}{title|apply badge}{.end}</squarespace:query>{squarespace-headers}{squarespace.main-content}{squarespace-footers}',
    }));
    expect(missing.problems.map((p) => p.message)).toContain(messages.partialMissing('badge'));
  });

  it('reports a mistyped platform tag as an error, naming the tag meant', () => {
    const result = checkTemplateFolder(source({ 'site.region': '<squarespace:querry collection="shop" />{squarespace-headers}{squarespace.main-content}{squarespace-footers}' }));
    expect(result.errors).toBe(1);
    expect(result.problems).toEqual([{
      file: 'site.region', line: 1, column: 1, severity: 'error', validation: true,
      message: themeMessages.didYouMean(themeMessages.tagUnknown('querry'), '<squarespace:query>'),
    }]);
  });

  it('places a regionName that names no layout at its value, naming the file once and the layout it most likely meant', () => {
    const result = checkTemplateFolder(new MemoryTemplateSource({
      'template.conf': conf({ layouts: { default: { name: 'Default', regions: ['site'] }, wide: { name: 'Wide', regions: ['site'] } } }),
      'site.region': '{squarespace-headers}{squarespace.main-content}{squarespace-footers}',
      'collections/blog.conf': '{\n  "title": "Blog",\n  "regionName": "wdie"\n}',
    }));
    expect(result.problems).toEqual([{
      file: 'collections/blog.conf', line: 3, column: 17, severity: 'error',
      message: themeMessages.didYouMean(themeMessages.layoutUnknown('wdie'), 'wide'),
    }]);
    expect(result.problems[0]!.message).toBe("regionName 'wdie' names no layout of template.conf and no region (did you mean 'wide'?)");
    // a region is not offered, since a regionName naming one is warned of in its turn
    const region = checkTemplateFolder(new MemoryTemplateSource({
      'template.conf': conf({ layouts: { default: { name: 'Default', regions: ['header', 'site'] }, wide: { name: 'Wide', regions: ['header', 'site'] } } }),
      'header.region': '{squarespace-headers}',
      'site.region': '{squarespace.main-content}{squarespace-footers}',
      'collections/blog.conf': '{ "regionName": "hedaer" }',
    }));
    expect(region.problems.map((problem) => problem.message)).toEqual([themeMessages.layoutUnknown('hedaer')]);
  });

  it('warns of a regionName that names a region rather than a layout, saying what the region alone never writes, through check and render', () => {
    const files = source({
      'template.conf': JSON.stringify({ layouts: { default: { regions: ['site'] }, headed: { regions: ['header', 'wide', 'footer'] } } }),
      'header.region': '<head>{squarespace-headers}</head><body>{@|apply nav.block}',
      'wide.region': '<div class="wide">{squarespace.main-content}</div>',
      'footer.region': '{squarespace-footers}</body>',
      'blocks/nav.block': '<nav></nav>',
      'collections/journal.conf': '{\n  "title": "Journal",\n  "regionName": "header"\n}',
      'collections/journal.list': '<h1>{collection.title}</h1>',
      // a region that writes all three still is no layout
      'pages/about.page': '<h1>About</h1>',
      'pages/about.page.conf': '{ "regionName": "site.region" }',
    });
    const layouts = ['default', 'headed'];
    const journal = themeMessages.didYouMean(
      themeMessages.regionNamedAsLayout('header', 'header.region', layouts, ['{squarespace.main-content}', '{squarespace-footers}']),
      'headed',
    );
    const about = themeMessages.regionNamedAsLayout('site.region', 'site.region', layouts, []);
    expect(journal).toBe("regionName 'header' names the region header.region, not one of the layouts of template.conf ('default', 'headed'): "
      + "its pages are wrapped in header.region alone, which never writes {squarespace.main-content} or {squarespace-footers} (did you mean 'headed'?)");
    expect(about).toBe("regionName 'site.region' names the region site.region, not one of the layouts of template.conf ('default', 'headed'): its pages are wrapped in site.region alone");
    expect(checkTemplateFolder(files).problems.map((p) => [p.file, p.line, p.column, p.severity, p.message])).toEqual([
      ['collections/journal.conf', 3, 17, 'warning', journal],
      ['pages/about.page.conf', 1, 17, 'warning', about],
    ]);
    // tmpl render warns of it over the journal, which header.region alone wraps, and not over the 404 page
    const list = renderFolderPage(files, '/journal', { collection: { id: 'c1', urlId: 'journal', title: 'Journal' }, items: [] });
    expect(list.warnings.map((p) => p.message)).toEqual([journal]);
    expect(renderFolderPage(files, '/nowhere', {}).warnings).toEqual([]);
  });

  it('places a layout region that has no file at its name in template.conf, in the layout that names it', () => {
    const written = [
      '{',
      '  "name": "Scratch",',
      '  "layouts": {',
      '    "default": { "name": "Default", "regions": ["site"] },',
      '    "wide": {',
      '      "name": "Wide",',
      '      "regions": ["site", "header.region"]',
      '    }',
      '  }',
      '}',
    ].join('\n');
    const result = checkTemplateFolder(new MemoryTemplateSource({ 'template.conf': written, 'site.region': '{squarespace-headers}{squarespace.main-content}{squarespace-footers}' }));
    expect(result.problems).toEqual([{
      file: 'template.conf', line: 7, column: 27, severity: 'error', message: themeMessages.regionMissing('header', 'wide'),
    }]);
    // a mistyped name is given the folder's region it likely meant
    const mistyped = checkTemplateFolder(new MemoryTemplateSource({
      'template.conf': '{ "layouts": { "default": { "regions": ["sites"] } } }',
      'site.region': '{squarespace-headers}{squarespace.main-content}{squarespace-footers}',
    }));
    expect(mistyped.problems).toEqual([{
      file: 'template.conf', line: 1, column: 41, severity: 'error', message: `${themeMessages.regionMissing('sites', 'default')} (did you mean 'site'?)`,
    }]);
  });

  it('reports compile errors, missing tag templates, unknown layouts, navigations and stylesheets', () => {
    const result = checkTemplateFolder(new MemoryTemplateSource({
      'template.conf': conf({ stylesheets: ['site.less'] }),
      'site.region': '<squarespace:navigation navigationId="sideNav" template="side" />\n<squarespace:query collection="news" template="cards" />{squarespace-headers}{squarespace.main-content}{squarespace-footers}',
      'collections/blog.conf': '{"regionName": "wide"}',
      'collections/blog.item': '{.end}',
    }));
    expect(result.problems.map((p) => [p.file, p.line, p.severity, p.message])).toEqual([
      ['collections/blog.conf', 1, 'error', themeMessages.layoutUnknown('wide')],
      ['collections/blog.item', 1, 'error', 'SyntaxError: Instruction END not allowed at root'],
      ['site.region', 1, 'error', themeMessages.navigationTemplateMissing('side.block', 'site.region')],
      ['site.region', 1, 'warning', themeMessages.navigationUnknown('sideNav', 'site.region')],
      ['site.region', 2, 'error', themeMessages.tagTemplateMissing('<squarespace:query>', 'cards.block', 'site.region')],
      ['template.conf', 1, 'warning', themeMessages.stylesheetMissing('site.less')],
    ]);
  });

  it('warns of a page whose files hold more query tags than the eight the platform runs on a page', () => {
    const queries = (count: number): string => '<squarespace:query collection="shop">x</squarespace:query>'.repeat(count);
    const result = checkTemplateFolder(source({
      'site.region': `${queries(3)}${SITE_REGION}`,
      'blocks/cards.block': queries(2),
      // 3 in the region, 4 here and 2 in the block it applies
      'collections/blog.list': `${queries(4)}{@|apply cards.block}`,
      // 3 and 5: as many as the platform runs
      'collections/blog.item': queries(5),
      'collections/shop.conf': '{"regionName": "busy"}',
      'collections/shop.list': 'list',
      'busy.region': `${queries(9)}{squarespace-headers}{squarespace.main-content}{squarespace-footers}`,
    }));
    expect(result.problems.filter((p) => p.message.includes('<squarespace:query> tags')).map((p) => [p.file, p.severity, p.message])).toEqual([
      ['busy.region', 'warning', themeMessages.queryTagsPastPageLimit('busy.region', 9, 8)],
      ['collections/blog.list', 'warning', themeMessages.queryTagsPastPageLimit('collections/blog.list', 9, 8)],
    ]);
  });

  it('names the declared navigation an undeclared one likely meant, and none when no name is close', () => {
    const result = checkTemplateFolder(source({
      'blocks/nav.block': '{.repeated section items}{collection.title}{.end}',
      'header.region': '<squarespace:navigation navigationId="mianNav" template="nav" />\n<squarespace:navigation navigationId="footerLinks" template="nav" />',
    }));
    expect(result.problems.filter((p) => p.file === 'header.region').map((p) => [p.line, p.severity, p.message])).toEqual([
      [1, 'warning', themeMessages.didYouMean(themeMessages.navigationUnknown('mianNav', 'header.region'), 'mainNav')],
      [2, 'warning', themeMessages.navigationUnknown('footerLinks', 'header.region')],
    ]);
  });

  it('warns of a platform value the platform does not give, which writes nothing, with the one it likely meant', () => {
    const region = '<head>{squarespace-headres}</head>\n<body class="{squarespace.page-classes}">{squarespace.main-contnet}{squarespace.sidebar}{squarespace-footers}</body>';
    const result = checkTemplateFolder(source({ 'site.region': region }));
    expect(result.problems.map((p) => [p.file, p.line, p.column, p.severity, p.message])).toEqual([
      ['site.region', 1, 7, 'warning', themeMessages.didYouMean(themeMessages.platformValueUnknown('squarespace-headres'), '{squarespace-headers}')],
      ['site.region', 2, 42, 'warning', themeMessages.didYouMean(themeMessages.platformValueUnknown('squarespace.main-contnet'), '{squarespace.main-content}')],
      ['site.region', 2, 68, 'warning', themeMessages.platformValueUnknown('squarespace.sidebar')],
      ['template.conf', SITE_AT.line, SITE_AT.column, 'warning', themeMessages.mainContentMissing('default', ['site.region'])],
      ['template.conf', SITE_AT.line, SITE_AT.column, 'warning', themeMessages.headersMissing('default', ['site.region'])],
    ]);
  });

  it('warns of a file of assets/ a template refers to that the folder lacks, at its first reference in each file that names it', () => {
    const result = checkTemplateFolder(source({
      'site.region': '{squarespace-headers}{squarespace.main-content}{squarespace-footers}<img src="/assets/logo.png"><img src="/assets/{website.logo}">\n<svg><use xlink:href="/assets/ui-icons.svg#close-icon"></use></svg>\n<svg><use xlink:href="/assets/ui-icons.svg#cart-icon"></use></svg>',
      'blocks/nav.block': '<a style="background: url(/assets/ui-icons.svg)"></a><img src="/assets/images/menu%20icon.png">',
      'collections/blog.list': '{@|apply nav.block}',
      'assets/logo.png': 'png',
      'assets/images/menu icon.png': 'png',
    }));
    expect(result.problems.map((p) => [p.file, p.line, p.column, p.message])).toEqual([
      ['blocks/nav.block', 1, 27, themeMessages.assetMissing('ui-icons.svg')],
      ['site.region', 2, 23, themeMessages.assetMissing('ui-icons.svg')],
    ]);
  });

  it('places a missing stylesheet at its name in template.conf and a missing script at its tag', () => {
    const written = [
      '{',
      '  "layouts": { "default": { "regions": ["site"] } },',
      '  "stylesheets": [',
      '    "base.less",',
      '    "blog.less"',
      '  ]',
      '}',
    ].join('\n');
    const result = checkTemplateFolder(new MemoryTemplateSource({
      'template.conf': written,
      'site.region': '{squarespace-headers}{squarespace.main-content}{squarespace-footers}\n  <squarespace:script src="site.js" combo="true" />',
      'styles/base.less': 'body { color: red; }',
    }));
    expect(result.problems.map((p) => [p.file, p.line, p.column, p.message])).toEqual([
      ['site.region', 2, 3, themeMessages.scriptMissing('site.js')],
      ['template.conf', 5, 5, themeMessages.stylesheetMissing('blog.less')],
    ]);
  });

  it('names the file beside a missing stylesheet, script or asset that it likely meant: one of its kind a typo away, else one of its name with another extension', () => {
    const result = checkTemplateFolder(new MemoryTemplateSource({
      'template.conf': JSON.stringify({ layouts: { default: { regions: ['site'] } }, stylesheets: ['bsae.less', 'print.less'] }),
      'site.region': '{squarespace-headers}{squarespace.main-content}{squarespace-footers}<svg><use xlink:href="/assets/icon.svg#cart"></use></svg><img src="/assets/img/logo.jpg">'
        + '<squarespace:script src="sit.js" /><squarespace:script src="app.js" />',
      'styles/base.less': 'body { color: red; }',
      'styles/print.css': '',
      'scripts/site.js': '',
      'scripts/b.js': '',
      'assets/icons.svg': '<svg/>',
      'assets/img/logo.png': 'png',
    }));
    expect(result.problems.map((p) => p.message).sort()).toEqual([
      themeMessages.didYouMean(themeMessages.assetMissing('img/logo.jpg'), 'img/logo.png'),
      themeMessages.didYouMean(themeMessages.assetMissing('icon.svg'), 'icons.svg'),
      themeMessages.didYouMean(themeMessages.scriptMissing('sit.js'), 'site.js'),
      themeMessages.didYouMean(themeMessages.stylesheetMissing('bsae.less'), 'base.less'),
      themeMessages.scriptMissing('app.js'),
      themeMessages.didYouMean(themeMessages.stylesheetMissing('print.less'), 'print.css'),
    ].sort());
  });

  it("says that a missing script or stylesheet may be made by the folder's own build (a package.json build script, a webpack.config.js)", () => {
    const files = {
      'template.conf': JSON.stringify({ layouts: { default: { regions: ['site'] } }, stylesheets: ['built.css'] }),
      'site.region': '{squarespace-headers}{squarespace.main-content}{squarespace-footers}<squarespace:script src="site-bundle.js" combo="false" />',
    };
    const messages = (extra: Record<string, string>): string[] => checkTemplateFolder(new MemoryTemplateSource({ ...files, ...extra })).problems.map((p) => p.message).sort();
    expect(messages({ 'package.json': JSON.stringify({ scripts: { build: 'lessc styles/a.less styles/built.css && webpack' } }) })).toEqual([
      themeMessages.madeByBuild(themeMessages.scriptMissing('site-bundle.js'), 'npm run build'),
      themeMessages.madeByBuild(themeMessages.stylesheetMissing('built.css'), 'npm run build'),
    ].sort());
    // Squarespace's frameworks: the toolbelt assembles the template, bundle and all, into build/
    expect(messages({ 'package.json': JSON.stringify({ scripts: { build: 'squarespace assemble && webpack' } }) })).toContain(
      themeMessages.madeByAssemble(themeMessages.scriptMissing('site-bundle.js')),
    );
    expect(messages({ 'webpack.config.js': 'module.exports = {};' })).toContain(themeMessages.madeByBuild(themeMessages.scriptMissing('site-bundle.js'), 'webpack'));
    expect(messages({ 'package.json': '{ "scripts": { "test": "x" } }' })).toContain(themeMessages.scriptMissing('site-bundle.js'));
  });

  it('places problems by what the author wrote, though the file compiles with nonces added and platform tags replaced', () => {
    const line = '<script>go()</script><squarespace:navigation navigationId="mainNav" template="nav" /> {@|apply card.block} {.end}';
    const result = checkTemplateFolder(source({ 'collections/blog.list': line, 'blocks/nav.block': '' }));
    expect(result.problems.map((p) => [p.line, p.column, p.message])).toEqual([
      [1, line.indexOf('{@|apply') + 1, messages.partialMissing('card.block')],
      [1, line.indexOf('{.end}') + 1, 'SyntaxError: Instruction END not allowed at root'],
    ]);
  });

  it('names the block of the closest name when a missing one looks like a typo of it', () => {
    const result = checkTemplateFolder(source({
      'site.region': '<squarespace:navigation navigationId="mainNav" template="navigatio" />{@|apply foter.block}{squarespace-headers}{squarespace.main-content}{squarespace-footers}',
      'blocks/navigation.block': '', 'blocks/footer.block': '',
    }));
    expect(result.problems.map((p) => p.message)).toEqual([
      themeMessages.didYouMean(themeMessages.navigationTemplateMissing('navigatio.block', 'site.region'), 'navigation.block'),
      cliMessages.hint(messages.partialMissing('foter.block'), "did you mean 'footer.block'?"),
    ]);
  });

  it('never offers the body of a platform tag, which no author wrote, for a missing block', () => {
    const result = checkTemplateFolder(source({
      'collections/blog.list': '<squarespace:query collection="journal">{title}</squarespace:query>{@|apply squarespace-tag}',
    }));
    expect(result.problems.map((p) => p.message)).toEqual([messages.partialMissing('squarespace-tag')]);
  });

  it('names the block a missing one is with .block written after it', () => {
    const result = checkTemplateFolder(source({
      'collections/blog.list': '{@|apply post-meta}',
      'blocks/post-meta.block': '',
    }));
    expect(result.problems.map((p) => p.message)).toEqual([
      cliMessages.hint(messages.partialMissing('post-meta'), "did you mean 'post-meta.block'?"),
    ]);
  });

  it('reports an expression that does not parse where it is written, as an error where a page can reach it', () => {
    const result = checkTemplateFolder(source({
      'collections/blog.list': 'list\n  {.eval max(}',
      'blocks/unused.block': '{.eval min(}',
    }));
    expect(result.problems.map((p) => [p.file, p.line, p.column, p.severity, p.message.split(':')[0]])).toEqual([
      ['blocks/unused.block', 1, 1, 'warning', 'RuntimeError'],
      ['collections/blog.list', 2, 3, 'error', 'RuntimeError'],
    ]);
    expect(result.problems[1]!.message).toContain('max(');
  });

  it('warns of an .eval operator without an operand where it is written, as tmpl check FILE does', () => {
    const result = checkTemplateFolder(source({ 'collections/blog.list': 'list\n  {.eval @n = items.length + * 2}' }));
    expect(result.problems).toEqual([
      { file: 'collections/blog.list', line: 2, column: 3, severity: 'warning', message: messages.evalMissingOperand('@n = items.length + * 2', messages.exprMissingOperand('multiply', 'left'), messages.evalGapSilent(['@n'])) },
    ]);
  });

  it('reports a platform tag\'s attribute misspelt as the attribute missing (an error) and one it does not take as a warning, each with the one meant', () => {
    const result = checkTemplateFolder(source({
      'collections/blog.list': '<squarespace:query collecton="shop" limt="2">{items}</squarespace:query>',
      'blocks/unused.block': '<squarespace:block-field id="f" colums="12" />',
    }));
    expect(result.problems.map((p) => [p.file, p.severity, p.message])).toEqual([
      ['blocks/unused.block', 'warning', themeMessages.didYouMean(themeMessages.tagAttributeUnknown('block-field', 'colums'), 'columns')],
      ['collections/blog.list', 'error', themeMessages.tagAttributeMisspelt(themeMessages.tagAttributeMissing('query', 'collection'), 'collecton', 'collection')],
      ['collections/blog.list', 'warning', themeMessages.didYouMean(themeMessages.tagAttributeUnknown('query', 'limt'), 'limit')],
    ]);
  });

  it('reports a platform tag whose \'>\' or \'/>\' is left out as an error at the tag, which the page otherwise shows as text without a word', () => {
    const result = checkTemplateFolder(source({
      'collections/blog.list': '<ul>\n  <squarespace:query collection="shop" limit="3"\n  {.repeated section items}<li>{title}</li>{.end}\n</ul>',
    }));
    expect(result.problems).toEqual([
      { file: 'collections/blog.list', line: 2, column: 3, severity: 'error', validation: true, message: themeMessages.tagNotEnded('query') },
    ]);
    expect(result.errors).toBe(1);
  });

  it('warns of a count written on a platform tag that is no number, which the tag ignores, but not of one an instruction makes', () => {
    const result = checkTemplateFolder(source({
      'collections/blog.list': '<squarespace:query collection="archive" limit="abc" skip="-3">{items}</squarespace:query>\n<squarespace:query collection="a" limit="{n}" skip=" 2 ">x</squarespace:query>',
    }));
    expect(result.problems).toEqual([
      { file: 'collections/blog.list', line: 1, column: 1, severity: 'warning', message: themeMessages.tagAttributeNotCount('query', 'limit', 'abc') },
      { file: 'collections/blog.list', line: 1, column: 1, severity: 'warning', message: themeMessages.tagAttributeNotCount('query', 'skip', '-3') },
    ]);
    expect(result.problems[0]!.message).toBe('<squarespace:query> limit takes a number (0, 1, 2…), not "abc": the tag ignores it');
  });

  it('warns of a layout whose regions never write {squarespace.main-content}, also when a block they apply does', () => {
    const mistyped = checkTemplateFolder(source({ 'site.region': '<main>{squarespace.main-contnet}</main>{squarespace-headers}{squarespace-footers}' }));
    expect(mistyped.problems).toEqual([
      { file: 'site.region', line: 1, column: 7, severity: 'warning', message: themeMessages.didYouMean(themeMessages.platformValueUnknown('squarespace.main-contnet'), '{squarespace.main-content}') },
      { file: 'template.conf', ...SITE_AT, severity: 'warning', message: themeMessages.mainContentMissing('default', ['site.region']) },
    ]);
    const throughBlock = checkTemplateFolder(source({ 'site.region': '{@|apply body.block}', 'blocks/body.block': '{squarespace-headers}<main>{squarespace.main-content}</main>{squarespace-footers}' }));
    expect(throughBlock.problems).toEqual([]);
  });

  it('warns of a layout whose regions never write {squarespace-headers} or {squarespace-footers}, unless they write those parts themselves', () => {
    const bare = checkTemplateFolder(source({ 'site.region': '<html><body>{squarespace.main-content}</body></html>' }));
    expect(bare.problems).toEqual([
      { file: 'template.conf', ...SITE_AT, severity: 'warning', message: themeMessages.headersMissing('default', ['site.region']) },
      { file: 'template.conf', ...SITE_AT, severity: 'warning', message: themeMessages.footersMissing('default', ['site.region']) },
    ]);
    expect(bare.problems[0]!.message).toBe("layout 'default' never writes {squarespace-headers} in site.region or a block it applies: its pages lose their title, stylesheet, crumb and island scripts");
    // one layout of two lacks them: only it is named
    const twoLayouts = checkTemplateFolder(new MemoryTemplateSource({
      'template.conf': conf({ layouts: { default: { name: 'Default', regions: ['site'] }, bare: { name: 'Bare', regions: ['plain'] } } }),
      'site.region': SITE_REGION,
      'plain.region': '{squarespace.main-content}',
    }));
    expect(twoLayouts.problems.map((p) => p.message)).toEqual([themeMessages.headersMissing('bare', ['plain.region']), themeMessages.footersMissing('bare', ['plain.region'])]);
    // a head written from the page context, as the project's own theme writes it, loads the islands itself
    const ownHead = checkTemplateFolder(source({ 'site.region': '<head>{assetTags}</head><body>{squarespace.main-content}{islands.cartPill}</body>' }));
    expect(ownHead.problems).toEqual([]);
  });

  it("places a layout's warning at its regions in template.conf and names the region files to write the value in", async () => {
    const written = [
      '{',
      '  "layouts": {',
      '    "default": { "name": "Default", "regions": ["site"] },',
      '    "bare": { "name": "Bare", "regions": ["header", "footer.region"] }',
      '  }',
      '}',
    ].join('\n');
    const result = checkTemplateFolder(new MemoryTemplateSource({
      'template.conf': written,
      'site.region': SITE_REGION,
      'header.region': '<head>{squarespace-headers}</head><body>{@|apply nav.block}',
      'footer.region': '{squarespace-footers}</body>',
      'blocks/nav.block': '<nav></nav>',
    }));
    const bareAt = { line: 4, column: written.split('\n')[3]!.indexOf('"header"') + 1 };
    expect(result.problems).toEqual([{
      file: 'template.conf', ...bareAt, severity: 'warning', message: themeMessages.mainContentMissing('bare', ['header.region', 'footer.region']),
    }]);
    expect(result.problems[0]!.message).toBe("layout 'bare' never writes {squarespace.main-content} in header.region, footer.region or a block they apply");
    // tmpl check prints it at that place, from the folder as given
    const dir = mkdtempSync(join(tmpdir(), 'tmpl-layout-'));
    try {
      mkdirSync(join(dir, 'collections'));
      for (const [path, text] of Object.entries({
        'template.conf': written,
        'site.region': SITE_REGION,
        'header.region': '{squarespace-headers}',
        'footer.region': '{squarespace-footers}',
        // the journal's pages render in layout 'bare'
        'collections/journal.conf': '{ "regionName": "bare" }',
        'collections/journal.list': '<h1>{collection.title}</h1>',
      })) {
        writeFileSync(join(dir, path), text);
      }
      const err: string[] = [];
      const code = await main(['check', dir], { out: () => {}, write: () => {}, err: (line) => err.push(line) });
      expect(code).toBe(EXIT.ok);
      const said = `${join(dir, 'template.conf')}:4:${bareAt.column} warning: ${themeMessages.mainContentMissing('bare', ['header.region', 'footer.region'])}`;
      expect(err).toEqual([said]);
      // and tmpl render, which warns of it as the development overlay does, on the pages of that layout alone
      writeFileSync(join(dir, 'journal.json'), JSON.stringify({ website: { siteTitle: 'S' }, collection: { id: 'c1', urlId: 'journal', title: 'Journal', fullUrl: '/journal' } }));
      err.length = 0;
      await main(['render', dir, '--page', '/journal', '--data', join(dir, 'journal.json')], { out: () => {}, write: () => {}, err: (line) => err.push(line) });
      expect(err).toContain(said);
      // the 404 page renders in layout 'default', which writes all three: nothing is said of 'bare' there
      writeFileSync(join(dir, 'context.json'), JSON.stringify({ website: { siteTitle: 'S' } }));
      err.length = 0;
      await main(['render', dir, '--page', '/', '--data', join(dir, 'context.json')], { out: () => {}, write: () => {}, err: (line) => err.push(line) });
      expect(err.filter((line) => line.includes('template.conf'))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reports a template that holds NUL bytes (an image renamed .block) as one error of that file, not as garbled template errors', () => {
    const png = '\x89PNG\r\n\x1a\n\0\0\0\rIHDR{x|nope}{@|apply gone.block}';
    const result = checkTemplateFolder(source({ 'blocks/logo.block': png, 'collections/blog.list': png, 'blocks/card.block': '{title}' }));
    expect(result.problems).toEqual([
      { file: 'blocks/logo.block', line: 0, column: 0, severity: 'error', message: cliMessages.notTextFile },
      { file: 'collections/blog.list', line: 0, column: 0, severity: 'error', message: cliMessages.notTextFile },
    ]);
    // still counted, as `tmpl check FILE` counts a file it cannot read
    expect(result.checked.templates).toBe(4);
  });

  it('reports a folder without template.conf or with a broken one', () => {
    expect(checkTemplateFolder(new MemoryTemplateSource({})).problems[0]!.message).toBe(themeMessages.confMissing('memory'));
    const broken = checkTemplateFolder(new MemoryTemplateSource({ 'template.conf': '{"layouts": {"default": {"regions": []}}}' }));
    expect(broken.errors).toBe(1);
    // the file is the problem's own field, so the message does not name it again
    expect(broken.problems[0]).toEqual(expect.objectContaining({ file: 'template.conf', message: expect.stringMatching(/^layouts\.default\.regions: /) }));
  });
});

describe('rendering one page of a folder from a context', () => {
  const folder = source({ 'collections/blog.list': 'LIST {collection.typeName} {.repeated section items}{title}{.end}', 'collections/blog.item': '<script>x()</script>ITEM {item.title} {@|apply nope.block}' });

  it('renders the list or the item by what the context holds', () => {
    const collection = { id: 'c1', urlId: 'journal', typeName: 'blog', title: 'Journal' };
    const list = renderFolderPage(folder, '/journal', { collection, items: [{ title: 'a' }] });
    expect(list.errors).toEqual([]);
    expect(list.html).toContain('[LIST blog a]');
    const item = renderFolderPage(folder, '/journal/a', { collection, item: { id: 'i', title: 'A' } });
    expect(item.html).toContain('ITEM A ]');
    // placed in the file as written, not in its copy with the script's nonce added
    expect(item.errors).toEqual([{ message: messages.partialMissing('nope.block'), name: 'collections/blog.item', line: 1, column: 39 }]);
  });

  it('warns of a missing asset a file the page used names, though a file it did not use names it first', () => {
    const page = renderFolderPage(source({
      'collections/blog.list': '<img src="/assets/logo.png">',
      'system/404.page': '<p>Lost</p>\n<img src="/assets/logo.png">',
    }), '/nowhere', {});
    expect(page.files).toContain('system/404.page');
    expect(page.warnings.map((p) => [p.file, p.line, p.column, p.message])).toEqual([['system/404.page', 2, 11, themeMessages.assetMissing('logo.png')]]);
  });

  it('renders a system page the folder lacks with the built-in page', () => {
    const page = renderFolderPage(folder, '/cart', { shoppingCart: { entries: [] }, islands: { cartPage: '<div id="cart-island"></div>' } });
    expect(page.html).toContain('<div id="sqs-cart-root"><div id="cart-island"></div></div>');
  });
});

describe('tmpl on folders', () => {
  let dir: string;
  beforeAll(() => {
    // the template in its repository's src/, as authors keep one
    dir = join(mkdtempSync(join(tmpdir(), 'tmpl-folder-')), 'src');
    const files: Record<string, string> = {
      'template.conf': conf(),
      'site.region': SITE_REGION,
      'collections/blog.list': '{.repeated section items}{title}{.end}<squarespace:navigation navigationId="mainNav" template="nav" />',
      'blocks/nav.block': '{.repeated section items}<a>{collection.navigationTitle}</a>{.end}',
      'context.json': JSON.stringify({ collection: { id: 'c', urlId: 'journal', typeName: 'blog' }, items: [{ title: 'first' }] }),
      'site.json': JSON.stringify({ navigations: { mainNav: [{ collection: { navigationTitle: 'Journal' } }] } }),
      'bad.json': '{"items": [}',
    };
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
  });
  afterAll(() => rmSync(dirname(dir), { recursive: true, force: true }));

  /** `tmpl ARGV` as the command line runs it (a usage problem is one line and exit code 2). */
  async function run(argv: string[]): Promise<{ code: number; out: string; err: string }> {
    const out: string[] = [];
    const err: string[] = [];
    const code = await main(argv, { out: (s) => out.push(s), write: (s) => out.push(s), err: (s) => err.push(s) });
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  it('checks a folder', async () => {
    // what was checked, then the counts, in the form `tmpl check FILE` ends with
    expect(await run(['check', dir])).toEqual({ code: 0, out: `${dir}: 3 templates and 1 JSON file checked, no errors`, err: '' });
    writeFileSync(join(dir, 'blocks/unused.block'), '{@|apply missing.block}');
    const warned = await run(['check', dir]);
    expect(warned.code).toBe(0);
    expect(warned.out).toBe(`${dir}: 4 templates and 1 JSON file checked, no errors, 1 warning`);
    rmSync(join(dir, 'blocks/unused.block'));
    writeFileSync(join(dir, 'blocks/broken.block'), '{@|apply missing.block}');
    writeFileSync(join(dir, 'collections/blog.item'), '{@|apply broken.block}');
    const failed = await run(['check', dir]);
    expect(failed.code).toBe(1);
    expect(failed.out).toBe(`${dir}: 5 templates and 1 JSON file checked, 1 error in 1 file`);
    // Named from the folder as given, so the terminal can open it from where the command ran.
    expect(failed.err).toContain(`${join(dir, 'blocks/broken.block')}:1:1 error: ${messages.partialMissing('missing.block')}`);
    rmSync(join(dir, 'blocks/broken.block'));
    // A template error carries the hint the file commands give.
    writeFileSync(join(dir, 'collections/blog.item'), 'x\n  {.section title}');
    const unclosed = await run(['check', dir]);
    expect(unclosed.err).toContain(`${join(dir, 'collections/blog.item')}:2:3 error: ${messages.unclosed('SECTION')} — this {.section} has no {.end}`);
    // and where an {.end} left out inside most likely is, read from the file
    writeFileSync(join(dir, 'collections/blog.item'), '{.section item}\n  {.if title}\n    {.section body}{@}\n  {.end}\n{.end}\n');
    expect((await run(['check', dir])).err).toContain(
      `${join(dir, 'collections/blog.item')}:1:1 error: ${messages.unclosed('SECTION')} — this {.section} has no {.end} left: the {.section body} at line 3 takes the {.end} at line 4`,
    );
    // An instruction without its name is shown its correct form, read from the file.
    writeFileSync(join(dir, 'collections/blog.item'), 'x\n{.if}y');
    const nameless = await run(['check', dir]);
    expect(nameless.err).toContain(`${join(dir, 'collections/blog.item')}:2:1 error: ${messages.tagWhitespaceExpected('')} — {.if} needs something to test: {.if name}…{.end}`);
    rmSync(join(dir, 'collections/blog.item'));
    // a block that is an image renamed is that file's error, in the form `tmpl check FILE` gives it; the summary still ends the run
    writeFileSync(join(dir, 'blocks/logo.block'), '\x89PNG\r\n\x1a\n\0\0\0\rIHDR');
    try {
      expect(await run(['check', dir])).toEqual({
        code: 1, out: `${dir}: 4 templates and 1 JSON file checked, 1 error in 1 file`, err: `${join(dir, 'blocks/logo.block')} error: ${cliMessages.notTextFile}`,
      });
    } finally {
      rmSync(join(dir, 'blocks/logo.block'));
    }
  });

  it('refuses to render a page of a folder with a template that is not text, in one line naming it, as render FILE does', async () => {
    // an image renamed .block, which no page applies: the storefront would not serve the folder either
    writeFileSync(join(dir, 'blocks/logo.block'), '\x89PNG\r\n\x1a\n\0\0\0\rIHDR{title}');
    try {
      expect(await run(['render', dir, '--page', '/journal', '--data', join(dir, 'context.json')]))
        .toEqual({ code: EXIT.usage, out: '', err: cliMessages.notText(join(dir, 'blocks/logo.block')) });
    } finally {
      rmSync(join(dir, 'blocks/logo.block'));
    }
  });

  it('checks one template folder per run, naming the run for each path given', async () => {
    // outside the repository of `dir`, which must keep one template folder
    const scratch = mkdtempSync(join(tmpdir(), 'tmpl-folders-'));
    const other = join(scratch, 'other');
    mkdirSync(other);
    writeFileSync(join(other, 'template.conf'), conf());
    writeFileSync(join(other, 'site.region'), SITE_REGION);
    const page = join(scratch, 'page.tmpl');
    writeFileSync(page, '{title}');
    try {
      for (const paths of [[dir, other], [dir, page, other]]) {
        expect(await run(['check', ...paths])).toEqual({ code: 2, out: '', err: cliMessages.badArguments('check', cliMessages.oneTemplateFolderAtATime(paths)) });
      }
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
    expect(cliMessages.oneTemplateFolderAtATime(['a', 'b'])).toBe('a developer-template folder is checked on its own, one per run: tmpl check a, then tmpl check b');
  });

  it('renders a page with its context and site data', async () => {
    const result = await run(['render', dir, '--page', '/journal', '--data', join(dir, 'context.json'), '--site', join(dir, 'site.json')]);
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    expect(result.out).toContain('[first<a>Journal</a>]');
  });

  it('says, without --site, that the page\'s navigation and query tags render empty, and why', async () => {
    const result = await run(['render', dir, '--page', '/journal', '--data', join(dir, 'context.json')]);
    expect(result.code).toBe(0);
    expect(result.err.split('\n').filter((line) => line.startsWith('note: no --site'))).toEqual([themeMessages.noSiteGiven(['navigation'])]);
    // given the site's data, nothing of the kind is said
    expect((await run(['render', dir, '--page', '/journal', '--data', join(dir, 'context.json'), '--site', join(dir, 'site.json')])).err).not.toContain('--site');
  });

  it('warns when the context is another page\'s than --page: the context\'s page renders, and the warning names both', async () => {
    // a post's context (an item page, pageType 50) given with the journal's address
    const post = join(dir, 'post.json');
    writeFileSync(post, JSON.stringify({
      pageType: 50,
      collection: { id: 'c', urlId: 'journal', typeName: 'blog', fullUrl: '/journal' },
      item: { title: 'first', fullUrl: '/journal/first' },
    }));
    writeFileSync(join(dir, 'collections/blog.item'), '<h1>{item.title}</h1>');
    try {
      const result = await run(['render', dir, '--page', '/journal', '--data', post]);
      expect(result.code).toBe(0);
      expect(result.out).toContain('<h1>first</h1>');
      expect(result.err).toBe(`${post}: warning: ${themeMessages.contextOfOtherPage('/journal', post, '/journal/first', 50, 'collections/blog.item')}`);
      // the context's own address, written with a trailing slash, is its page: no warning
      expect((await run(['render', dir, '--page', '/journal/first/', '--data', post])).err).toBe('');
    } finally {
      rmSync(post);
      rmSync(join(dir, 'collections/blog.item'));
    }
  });

  it('warns when --data is no page context (template.conf given for context.json), which rendered an empty page without a word', async () => {
    const result = await run(['render', dir, '--page', '/', '--data', join(dir, 'template.conf')]);
    expect(result.code).toBe(0);
    expect(result.err.split('\n')[0]).toBe(
      `${join(dir, 'template.conf')}: warning: none of a page context's fields (pageType, collection, item, items, website, websiteSettings), so the page renders without the store's content: --data takes the page's context, which the running store answers at the page's address with ?format=json (curl 'http://localhost:3000/?format=json' > context.json)`,
    );
    // a context written by hand with a collection, and one the store answers (pageType first), are contexts
    expect((await run(['render', dir, '--page', '/journal', '--data', join(dir, 'context.json'), '--site', join(dir, 'site.json')])).err).toBe('');
    const answered = join(dir, 'answered.json');
    writeFileSync(answered, JSON.stringify({ pageType: 2, website: { siteTitle: 'x' } }));
    try {
      expect((await run(['render', dir, '--page', '/', '--data', answered])).err).not.toContain("page context's fields");
    } finally {
      rmSync(answered);
    }
  });

  it('warns, as the development overlay does, of a stylesheet and a script the page loads that the folder lacks and a mistyped platform value', async () => {
    writeFileSync(join(dir, 'template.conf'), conf({ stylesheets: ['site.less'] }));
    writeFileSync(join(dir, 'collections/blog.list'), '{.repeated section items}{title}{.end}\n<squarespace:script src="blog.js" /><i id="{squarespace.page-idd}"></i>');
    try {
      const result = await run(['render', dir, '--page', '/journal', '--data', join(dir, 'context.json')]);
      expect(result.code).toBe(0);
      expect(result.err.split('\n')).toEqual([
        `${join(dir, 'template.conf')}:1:${conf({ stylesheets: ['site.less'] }).indexOf('"site.less"') + 1} warning: ${themeMessages.stylesheetMissing('site.less')}`,
        `${join(dir, 'collections/blog.list')}:2:1 warning: ${themeMessages.scriptMissing('blog.js')}`,
        `${join(dir, 'collections/blog.list')}:2:44 warning: ${themeMessages.didYouMean(themeMessages.platformValueUnknown('squarespace.page-idd'), '{squarespace.page-id}')}`,
      ]);
      // --quiet: errors only, for render and check alike; check's summary still counts the warnings
      expect(await run(['render', dir, '--page', '/journal', '--data', join(dir, 'context.json'), '--quiet'])).toEqual({ code: 0, out: result.out, err: '' });
      const checked = await run(['check', dir, '--quiet']);
      expect(checked.err).toBe('');
      expect(checked.out).toContain('warning');
    } finally {
      writeFileSync(join(dir, 'template.conf'), conf());
      writeFileSync(join(dir, 'collections/blog.list'), '{.repeated section items}{title}{.end}<squarespace:navigation navigationId="mainNav" template="nav" />');
    }
  });

  it('refuses bad usage and bad data with one line and exit code 2, as the file commands do', async () => {
    const noPage = await run(['render', dir, '--data', join(dir, 'context.json')]);
    expect(noPage).toEqual({ code: 2, out: '', err: cliMessages.badArguments('render', themeMessages.renderNeedsPage) });
    // an address without its slash would render the 404 page, with exit 0
    expect(await run(['render', dir, '--page', 'shop', '--data', join(dir, 'context.json')])).toEqual({
      code: 2, out: '', err: cliMessages.badArguments('render', themeMessages.renderPageNotPath('shop')),
    });
    const noData = await run(['render', dir, '--page', '/']);
    expect(noData.code).toBe(2);
    // where a context comes from, since only the running store can give one
    expect(noData.err).toBe(cliMessages.badArguments('render', themeMessages.renderNeedsData('/')));
    // the command that gets the context of the page asked for
    expect(themeMessages.renderNeedsData('/shop/p/linen-shirt')).toContain("curl 'http://localhost:3000/shop/p/linen-shirt?format=json'");
    expect(themeMessages.renderNeedsData('/shop?category=mugs')).toContain("curl 'http://localhost:3000/shop?category=mugs&format=json'");
    // malformed data is placed by line and column, as for a file
    const bad = await run(['render', dir, '--page', '/', '--data', join(dir, 'bad.json')]);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(new RegExp(`^${join(dir, 'bad.json').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:1:12 Invalid JSON: `));
    expect((await run(['render', dir, '--page', '/', '--data', join(dir, 'none.json')])).err).toBe(`--data ${join(dir, 'none.json')}: no such file; --data takes a JSON file, such as --data context.json`);
    const now = await run(['render', dir, '--page', '/journal', '--data', join(dir, 'context.json'), '--now', 'yesterday']);
    expect(now).toEqual({ code: 2, out: '', err: cliMessages.badArguments('render', cliMessages.notAnInteger('--now', 'yesterday')) });
    // a mistyped option gets the closest one
    const typo = await run(['render', dir, '--pgae', '/']);
    expect(typo.code).toBe(2);
    expect(typo.err).toContain("(did you mean '--page'?)");
    expect((await run(['check', dir, '--partials', 'x'])).err).toMatch(/^tmpl check: Unknown option '--partials'/);
  });

  it('gives each folder command its --help, writes the page to --out, and exits 0 on errors with --allow-errors', async () => {
    const help = await run(['render', dir, '--help']);
    expect(help.code).toBe(0);
    expect(help.out).toContain('usage: tmpl render DIR --page URL --data context.json');
    expect((await run(['check', dir, '--help'])).out).toContain('usage: tmpl check DIR');
    const target = join(dirname(dir), 'journal.html');
    const written = await run(['render', dir, '--page', '/journal', '--data', join(dir, 'context.json'), '--site', join(dir, 'site.json'), '--out', target]);
    expect(written).toEqual({ code: 0, out: '', err: '' });
    expect(readFileSync(target, 'utf8')).toContain('[first<a>Journal</a>]');
    // an item page that applies a block the folder lacks: an error, which --allow-errors lets pass
    writeFileSync(join(dir, 'collections/blog.item'), '{@|apply gone.block}');
    const itemContext = join(dirname(dir), 'item.json');
    writeFileSync(itemContext, JSON.stringify({ collection: { id: 'c', urlId: 'journal', typeName: 'blog' }, item: { title: 'first' } }));
    try {
      const failing = await run(['render', dir, '--page', '/journal/first', '--data', itemContext, '--out', target]);
      expect(failing.code).toBe(1);
      expect(failing.err).toContain('gone.block');
      expect((await run(['render', dir, '--page', '/journal/first', '--data', itemContext, '--out', target, '--allow-errors'])).code).toBe(0);
    } finally {
      rmSync(join(dir, 'collections/blog.item'));
    }
  });

  it('writes no page built from a file with syntax errors, as render FILE, leaving --out as it was; --allow-errors writes it', async () => {
    const list = join(dir, 'collections/blog.list');
    const kept = readFileSync(list, 'utf8');
    const target = join(dirname(dir), 'journal-unclosed.html');
    writeFileSync(target, 'the last good page');
    writeFileSync(list, `{.section collection}${kept}`);
    const args = ['render', dir, '--page', '/journal', '--data', join(dir, 'context.json'), '--site', join(dir, 'site.json')];
    try {
      const refused = await run([...args, '--out', target]);
      expect(refused.code).toBe(1);
      expect(refused.err).toContain(`${list}:1:1 error: `);
      expect(refused.err).toContain(themeMessages.pageNotRendered(['collections/blog.list'], target));
      expect(readFileSync(target, 'utf8')).toBe('the last good page');
      const toStdout = await run(args);
      expect(toStdout.out).toBe('');
      expect(toStdout.err).toContain(themeMessages.pageNotRendered(['collections/blog.list'], undefined));
      const allowed = await run([...args, '--out', target, '--allow-errors']);
      expect(allowed.code).toBe(0);
      expect(readFileSync(target, 'utf8')).toContain('<a>Journal</a>');
    } finally {
      writeFileSync(list, kept);
      rmSync(target, { force: true });
    }
  });

  it('words a missing block as render does, at the same place, with the same suggestion: the one slip reads alike in check, render and the overlay', async () => {
    const list = join(dir, 'collections/blog.list');
    const kept = readFileSync(list, 'utf8');
    writeFileSync(list, '<ul>\n  {@|apply nav}\n</ul>');
    try {
      const said = cliMessages.hint(messages.partialMissing('nav'), "did you mean 'nav.block'?");
      const checked = await run(['check', dir]);
      expect(checked.err.split('\n')[0]).toBe(`${list}:2:3 error: ${said}`);
      const rendered = await run(['render', dir, '--page', '/journal', '--data', join(dir, 'context.json')]);
      expect(rendered.err.split('\n').filter((line) => line.startsWith(`${list}:`))).toEqual([`${list}:2:3 ${said}`]);
    } finally {
      writeFileSync(list, kept);
    }
  });

  it('prints an error the page meets at one place for every item once, with its count', async () => {
    const list = join(dir, 'collections/blog.list');
    const kept = readFileSync(list, 'utf8');
    writeFileSync(list, '{.repeated section items}{@|apply gone.block}{.end}');
    const context = join(dirname(dir), 'three-items.json');
    writeFileSync(context, JSON.stringify({ collection: { id: 'c', urlId: 'journal', typeName: 'blog' }, items: [{ title: 'a' }, { title: 'b' }, { title: 'c' }] }));
    try {
      const result = await run(['render', dir, '--page', '/journal', '--data', context]);
      expect(result.code).toBe(1);
      const said = result.err.split('\n').filter((line) => line.startsWith(`${list}:1:26 `));
      expect(said).toEqual([cliMessages.repeated(`${list}:1:26 ${messages.partialMissing('gone.block')}`, 3)]);
    } finally {
      writeFileSync(list, kept);
    }
  });

  it('reports the malformed tags of every file the page used, still printing the page with them as text, and exits 1', async () => {
    const files = {
      list: join(dir, 'collections/blog.list'),
      nav: join(dir, 'blocks/nav.block'),
      item: join(dir, 'collections/blog.item'),
      region: join(dir, 'site.region'),
    };
    const before = { list: readFileSync(files.list, 'utf8'), nav: readFileSync(files.nav, 'utf8'), region: readFileSync(files.region, 'utf8') };
    // the page's list, its region, and the block its navigation tag names; the item template is not this page's
    writeFileSync(files.list, `${before.list}\n{.sectoin items}`);
    writeFileSync(files.nav, `{.ned}${before.nav}`);
    writeFileSync(files.region, `${before.region}{.iff a}`);
    writeFileSync(files.item, '{.repeted section items}');
    const args = ['render', dir, '--page', '/journal', '--data', join(dir, 'context.json'), '--site', join(dir, 'site.json')];
    try {
      const result = await run(args);
      expect(result.code).toBe(1);
      expect(result.out).toContain('[first{.ned}<a>Journal</a>\n{.sectoin items}]');
      expect(result.out).toContain('{.iff a}');
      const reported = result.err.split('\n').filter((line) => line.startsWith(dir));
      expect(reported.sort()).toEqual([
        `${files.list}:2:1 error: ${cliMessages.hint(messages.tagInvalidInstruction('.sectoin'), "did you mean '.section'?")}`,
        `${files.nav}:1:1 error: ${cliMessages.hint(messages.tagInvalidInstruction('.ned'), "did you mean '.end'?")}`,
        `${files.region}:1:${before.region.length + 1} error: ${cliMessages.hint(messages.tagInvalidInstruction('.iff'), "did you mean '.if'?")}`,
      ].sort());
      // each with its code frame, as elsewhere
      expect(result.err).toContain('> 2 | {.sectoin items}');
      expect((await run([...args, '--allow-errors'])).code).toBe(0);
    } finally {
      writeFileSync(files.list, before.list);
      writeFileSync(files.nav, before.nav);
      writeFileSync(files.region, before.region);
      rmSync(files.item);
    }
  });

  it('is reached through the tmpl command for a folder with template.conf', () => {
    const out = execFileSync(process.execPath, ['--import', 'tsx', join(ROOT, 'engine/cli/run.ts'), 'check', dir], { cwd: ROOT, encoding: 'utf8' });
    expect(out.trim()).toBe(`${dir}: 3 templates and 1 JSON file checked, no errors`);
  });

  // in this process, as the other cases: the case above runs the command's process, whose start through tsx takes seconds
  it('takes a folder whose template is one folder down (a repository with src/template.conf), saying so', async () => {
    const repository = dirname(dir);
    const result = await run(['check', repository]);
    expect(result.code).toBe(0);
    expect(result.err.trim()).toBe(cliMessages.nestedTemplateFolder(repository, dir));
    expect(result.out.trim()).toBe(`${dir}: 3 templates and 1 JSON file checked, no errors`);
  });
});
