/**
 * A shutdown whose drain runs out of time: a product file still arriving slowly when SIGTERM
 * comes is cut off at the deadline, which the log says in one line (how many requests, which
 * kinds), the process exits with the documented code 1, and nothing of the upload is left in the
 * product-files folder (it was being written under a temporary name, removed at the exit). Upload
 * files a process killed outright left are removed by the next start once nobody writes them.
 */
import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync, mkdirSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ABANDONED_AFTER_MS, isPartialName, partialPath, removeAbandonedPartialsNow } from '../../server/admin/partial-files.ts';
import { requestKind } from '../../server/requests-in-flight.ts';
import { OWNER_EMAIL } from '../../server/security/owner-account.ts';
import { SITE_USER_XSRF_HEADER } from '../../server/security/site-user.ts';
import { seededProduct } from './helpers/fixtures.ts';
import { SiteUserVisitor } from './helpers/site-user-visitor.ts';
import { exited, startMain, type MainProcess } from './helpers/start-main.ts';
import { temporaryDatabasePath } from './helpers/start-server.ts';

describe('a shutdown that runs out of time', () => {
  it('cuts off a slow upload at the deadline, says what it cut off, exits 1 and leaves no partial file', async () => {
    const databasePath = temporaryDatabasePath();
    const folder = mkdtempSync(join(tmpdir(), 'shutdown-cut-off-'));
    const productFiles = join(folder, 'product-files');
    let running: MainProcess | undefined;
    try {
      running = await startMain(databasePath, { UPLOADS_DIR: join(folder, 'uploads'), PRODUCT_FILES_DIR: productFiles });
      const seeded = readdirSync(productFiles);
      const owner = await new SiteUserVisitor(running.url).signIn(OWNER_EMAIL, 'main test password');
      const guide = seededProduct('natural-dye-guide');
      const boundary = 'cut-off-boundary';
      const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="guide.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
      const total = 32 * 1024 * 1024;
      const sending = request(`${running.url}/api/admin/products/${guide.id}/file`, {
        method: 'POST',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + total),
          cookie: [...owner.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
          'x-csrf-token': decodeURIComponent(owner.crumb),
          [SITE_USER_XSRF_HEADER]: owner.xsrfToken,
        },
      });
      sending.on('error', () => {});
      sending.write(head);
      // a slow line: 64 KB every 100 ms, far from done when the deadline comes
      const slowly = setInterval(() => sending.write(Buffer.alloc(64 * 1024, 1)), 100);
      try {
        for (let waited = 0; !readdirSync(productFiles).some(isPartialName) && waited < 5_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
        expect(readdirSync(productFiles).some(isPartialName)).toBe(true);
        const started = Date.now();
        const ended = exited(running.child);
        running.child.kill('SIGTERM');
        const { code } = await ended;
        expect(code).toBe(1);
        expect(Date.now() - started).toBeGreaterThanOrEqual(9_500);
      } finally {
        clearInterval(slowly);
        sending.destroy();
      }
      const cutOff = running.lines().filter((line) => String(line.msg).startsWith('shutdown cut off after 10 s'));
      expect(cutOff).toHaveLength(1);
      expect(cutOff[0]).toMatchObject({ level: 40, requests: 1, kinds: 'POST /api/admin/products/:id/file', partials: 1, exitCode: 1 });
      expect(String(cutOff[0]!.msg)).toContain('requests still in flight: 1 (POST /api/admin/products/:id/file)');
      expect(readdirSync(productFiles)).toEqual(seeded);
    } finally {
      if (running !== undefined && running.child.exitCode === null) running.child.kill('SIGKILL');
      rmSync(dirname(databasePath), { recursive: true, force: true });
      rmSync(folder, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('upload files a killed process left', () => {
  it('are removed once nobody has written them for a while; fresh ones and the shop\'s files are kept', () => {
    const folder = mkdtempSync(join(tmpdir(), 'abandoned-partials-'));
    try {
      const uploads = join(folder, 'uploads');
      const productFiles = join(folder, 'product-files');
      mkdirSync(uploads);
      mkdirSync(productFiles);
      const old = (Date.now() - ABANDONED_AFTER_MS - 60_000) / 1000;
      const abandonedImage = partialPath(uploads, '0123456789abcdef01234567.jpg');
      const abandonedCopy = partialPath(uploads, '0123456789abcdef01234567.300w.jpg');
      const abandonedFile = partialPath(productFiles, '0123456789abcdef0123456789abcdef');
      const fresh = partialPath(productFiles, 'fedcba9876543210fedcba9876543210');
      for (const path of [abandonedImage, abandonedCopy, abandonedFile, fresh]) writeFileSync(path, 'part of it');
      for (const path of [abandonedImage, abandonedCopy, abandonedFile]) utimesSync(path, old, old);
      // the shop's own files, however old, are never taken for temporary ones
      writeFileSync(join(uploads, '0123456789abcdef01234567.jpg'), 'an image');
      writeFileSync(join(productFiles, '0123456789abcdef0123456789abcdef'), 'a file');
      writeFileSync(join(uploads, '.hidden-note.tmp'), 'not ours');
      for (const name of ['0123456789abcdef01234567.jpg', '.hidden-note.tmp']) utimesSync(join(uploads, name), old, old);
      const swept = removeAbandonedPartialsNow([uploads, productFiles]);
      expect(swept.map(({ removed, left }) => ({ removed, left }))).toEqual([{ removed: 2, left: 0 }, { removed: 1, left: 1 }]);
      expect(readdirSync(uploads).sort()).toEqual(['.hidden-note.tmp', '0123456789abcdef01234567.jpg']);
      expect(readdirSync(productFiles).sort()).toEqual([fresh.slice(productFiles.length + 1), '0123456789abcdef0123456789abcdef'].sort());
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('the kinds of requests a cut-off names', () => {
  it('leave out ids, download tokens and queries', () => {
    const kind = (method: string, url: string) => requestKind({ method, url } as never);
    expect(kind('POST', '/api/admin/products/7e390eb7e3e0a254d076f0eb/file')).toBe('POST /api/admin/products/:id/file');
    expect(kind('GET', '/downloads/AbCdEf0123456789_-xyzAbCdEf0123456789?x=1')).toBe('GET /downloads/:token');
    expect(kind('GET', '/shop/p/linen-shirt?format=json')).toBe('GET /shop/p/linen-shirt');
    expect(kind('POST', '/api/commerce/orders/1042/refund')).toBe('POST /api/commerce/orders/:id/refund');
  });
});
