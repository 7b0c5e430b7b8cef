import type { Express } from 'express';
import { ownerGuardPermission, type OwnerPermission } from '../../../server/security/owner-auth.ts';
import { rateLimitedCallOf } from '../../../server/security/rate-limit.ts';

export interface RouteEntry {
  method: string;
  path: string;
  /** The right the route's requireOwner guard checks; null when the route has no such guard. */
  ownerPermission: OwnerPermission | null;
  /** The call whose budget a throttle step of the route counts; null when the route has none. */
  rateLimitedCall: string | null;
}

interface Layer {
  route?: { path: string; methods: Record<string, boolean>; stack: Layer[] };
  handle: { stack?: Layer[] };
}

/** Every route registered on the app, nested routers included (all are mounted at the root). */
export function routeTable(app: Express): RouteEntry[] {
  const entries: RouteEntry[] = [];
  const walk = (stack: Layer[]): void => {
    for (const layer of stack) {
      if (layer.route) {
        const guards = layer.route.stack.map((step) => ownerGuardPermission(step.handle)).filter((permission) => permission !== null);
        const throttles = layer.route.stack.map((step) => rateLimitedCallOf(step.handle)).filter((call) => call !== null);
        for (const method of Object.keys(layer.route.methods)) {
          entries.push({ method: method.toUpperCase(), path: layer.route.path, ownerPermission: guards[0] ?? null, rateLimitedCall: throttles[0] ?? null });
        }
      } else if (layer.handle.stack) walk(layer.handle.stack);
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack);
  return entries;
}

/** A concrete URL for a route pattern: every parameter gets a plausible value. */
export function concretePath(pattern: string): string {
  return pattern.replace(/:(\w+)/g, 'probe-$1');
}
