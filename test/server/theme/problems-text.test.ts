import { describe, expect, it } from 'vitest';
import { messages } from '../../../engine/messages.ts';
import { problemsText } from '../../../server/theme/problems-text.ts';

/** The text the development log gives a folder's or a render's errors. */
describe('problemsText', () => {
  const files: Record<string, string> = { 'collections/blog.item': '<h1>\n  {title|htmll}\n</h1>' };
  const read = (name: string) => files[name];

  it('places each error as the overlay does, with the hint the overlay and tmpl give it', () => {
    const text = problemsText(
      [
        { name: 'collections/blog.item', line: 2, column: 3, message: messages.formatterUnknown('htmll') },
        { name: 'blocks/meta.block', line: 4, column: 1, message: messages.partialMissing('autor.block') },
        { name: 'template.conf', line: 0, column: 0, message: 'no layouts' },
      ],
      read,
      () => ['author.block', 'footer.block'],
    );
    expect(text).toBe(
      `collections/blog.item:2:3 ${messages.formatterUnknown('htmll')} — did you mean 'html'?; ` +
        `blocks/meta.block:4:1 ${messages.partialMissing('autor.block')} — did you mean 'author.block'?; ` +
        'template.conf no layouts',
    );
  });

  it('lists five and counts the rest, which the log line keeps in its fields', () => {
    const error = { name: 'x.block', line: 1, column: 1, message: 'boom' };
    expect(problemsText(Array.from({ length: 7 }, () => error), read)).toBe(`${Array(5).fill('x.block:1:1 boom').join('; ')}; and 2 more`);
  });
});
