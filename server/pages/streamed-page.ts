/**
 * A page rendered straight into the response. The engine hands the page
 * over in chunks; a page that fits in its first chunk is sent whole with
 * its length (as pages from the cache are), a larger one goes out chunked
 * from its second chunk on, the head first, so a large page is never one
 * string. The response's CSP nonce replaces every stand-in, also one cut in
 * two by a chunk boundary.
 */
import type { Response } from 'express';
import { NONCE_PLACEHOLDER } from '../security/content-security-policy.ts';

const STAND_IN_LENGTH = NONCE_PLACEHOLDER.length;

export class StreamedPage {
  /** The first chunk, held until a second one shows the page is large. */
  private first: string | null = null;
  private started = false;
  /** The end of the text so far, kept back because a stand-in may start in it. */
  private tail = '';

  constructor(
    private readonly res: Response,
    private readonly status: number,
    private readonly nonce: string,
  ) {}

  write(chunk: string): void {
    if (!this.started) {
      if (this.first === null) {
        this.first = chunk;
        return;
      }
      this.start();
      this.send(this.first);
      this.first = null;
    }
    this.send(chunk);
  }

  /** Ends the response; `whole` sends a page that never outgrew one chunk, with its length. */
  end(whole: (html: string) => void): void {
    if (!this.started) {
      whole(this.first ?? '');
      return;
    }
    this.res.end(this.tail);
  }

  private start(): void {
    this.started = true;
    this.res.statusCode = this.status;
    this.res.setHeader('Content-Type', 'text/html; charset=utf-8');
  }

  private send(chunk: string): void {
    const text = this.tail + chunk;
    let out = '';
    let from = 0;
    for (let at = text.indexOf(NONCE_PLACEHOLDER); at !== -1; at = text.indexOf(NONCE_PLACEHOLDER, from)) {
      out += text.slice(from, at) + this.nonce;
      from = at + STAND_IN_LENGTH;
    }
    const keepFrom = Math.max(from, text.length - (STAND_IN_LENGTH - 1));
    out += text.slice(from, keepFrom);
    this.tail = text.slice(keepFrom);
    if (out !== '') this.res.write(out);
  }
}
