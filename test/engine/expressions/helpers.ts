import { compileExpression, type ExpressionOptions } from '../../../engine/runtime/expressions/index.ts';
import { makeScope, type TestScope } from './scope.ts';

export interface Run {
  value: unknown;
  parseErrors: readonly string[];
  errors: string[];
  scope: TestScope;
}

/** Compiles and evaluates an expression against `data` and @variables. */
export function run(source: string, data: unknown = {}, vars: Record<string, unknown> = {}, options?: ExpressionOptions): Run {
  const compiled = compileExpression(source, options);
  const scope = makeScope(data, vars);
  const { value, errors } = compiled.evaluate(scope);
  return { value, parseErrors: compiled.errors, errors, scope };
}

/** The value of an expression that must evaluate without any error. */
export function value(source: string, data: unknown = {}, vars: Record<string, unknown> = {}): unknown {
  const result = run(source, data, vars);
  if (result.parseErrors.length > 0 || result.errors.length > 0) {
    throw new Error(`${source}: ${[...result.parseErrors, ...result.errors].join('; ')}`);
  }
  return result.value;
}

/** How the template prints an expression's value (numbers as JavaScript prints them). */
export function printed(source: string, data: unknown = {}): string {
  const v = value(source, data);
  return v === undefined || v === null ? '' : String(v);
}
