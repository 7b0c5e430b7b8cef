import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { serverMessages } from '../messages.ts';

/** The names this machine always answers to on its loopback interface. */
const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/**
 * A Host header read whole: a bracketed IPv6 address, or a name or IPv4 address, each with an
 * optional port of digits. Anything else has no name (`[::1]evil.example` must not pass as `[::1]`).
 */
const HOST_HEADER = /^(\[[^\]]+\]|[^[\]:]+)(?::\d+)?$/;

/** The name of a Host header without its port, lowercased ('[::1]:3000' → '[::1]'); null when it is not of that shape. */
function hostName(header: string): string | null {
  const name = HOST_HEADER.exec(header)?.[1];
  return name === undefined ? null : name.toLowerCase();
}

/**
 * Development: refuses (403) a request whose Host is not this machine by a name the author gave.
 * Why: a page of another site can make its own name lead to 127.0.0.1 (DNS rebinding) and then
 * read the author's pages, `?format=json` and stylesheet as if they were its own.
 */
export function devHostCheck(allowed: readonly string[], log: Logger): RequestHandler {
  const names = new Set([...LOOPBACK_NAMES, ...allowed.map((name) => name.toLowerCase())]);
  return (req, res, next) => {
    const host = req.headers.host ?? '';
    const name = hostName(host);
    if (name !== null && names.has(name)) {
      next();
      return;
    }
    log.warn({ host, path: req.path }, serverMessages.devHostRefusedLog);
    res.status(403).type('text/plain').send(serverMessages.devHostRefused);
  };
}
