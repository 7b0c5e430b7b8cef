/**
 * Stylesheets the platform gives every template to import by name, without a file of the folder's
 * own: `@import 'sqs-grid-breaker';`, which templates put inside their phone media query (doncab's
 * base.less) to put a layout's columns one under another. A folder's own file of that name wins.
 * Our own rules for the markup this server writes for layouts (platform-tag-runner.ts: `.sqs-layout`,
 * `.row.sqs-row`, `.col.sqs-col-N.span-N`).
 */
const PLATFORM_STYLESHEETS: Record<string, string> = {
  'sqs-grid-breaker': [
    '.sqs-layout .sqs-row { margin-left: 0; margin-right: 0; }',
    '.sqs-layout .sqs-row > .sqs-col, .sqs-layout .sqs-row > [class*="sqs-col-"] { float: none; width: 100%; padding-left: 0; padding-right: 0; }',
    '',
  ].join('\n'),
};

const PLATFORM_NAME = /^(?:styles\/)?([\w-]+?)(?:\.less)?$/;

/** The platform's stylesheet an import's candidates name, when the folder has none of them. */
export function platformStylesheet(candidates: readonly string[]): { contents: string; filename: string } | null {
  for (const candidate of candidates) {
    const name = PLATFORM_NAME.exec(candidate)?.[1];
    const contents = name === undefined ? undefined : PLATFORM_STYLESHEETS[name];
    if (contents !== undefined) return { contents, filename: `${name}.less` };
  }
  return null;
}
