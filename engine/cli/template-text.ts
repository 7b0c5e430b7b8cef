/**
 * Whether a file's text can be a template: one holding NUL bytes is an image, a program or text
 * saved as UTF-16, which compiled would render as itself, garbled. The one test every reader of
 * templates asks (tmpl's file commands, and the template-folder loader behind `tmpl check DIR`,
 * `tmpl render DIR` and the storefront).
 */
export function isTemplateText(text: string): boolean {
  return !text.includes('\0');
}
