import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { serverMessages } from '../messages.ts';

/** The names this machine always answers to on its loopback interface. */
const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/** The name of a Host header without its port, lowercased ('[::1]:3000' → '[::1]'). */
function hostName(header: string): string {
  const name = header.startsWith('[') ? header.slice(0, header.indexOf(']') + 1) : header.split(':')[0]!;
  return name.toLowerCase();
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
    if (names.has(hostName(host))) {
      next();
      return;
    }
    log.warn({ host, path: req.path }, serverMessages.devHostRefusedLog);
    res.status(403).type('text/plain').send(serverMessages.devHostRefused);
  };
}
