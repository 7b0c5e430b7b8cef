/** Renders a template for the plugin tests: the output and the render errors' messages. */
import { compile } from '../../../../engine/index.ts';
import type { RenderOptions } from '../../../../engine/index.ts';

export function render(source: string, data: unknown, options: RenderOptions = {}): { html: string; errors: string[] } {
  const template = compile(source);
  if (template.errors.length > 0) throw new Error(template.errors.map((e) => e.message).join('; '));
  const result = template.render(data, options);
  return { html: result.html, errors: result.errors.map((e) => e.message) };
}

/** Messages of the compile errors of a template. */
export function compileErrors(source: string): string[] {
  return compile(source).errors.map((e) => e.message);
}
