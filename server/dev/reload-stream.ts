import { basename } from 'node:path';
import type { RequestHandler, Response } from 'express';
import { serverMessages } from '../messages.ts';

/** Where the development tools answer (only in development). */
export const DEV_PATH_BASE = '/__dev/';
/** Path of the event stream development pages listen on. */
export const RELOAD_EVENTS_PATH = `${DEV_PATH_BASE}events`;
/** A comment line this often keeps idle connections (and proxies) from timing out. */
const HEARTBEAT_MS = 25_000;
/** How soon a browser reconnects after the server went away (a restart). */
const RETRY_MS = 500;
/**
 * Open streams at most: each holds a socket and a response, and an author has a few tabs open;
 * a page (or a script) opening thousands must not exhaust the server.
 */
export const MAX_RELOAD_STREAMS = 50;

/**
 * The server-sent event stream behind live reload: every open development page holds one
 * connection and reloads when it receives a `reload` event.
 */
export class ReloadStream {
  private readonly clients = new Set<Response>();
  /**
   * Reloads sent so far. A page is rendered with the count of its moment and opens its stream with
   * it (`?since=`): a save between the render and the stream's opening (a page just loaded, a busy
   * machine) reloads it as soon as the stream opens, instead of being missed.
   */
  private reloads = 0;
  private readonly heartbeat: NodeJS.Timeout;

  /** `ready` resolves when changes can be seen (the file watcher's first scan is done). */
  constructor(private readonly ready: () => Promise<void>) {
    this.heartbeat = setInterval(() => this.write(': heartbeat\n\n'), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /** GET /__dev/events: answers once changes are watched, then stays open. */
  readonly handler: RequestHandler = (req, res) => {
    if (this.clients.size >= MAX_RELOAD_STREAMS) {
      res.status(503).type('text/plain').send(serverMessages.devStreamsFull);
      return;
    }
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
    });
    this.clients.add(res);
    req.on('close', () => this.clients.delete(res));
    const since = Number(req.query.since);
    void this.ready().then(() => {
      if (res.writableEnded) return;
      res.write(`retry: ${RETRY_MS}\n: watching\n\n`);
      if (Number.isInteger(since) && since >= 0 && since < this.reloads) res.write('event: reload\ndata: []\n\n');
    });
  };

  /** The count a page rendered now opens its stream with (`?since=`). */
  get reloadCount(): number {
    return this.reloads;
  }

  /** Tells every open page to reload, naming the changed files. */
  reload(files: string[]): void {
    this.reloads += 1;
    this.write(`event: reload\ndata: ${JSON.stringify(files.map((file) => basename(file)))}\n\n`);
  }

  /** Ends every stream (the server is stopping). */
  close(): void {
    clearInterval(this.heartbeat);
    for (const res of this.clients) res.end();
    this.clients.clear();
  }

  private write(text: string): void {
    for (const res of this.clients) res.write(text);
  }
}
