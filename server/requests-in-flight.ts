/**
 * The requests a server process is answering, so a shutdown whose drain runs out of time can say
 * what it cut off (main.ts): how many, and of which kinds (the method and the path, its ids and
 * tokens left out, so the line carries no secret and repeats of one call count together).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { DOWNLOAD_PATH } from './commerce/download-grants.ts';

/** How long a shutdown waits for the requests in flight and the work they started before it exits anyway. */
export const DRAIN_DEADLINE_MS = 10_000;
/**
 * The exit code of a shutdown cut off at DRAIN_DEADLINE_MS: not 0, since requests or work were
 * lost, so a supervisor or script can tell it from a clean stop (0).
 */
export const CUT_OFF_EXIT_CODE = 1;

/** A path segment that names a record or carries a token: ids (hex, digits, long mixed strings). */
const ID_SEGMENT = /^(?:[0-9a-f]{8,}|\d+|[A-Za-z0-9_-]{20,})$/;

/** `POST /api/admin/products/:id/file`: the method and the path without its query, ids or download token. */
export function requestKind(req: IncomingMessage): string {
  const url = (req as { originalUrl?: string }).originalUrl ?? req.url ?? '';
  const path = url.split('?')[0]!;
  const shown = path.toLowerCase().startsWith(DOWNLOAD_PATH)
    ? `${DOWNLOAD_PATH}:token`
    : path.split('/').map((segment) => (ID_SEGMENT.test(segment) ? ':id' : segment)).join('/');
  return `${req.method ?? 'GET'} ${shown.length > 120 ? `${shown.slice(0, 120)}…` : shown}`;
}

export class RequestsInFlight {
  readonly #kinds = new Map<ServerResponse, string>();

  /** Counts the request until its response closes (answered, or its connection gone). */
  track(req: IncomingMessage, res: ServerResponse): void {
    this.#kinds.set(res, requestKind(req));
    res.once('close', () => this.#kinds.delete(res));
  }

  get count(): number {
    return this.#kinds.size;
  }

  /** `POST /api/admin/products/:id/file ×2, GET /shop`, the most frequent first; `none` for none. */
  kinds(): string {
    const counted = new Map<string, number>();
    for (const kind of this.#kinds.values()) counted.set(kind, (counted.get(kind) ?? 0) + 1);
    if (counted.size === 0) return 'none';
    return [...counted].sort((a, b) => b[1] - a[1]).map(([kind, n]) => (n > 1 ? `${kind} ×${n}` : kind)).join(', ');
  }
}
