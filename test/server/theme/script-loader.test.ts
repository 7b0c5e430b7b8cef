import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comboScriptBody, MAX_COMBO_FILES } from '../../../server/theme/script-loader.ts';
import { MemoryTemplateSource } from '../../../server/theme/template-source.ts';
import { themeMessages } from '../../../server/theme/theme-messages.ts';
import { startServer, type RunningServer } from '../helpers/start-server.ts';
import { writeTemplateFolder } from '../helpers/template-folder-on-disk.ts';
import { conf } from './folder-fixture.ts';

const SCRIPTS = { 'scripts/a.js': 'var a = 1', 'scripts/lib/b.js': '// ends in a comment', 'template.conf': conf() };

describe('combined script requests', () => {
  const source = new MemoryTemplateSource(SCRIPTS);

  it('joins the named files of scripts/ in order, each ended so it cannot run into the next', () => {
    expect(comboScriptBody(source, 'lib/b.js&a.js')).toEqual({ ok: true, body: '// ends in a comment\n;\nvar a = 1\n;\n' });
  });

  it('refuses a file outside scripts/, a missing file and an empty or oversized request', () => {
    expect(comboScriptBody(source, 'a.js&../template.conf')).toEqual({ ok: false, status: 404, message: themeMessages.scriptMissing('../template.conf') });
    expect(comboScriptBody(source, 'a.js&gone.js')).toEqual({ ok: false, status: 404, message: themeMessages.scriptMissing('gone.js') });
    expect(comboScriptBody(source, '')).toMatchObject({ ok: false, status: 400 });
    expect(comboScriptBody(source, Array.from({ length: MAX_COMBO_FILES + 1 }, () => 'a.js').join('&'))).toMatchObject({ ok: false, status: 400 });
  });
});

describe('combo scripts on the server', () => {
  let server: RunningServer;
  let dir: string;
  beforeAll(async () => {
    dir = writeTemplateFolder('script-combo-', {
      ...SCRIPTS,
      'site.region': '<html><body>{squarespace.main-content}<squarespace:script src="a.js" combo="true" />\n<squarespace:script src="lib/b.js" combo="true" /></body></html>',
    });
    server = await startServer({ templateDir: dir });
  });
  afterAll(async () => {
    await server.stop(true);
    rmSync(dir, { recursive: true, force: true });
  });

  it('links a page to one request for its run of combo scripts and answers it with the files joined', async () => {
    const html = await (await fetch(`${server.url}/shop`)).text();
    const src = /<script src="(\/scripts\/combo\/[^"]+)"><\/script>/.exec(html)?.[1]?.replaceAll('&amp;', '&');
    expect(src).toBe('/scripts/combo/?a.js&lib/b.js');
    const response = await fetch(server.url + src!);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/javascript/);
    expect(await response.text()).toBe('var a = 1\n;\n// ends in a comment\n;\n');
    expect((await fetch(`${server.url}/scripts/combo/?a.js&nope.js`)).status).toBe(404);
    // the files stay reachable one by one
    expect(await (await fetch(`${server.url}/scripts/lib/b.js`)).text()).toBe('// ends in a comment');
  });
});
