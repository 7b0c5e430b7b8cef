/** A tiny template scope for expression tests: one data object plus @variables. */
import type { ExpressionScope } from '../../../engine/runtime/expressions/index.ts';

export interface TestScope extends ExpressionScope {
  readonly vars: Map<string, unknown>;
}

export function makeScope(data: unknown = {}, vars: Record<string, unknown> = {}): TestScope {
  const variables = new Map<string, unknown>(Object.entries(vars));
  return {
    vars: variables,
    resolve(path) {
      const [head, ...rest] = path;
      let current: unknown;
      if (head === '@') current = data;
      else if (typeof head === 'string' && head.startsWith('@')) current = variables.get(head);
      else current = step(data, head!);
      for (const key of rest) current = step(current, key);
      return current;
    },
    setVar(name, value) {
      variables.set(name, value);
    },
  };
}

function step(value: unknown, key: string | number): unknown {
  if (typeof value !== 'object' || value === null) return undefined;
  return Object.prototype.hasOwnProperty.call(value, key) ? (value as Record<string, unknown>)[key] : undefined;
}
