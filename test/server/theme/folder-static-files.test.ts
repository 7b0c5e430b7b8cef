import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../helpers/start-server.ts';
import { writeTemplateFolder } from '../helpers/template-folder-on-disk.ts';
import { conf, SITE_REGION } from './folder-fixture.ts';

// A template folder is untrusted: a link in its assets/ or scripts/ must not serve the host's files.
describe('the folder\'s assets and scripts', () => {
  let server: RunningServer | undefined;
  const cleanup: string[] = [];
  afterEach(async () => {
    await server?.stop(true);
    server = undefined;
    for (const path of cleanup.splice(0)) rmSync(path, { recursive: true, force: true });
  });

  function folderWithOutside(): { dir: string; outside: string } {
    const outside = mkdtempSync(join(tmpdir(), 'folder-static-outside-'));
    writeFileSync(join(outside, 'secret.txt'), 'TOP-SECRET');
    mkdirSync(join(outside, 'sub'));
    writeFileSync(join(outside, 'sub', 'secret.js'), 'TOP-SECRET');
    const dir = writeTemplateFolder('folder-static-', {
      'template.conf': conf({}),
      'site.region': SITE_REGION,
      'assets/logo.svg': `<svg xmlns="http://www.w3.org/2000/svg">${'x'.repeat(100)}</svg>`,
      'assets/deep/icon.svg': '<svg/>',
      'scripts/site.js': 'console.log(1);',
    });
    cleanup.push(dir, outside);
    return { dir, outside };
  }

  it('serves the folder\'s own files, with caching headers and ranges', async () => {
    const { dir } = folderWithOutside();
    // a link that stays inside the folder is the folder's file, as template reads take it
    symlinkSync(join(dir, 'assets', 'logo.svg'), join(dir, 'assets', 'alias.svg'));
    server = await startServer({ templateDir: dir });
    const logo = await fetch(`${server.url}/assets/logo.svg`);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(logo.headers.get('etag')).toBeTruthy();
    expect((await logo.text()).startsWith('<svg')).toBe(true);
    const range = await fetch(`${server.url}/assets/logo.svg`, { headers: { range: 'bytes=0-3' } });
    expect(range.status).toBe(206);
    expect(await range.text()).toBe('<svg');
    expect((await fetch(`${server.url}/assets/deep/icon.svg`)).status).toBe(200);
    expect((await fetch(`${server.url}/assets/alias.svg`)).status).toBe(200);
    // /theme serves the same assets/ (the project's own theme's way)
    expect((await fetch(`${server.url}/theme/logo.svg`)).status).toBe(200);
    const script = await fetch(`${server.url}/scripts/site.js`);
    expect(script.status).toBe(200);
    expect(await script.text()).toBe('console.log(1);');
  });

  it('answers 404 for a link to a file or folder outside the folder, in assets/ and scripts/', async () => {
    const { dir, outside } = folderWithOutside();
    symlinkSync(join(outside, 'secret.txt'), join(dir, 'assets', 'pw.txt'));
    symlinkSync(outside, join(dir, 'assets', 'out'));
    symlinkSync(join(outside, 'sub', 'secret.js'), join(dir, 'scripts', 'pw.js'));
    symlinkSync(join(outside, 'sub'), join(dir, 'scripts', 'out'));
    for (const dev of [false, true]) {
      server = await startServer({ templateDir: dir, dev });
      for (const path of ['/assets/pw.txt', '/theme/pw.txt', '/theme/out/secret.txt', '/assets/out/secret.txt', '/assets/out/sub/secret.js', '/scripts/pw.js', '/scripts/out/secret.js', '/assets/%2e%2e/%2e%2e/' + outside.slice(1) + '/secret.txt']) {
        const response = await fetch(server.url + path);
        const text = await response.text();
        expect(text, path).not.toContain('TOP-SECRET');
        expect(response.status, `${path} (dev ${dev})`).toBe(404);
      }
      await server.stop(true);
      server = undefined;
    }
  });

  it('answers 404 when assets/ itself links out of the folder', async () => {
    const { dir, outside } = folderWithOutside();
    rmSync(join(dir, 'assets'), { recursive: true });
    symlinkSync(outside, join(dir, 'assets'));
    server = await startServer({ templateDir: dir });
    for (const path of ['/assets/secret.txt', '/theme/secret.txt']) {
      const response = await fetch(server.url + path);
      expect(await response.text(), path).not.toContain('TOP-SECRET');
      expect(response.status, path).toBe(404);
    }
  });
});
