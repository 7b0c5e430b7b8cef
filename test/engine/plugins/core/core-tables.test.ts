import { describe, expect, it } from 'vitest';
import { coreFormatters, corePredicates } from '../../../../engine/plugins/core/index.ts';
import { PluginRegistry } from '../../../../engine/plugins/registry.ts';

describe('the core plugin tables', () => {
  it('register the reference core formatters', () => {
    const registry = new PluginRegistry().addFormatters(coreFormatters);
    expect(registry.formatterNames()).toEqual(
      [
        'apply', 'count', 'cycle', 'encode-space', 'encode-uri', 'encode-uri-component', 'find-first', 'find-last',
        'format', 'get', 'html', 'htmlattr', 'htmltag', 'iter', 'json', 'json-pretty', 'key-by', 'line-breaks',
        'lookup', 'mod', 'output', 'pluralize', 'prop', 'raw', 'round', 'safe', 'slugify', 'smartypants', 'str',
        'truncate', 'url-encode',
      ].sort(),
    );
  });

  it('register the reference core predicates', () => {
    const registry = new PluginRegistry().addPredicates(corePredicates);
    expect(registry.predicateNames()).toEqual(
      [
        'debug?', 'equal?', 'even?', 'greaterThan?', 'greaterThanOrEqual?', 'lessThan?', 'lessThanOrEqual?',
        'notEqual?', 'nth?', 'odd?', 'plural?', 'singular?',
      ].sort(),
    );
  });
});
