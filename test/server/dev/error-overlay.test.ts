import { describe, expect, it } from 'vitest';
import { overlayMarkup } from '../../../server/dev/error-overlay.ts';

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
});
