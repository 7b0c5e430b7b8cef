/** Renders a template source against JSON data and returns its output and errors. */
import { compile } from '../../../../engine/index.ts';

export interface Rendered {
  readonly html: string;
  readonly errors: readonly string[];
}

export function render(source: string, data: unknown, now?: number): Rendered {
  const template = compile(source);
  const result = template.render(data, now === undefined ? {} : { now });
  return {
    html: result.html,
    errors: [...template.errors, ...result.errors].map((e) => e.message),
  };
}

/** Renders and expects no errors. */
export function renderOk(source: string, data: unknown): string {
  const { html, errors } = render(source, data);
  if (errors.length > 0) throw new Error(`unexpected errors: ${errors.join('; ')}`);
  return html;
}
