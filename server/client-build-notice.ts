import { existsSync } from 'node:fs';
import { CLIENT_MANIFEST_PATH } from '../client/manifest.ts';
import { serverMessages } from './messages.ts';

/**
 * The start-up warning of a server run without the client build (started directly through tsx in
 * a fresh clone: `npm start` and `npm run dev` build it first). Its pages then come without their
 * islands and the admin's sign-in never becomes usable, and nothing else would say why.
 */
export function missingClientBuildNotice(manifestPath: string = CLIENT_MANIFEST_PATH): string | null {
  return existsSync(manifestPath) ? null : serverMessages.clientBuildMissingLog;
}
