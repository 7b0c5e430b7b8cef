/**
 * StreamedPage: a page that fits in one chunk is sent whole (with its
 * length); a larger one is written chunked, head first, with the
 * response's nonce in place of every stand-in, even one cut by a chunk
 * boundary, and nothing lost or added.
 */
import type { Response } from 'express';
import { describe, expect, it } from 'vitest';
import { compile } from '../../engine/index.ts';
import { NONCE_PLACEHOLDER } from '../../server/security/content-security-policy.ts';
import { StreamedPage } from '../../server/pages/streamed-page.ts';

const NONCE = 'n'.repeat(NONCE_PLACEHOLDER.length);

function fakeResponse() {
  const sent = { status: 0, headers: new Map<string, unknown>(), writes: [] as string[], ended: false };
  const res = {
    set statusCode(code: number) {
      sent.status = code;
    },
    setHeader(name: string, value: unknown) {
      sent.headers.set(name.toLowerCase(), value);
    },
    write(chunk: string) {
      expect(sent.ended).toBe(false);
      sent.writes.push(chunk);
      return true;
    },
    end(chunk: string) {
      sent.writes.push(chunk);
      sent.ended = true;
    },
  };
  return { res: res as unknown as Response, sent };
}

describe('a page streamed into the response', () => {
  it('sends a page of one chunk whole', () => {
    const { res, sent } = fakeResponse();
    const page = new StreamedPage(res, 200, NONCE);
    page.write(`<head nonce="${NONCE_PLACEHOLDER}">`);
    let whole: string | null = null;
    page.end((html) => (whole = html));
    expect(whole).toBe(`<head nonce="${NONCE_PLACEHOLDER}">`);
    expect(sent.writes).toEqual([]);
  });

  it('writes a larger page chunked, head first, the nonce in place of every stand-in across every cut', () => {
    const text = `<head><script nonce="${NONCE_PLACEHOLDER}"></script></head>` + `<p nonce="${NONCE_PLACEHOLDER}">x</p>`.repeat(50);
    const expected = text.replaceAll(NONCE_PLACEHOLDER, NONCE);
    // Every chunk size from 1 up cuts stand-ins at every possible place.
    for (let size = 1; size <= NONCE_PLACEHOLDER.length + 3; size++) {
      const { res, sent } = fakeResponse();
      const page = new StreamedPage(res, 404, NONCE);
      for (let at = 0; at < text.length; at += size) page.write(text.slice(at, at + size));
      page.end(() => expect.fail('a page of many chunks is not sent whole'));
      expect(sent.writes.join('')).toBe(expected);
      expect(sent.status).toBe(404);
      expect(sent.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(sent.headers.has('content-length')).toBe(false);
    }
  });

  it('writes what the engine streams, the page head before the render finishes', () => {
    const t = compile(`<head nonce="{nonce}"></head>{.repeated section items}<li>{@}</li>{.end}`);
    const items = Array.from({ length: 20_000 }, (_, i) => i);
    const { res, sent } = fakeResponse();
    const page = new StreamedPage(res, 200, NONCE);
    let writesBeforeEnd = 0;
    t.renderToStream({ nonce: NONCE_PLACEHOLDER, items }, (chunk) => page.write(chunk));
    writesBeforeEnd = sent.writes.length;
    page.end(() => expect.fail('a large page is not sent whole'));
    expect(writesBeforeEnd).toBeGreaterThan(5);
    expect(sent.writes[0]?.startsWith(`<head nonce="${NONCE}">`)).toBe(true);
    expect(sent.writes.join('')).toBe(t.render({ nonce: NONCE, items }).html);
  });
});
