import type { Express } from 'express';
import { ownerGuardPermission, type OwnerPermission } from '../../../server/security/owner-auth.ts';

export interface RouteEntry {
  method: string;
  path: string;
  /** The right the route's requireOwner guard checks; null when the route has no such guard. */
  ownerPermission: OwnerPermission | null;
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
        for (const method of Object.keys(layer.route.methods)) {
          entries.push({ method: method.toUpperCase(), path: layer.route.path, ownerPermission: guards[0] ?? null });
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
