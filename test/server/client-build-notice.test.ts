import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { missingClientBuildNotice } from '../../server/client-build-notice.ts';
import { serverMessages } from '../../server/messages.ts';

const folder = mkdtempSync(join(tmpdir(), 'client-build-notice-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('the start-up warning of a server without the client build', () => {
  it('says what is missing, what it breaks and how to build it when there is no manifest', () => {
    expect(missingClientBuildNotice(join(folder, 'manifest.json'))).toBe(serverMessages.clientBuildMissingLog);
    expect(serverMessages.clientBuildMissingLog).toContain("run 'npm run build:client'");
  });

  it('says nothing once the client is built', () => {
    writeFileSync(join(folder, 'manifest.json'), '{}');
    expect(missingClientBuildNotice(join(folder, 'manifest.json'))).toBeNull();
  });
});
