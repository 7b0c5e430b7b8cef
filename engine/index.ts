/**
 * The engine's public API.
 *
 *   const t = compile(source, { name: 'page.tmpl' });
 *   t.errors                    // syntax errors with line and column
 *   t.render(data, { partials, injects, locale, now })  // { html, errors }
 *   t.renderToStream(data, (chunk) => out.write(chunk), options)  // { errors }, the html in chunks
 */
export { compile, compileTree, preprocess, Template } from './template.ts';
export type { TemplateAnalysis, PartialUse, MacroDefinition, EvalUse } from './analyze.ts';
export type { CompileOptions, RenderOptions, RenderResult, StreamedRenderResult, TemplateError } from './template.ts';
export type { OutputSink } from './runtime/render-state.ts';
export type { Limits } from './runtime/limits.ts';
export { DEFAULT_LIMITS } from './runtime/limits.ts';
export type { TreeJson } from './syntax/tree-json.ts';
export { LineIndex } from './syntax/positions.ts';
export type { SourcePositions } from './syntax/positions.ts';
export { parseJson, JsonSyntaxError } from './runtime/json-reader.ts';
export { JsonBigInteger, JsonDouble, isJsonDouble } from './runtime/json-double.ts';
export { defaultRegistry, createDefaultRegistry } from './plugins/index.ts';
export { PluginRegistry } from './plugins/registry.ts';
export type { BoundTest, Formatter, Predicate, RenderContext, FormatterTable, PredicateTable } from './plugins/types.ts';
export { codeFrame } from './diagnostics/code-frame.ts';
export type { CodeFrameOptions } from './diagnostics/code-frame.ts';
export { hintFor, closestName } from './diagnostics/suggest.ts';
export type { HintContext } from './diagnostics/suggest.ts';
export { tagAt } from './diagnostics/tag-at.ts';
