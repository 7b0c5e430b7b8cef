/** Variable lookup from plugin arguments. */
import type { RenderContext } from '../types.ts';

/** Looks a variable up like the template would; the bare `@` is the current node. */
export function resolveVariable(name: string, ctx: RenderContext): unknown {
  return ctx.resolveName(name);
}
