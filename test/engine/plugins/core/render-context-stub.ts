/**
 * A RenderContext for exercising plugins without the engine: a stack of
 * scopes (outermost first), lookups that walk outward for the first name,
 * recorded errors and recorded partial applications.
 */
import type { Path, RenderContext } from '../../../../engine/plugins/types.ts';
import type { PreparedReference } from '../../../../engine/runtime/prepared-reference.ts';

export interface PartialCall {
  readonly name: string;
  readonly value: unknown;
  readonly isolated: boolean;
  readonly args: unknown;
}

export interface RenderContextStub extends RenderContext {
  readonly errors: string[];
  readonly partialCalls: PartialCall[];
}

function child(node: unknown, key: string | number): unknown {
  if (typeof node !== 'object' || node === null) return undefined;
  if (Array.isArray(node)) return typeof key === 'number' ? node[key] : undefined;
  return Object.prototype.hasOwnProperty.call(node, key) ? (node as Record<string, unknown>)[String(key)] : undefined;
}

export function stubContext(scopes: readonly unknown[], partialOutput = (name: string) => `[${name}]`): RenderContextStub {
  const errors: string[] = [];
  const partialCalls: PartialCall[] = [];
  return {
    locale: 'en-US',
    now: 0,
    errors,
    partialCalls,
    current: () => scopes[scopes.length - 1],
    splitPath(name: string): Path {
      if (name === '@') return [];
      return name.split('.').map((part) => (/^[0-9]+$/.test(part) ? Number(part) : part));
    },
    lookup(reference: PreparedReference): unknown {
      return this.resolveName(reference.text);
    },
    resolveName(name: string): unknown {
      return name === '@' ? this.current() : this.resolve(this.splitPath(name));
    },
    resolveOuter(path: Path): unknown {
      return stubContext(scopes.slice(0, -1), partialOutput).resolve(path);
    },
    resolve(path: Path): unknown {
      if (path.length === 0) return scopes[scopes.length - 1];
      let found: unknown;
      for (let i = scopes.length - 1; i >= 0; i--) {
        found = child(scopes[i], path[0]!);
        if (found !== undefined) break;
      }
      for (const key of path.slice(1)) {
        found = child(found, key);
        if (found === undefined) return undefined;
      }
      return found;
    },
    error(message: string): void {
      errors.push(message);
    },
    renderTemplate(): string {
      throw new Error('renderTemplate is not used by the core plugins');
    },
    applyPartial(name: string, value: unknown, isolated: boolean, args?: unknown): string {
      partialCalls.push({ name, value, isolated, args });
      return partialOutput(name);
    },
  };
}
