/**
 * `{squarespace-headers}` of a template folder's page: the template's stylesheet (its compiled LESS at
 * /site.css) comes after the host's stylesheet of the islands, as the platform puts a template's
 * site.css after its own CSS, so the author's rules win at equal specificity.
 */
import { describe, expect, it } from 'vitest';
import { clientAssetTags, LOADER_KEY, STYLES_KEY } from '../../../client/manifest.ts';
import { pageHeaders } from '../../../server/theme/page-headers.ts';

const manifest = { [STYLES_KEY]: '/assets/styles-ABC123.css', [LOADER_KEY]: '/assets/entry-DEF456.js', CartPill: '/assets/islands/CartPill-1.js' };

const headersOf = (stylesheetUrl: string | null): string =>
  pageHeaders(
    { website: { siteTitle: 'Shop', baseUrl: 'https://shop.example' }, assetTags: clientAssetTags(['CartPill'], manifest) },
    { path: '/shop/p/stoneware-mug', typeName: 'products', crumb: 'c1', stylesheetUrl },
  );

const stylesheets = (html: string): string[] => Array.from(html.matchAll(/<link rel="stylesheet" href="([^"]+)">/g), (match) => match[1]!);

describe('the stylesheets {squarespace-headers} links', () => {
  it("links the host's stylesheet of the islands first and the template's own last", () => {
    const html = headersOf('/site.css?v=0123456789ab');
    expect(stylesheets(html)).toEqual(['/assets/styles-ABC123.css', '/site.css?v=0123456789ab']);
    // nothing the headers write comes after the template's stylesheet
    expect(html.trimEnd().endsWith('<link rel="stylesheet" href="/site.css?v=0123456789ab">')).toBe(true);
  });

  it("links the host's alone for a folder that names no stylesheet", () => {
    expect(stylesheets(headersOf(null))).toEqual(['/assets/styles-ABC123.css']);
  });
});
