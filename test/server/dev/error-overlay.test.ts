import { describe, expect, it } from 'vitest';
import { compile } from '../../../engine/index.ts';
import { messages } from '../../../engine/messages.ts';
import { createDevTools } from '../../../server/dev/dev-tools.ts';
import { errorsSignature, NARROW_FRAME_WIDTH, OVERLAY_ID, overlayEntries, overlayMarkup, overlayPage, overlayText } from '../../../server/dev/error-overlay.ts';

/** The development overlay's list: each error by file, line and column, and a file alone when the problem has no place in it. */
describe('overlayMarkup', () => {
  it('names a placed error by file, line and column, and a .conf field problem by its file alone', () => {
    const html = overlayMarkup([
      { template: 'site.region', line: 3, column: 7, message: 'unknown formatter', frame: '', count: 1 },
      { template: 'template.conf', line: 0, column: 0, message: "region 'header' of layout 'default' has no file header.region", frame: '', count: 1 },
    ]);
    expect(html).toContain('<span class="where">site.region:3:7</span>');
    expect(html).toContain('<span class="where">template.conf</span>');
    expect(html).not.toContain(':0:0');
  });

  it("marks each frame's caret, so the page's script can scroll a long line's frame to it", () => {
    const frame = '  1 | <p>\n> 2 | {a|b}\n    |    ^\n  3 | </p>';
    const html = overlayMarkup([{ template: 'p.tmpl', line: 2, column: 4, message: 'unknown formatter', frame, count: 1 }]);
    expect(html).toContain('<pre class="frame">  1 | &lt;p&gt;\n&gt; 2 | {a|b}\n    |    <span class="caret">^</span>\n  3 | &lt;/p&gt;</pre>');
  });

  it('gives a page that does not compile a line behind its overlay, with a link back to the errors', () => {
    const html = overlayPage([{ template: 'p.tmpl', line: 1, column: 1, message: 'unknown formatter', frame: '', count: 1 }], '');
    expect(html).toContain(`</dialog><p class="behind">${overlayText.noPage} <a href="">${overlayText.showAgain}</a></p></body>`);
    expect(html).toContain(`#${OVERLAY_ID}[open]~.behind{visibility:hidden}`);
    // a phone lays it out at its own width, where the narrow frames show, not at a desktop's 980 px
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
  });

  it('names a LESS error a stylesheet error, and the two kinds apart when both fail', () => {
    const less = { template: 'styles/base.less', line: 3, column: 6, message: 'Unrecognised input', frame: '', count: 1 };
    const region = { template: 'site.region', line: 1, column: 1, message: 'unknown formatter', frame: '', count: 1 };
    expect(overlayMarkup([less])).toContain('>1 stylesheet error</h1>');
    expect(overlayMarkup([region, less])).toContain('>1 template error and 1 stylesheet error</h1>');
    expect(overlayMarkup([region])).toContain('>1 template error</h1>');
  });

  it('names a template.conf that does not parse a template.conf error, and a collection\'s .conf error as one', () => {
    const conf = { template: 'template.conf', line: 2, column: 10, message: "not valid JSON: Expected ':' after property name", frame: '', count: 1 };
    const blog = { template: 'collections/blog.conf', line: 1, column: 3, message: 'not valid JSON', frame: '', count: 1 };
    const region = { template: 'site.region', line: 1, column: 1, message: 'unknown formatter', frame: '', count: 1 };
    const less = { template: 'styles/base.less', line: 3, column: 6, message: 'Unrecognised input', frame: '', count: 1 };
    expect(overlayMarkup([conf])).toContain('>1 template.conf error</h1>');
    expect(overlayMarkup([blog])).toContain('>1 .conf error</h1>');
    expect(overlayMarkup([region, region, conf, less])).toContain('>2 template errors, 1 template.conf error and 1 stylesheet error</h1>');
  });

  it('gives the page of errors with nothing rendered behind them its title, as every page of errors has', () => {
    const tools = createDevTools({ sources: [], sourceOf: () => undefined });
    try {
      const error = { message: "region 'sites' of layout 'default' has no file sites.region", line: 8, column: 19, name: 'template.conf' };
      expect(tools.renderedPage('', [error])).toContain(`<title>${overlayText.pageTitle}</title>`);
      expect(overlayPage([], '')).toContain(`<title>${overlayText.pageTitle}</title>`);
    } finally {
      void tools.close();
    }
  });

  it('gives its Close button a touch target of at least 44 px each way', () => {
    const rule = /#dev-error-overlay button\{([^}]*)\}/.exec(overlayMarkup([]))?.[1] ?? '';
    expect(rule).toContain('min-width:44px');
    expect(rule).toContain('min-height:44px');
  });
});

describe('overlayMarkup with warnings', () => {
  const warning = { template: 'pages/foo.page', line: 0, column: 0, message: 'is never served', frame: '', count: 1 };

  it('lists warnings after the errors, under a heading that says the site still works', () => {
    const errors = [{ template: 'site.region', line: 1, column: 1, message: 'unknown formatter', frame: '', count: 1 }];
    const html = overlayMarkup(errors, [warning]);
    expect(html).toContain(`<dialog id="${OVERLAY_ID}" data-errors="${errorsSignature(errors)}" aria-labelledby="${OVERLAY_ID}-title" tabindex="-1" open>`);
    expect(html).toMatch(new RegExp(`<h1 id="${OVERLAY_ID}-title">${overlayText.errors(1)}</h1>.*<h2 class="warnings">${escapeRegExp(overlayText.warnings(1))}</h2>`));
    expect(overlayText.warnings(1)).toBe('1 warning (the site still works)');
  });

  it('shows warnings alone as a panel along the page, without an errors heading', () => {
    const html = overlayMarkup([], [warning, { ...warning, template: 'pages/bar.page' }]);
    // named by the warnings' heading, and with no errors to take the focus for
    expect(html).toContain(`<dialog id="${OVERLAY_ID}" class="warnings-only" data-warnings=`);
    expect(html).toContain(`<h2 class="warnings" id="${OVERLAY_ID}-title">${overlayText.warnings(2)}</h2>`);
    expect(html).not.toContain('<h1>');
    expect(html).toContain('<span class="where">pages/bar.page</span>');
  });

  it('folds warnings alone into a bar with their count, which opens into the list, so a phone\'s page stays usable', () => {
    const html = overlayMarkup([], [warning]);
    expect(html).toContain(`<details><summary><h2 class="warnings" id="${OVERLAY_ID}-title">${overlayText.warnings(1)}</h2></summary><ol class="warnings">`);
    expect(html).not.toContain('<details open');
    // under errors they are listed as they are, unfolded
    expect(overlayMarkup([{ ...warning, message: 'unknown formatter' }], [warning])).not.toContain('<details>');
  });
});

describe('errorsSignature', () => {
  const error = { template: 'site.region', line: 3, column: 7, message: 'unknown formatter', frame: '', count: 1 };

  it('is the same for the same errors however often they were met, and changes with any of them', () => {
    expect(errorsSignature([{ ...error, count: 4 }])).toBe(errorsSignature([error]));
    expect(errorsSignature([{ ...error, line: 4 }])).not.toBe(errorsSignature([error]));
    expect(errorsSignature([error, { ...error, message: 'another' }])).not.toBe(errorsSignature([error]));
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

describe('overlayEntries', () => {
  it('gives an instruction written without its name the hint with its correct form, read from the source', () => {
    const source = '<h1>{title}</h1>\n{.section}<p>{body}</p>';
    const [entry] = overlayEntries(compile(source, { name: 'page.tmpl' }).errors, () => source);
    expect(entry).toMatchObject({
      template: 'page.tmpl',
      line: 2,
      column: 1,
      message: messages.tagWhitespaceExpected(''),
      hint: '{.section} needs the name of a value: {.section name}…{.end}',
    });
  });

  it('names where an {.end} left out inside a block most likely is, read from the source', () => {
    const source = '<ul>\n  {.repeated section items}\n    {.if title}\n      {.section body}{@}\n    {.end}\n  {.end}\n</ul>';
    const [entry] = overlayEntries(compile(source, { name: 'blog.list' }).errors, () => source);
    expect(entry).toMatchObject({ line: 2, column: 3, message: messages.unclosed('REPEATED') });
    expect(entry!.hint).toBe(
      "this {.repeated section} has no {.end} left: the {.section body} at line 4 takes the {.end} at line 5, indented as an outer block's, so an {.end} is most likely missing between lines 4 and 5",
    );
  });

  it('gives a missing partial the closest name the render could apply, asking for the names only then', () => {
    const source = '<div>\n  {@|apply product-crad.block}\n</div>';
    const errors = compile(source, { name: 'shop.list' }).render({}, { partials: { 'product-card.block': 'card' } }).errors;
    let asked = 0;
    const partialNames = (): string[] => { asked += 1; return ['product-card.block', 'navigation.block']; };
    const [entry] = overlayEntries(errors, () => source, partialNames);
    expect(entry).toMatchObject({ template: 'shop.list', line: 2, column: 3, hint: "did you mean 'product-card.block'?" });
    expect(asked).toBe(1);
    overlayEntries(compile('{.section}', { name: 'page.tmpl' }).errors, () => '{.section}', partialNames);
    expect(asked).toBe(1);
  });

  it('gives a long error line a second frame cut around the column, which a phone shows instead, the caret in view', () => {
    const source = `<div class="loading-spinner"></div><p id="e">{title|slguify}</p>`;
    const [entry] = overlayEntries(compile(source, { name: 'blog.list' }).errors, () => source);
    const narrow = entry!.narrowFrame!.split('\n');
    const start = source.indexOf('{') - NARROW_FRAME_WIDTH / 2;
    expect(narrow[0]).toBe(`> 1 | …${source.slice(start, start + NARROW_FRAME_WIDTH)}…`);
    expect(narrow[0]!.charAt(narrow[1]!.indexOf('^'))).toBe('{');
    const html = overlayMarkup([entry!]);
    expect(html).toContain(`<pre class="frame wide">`);
    expect(html).toContain(`<pre class="frame narrow">`);
    expect(html).toContain(`@media (max-width:600px){#${OVERLAY_ID} pre.wide{display:none}#${OVERLAY_ID} pre.narrow{display:block}}`);
    // a short line has one frame, the same on every screen
    const short = '{a|slguify}';
    expect(overlayMarkup(overlayEntries(compile(short, { name: 'a.block' }).errors, () => short))).not.toContain('narrow">');
  });
});
