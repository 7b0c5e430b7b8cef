/** Shortcuts to run a core formatter or predicate by name, as the engine would. */
import { coreFormatters, corePredicates } from '../../../../engine/plugins/core/index.ts';
import type { RenderContext } from '../../../../engine/plugins/types.ts';
import { stubContext } from './render-context-stub.ts';

export function runFormatter(name: string, value: unknown, args: readonly string[] = [], ctx?: RenderContext): unknown {
  const formatter = coreFormatters[name];
  if (formatter === undefined) throw new Error(`no core formatter ${name}`);
  return formatter.apply(value, args, ctx ?? stubContext([value]), [value]);
}

export function validateFormatter(name: string, args: readonly string[]): string | undefined {
  return coreFormatters[name]?.validate?.(args);
}

export function runPredicate(name: string, current: unknown, args: readonly string[] = [], ctx?: RenderContext): boolean {
  const predicate = corePredicates[name];
  if (predicate === undefined) throw new Error(`no core predicate ${name}`);
  const context = ctx ?? stubContext([current]);
  const result = predicate.test(current, args, context);
  // The engine runs a predicate's bound test when it has one: it must agree with `test`.
  const bound = predicate.bind?.(args);
  if (bound !== undefined && bound(current, context) !== result) throw new Error(`${name} bound disagrees with test`);
  return result;
}

export function validatePredicate(name: string, args: readonly string[]): string | undefined {
  return corePredicates[name]?.validate?.(args);
}
