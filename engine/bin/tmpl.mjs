#!/usr/bin/env node
// The `tmpl` command: runs the built CLI (dist/engine/tmpl.mjs). When the
// engine sources are newer than the build and the build tools are installed
// (a working copy, not a production install) it builds first, as npm start does.
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { buildEngine, buildToolsInstalled, CLI_BUNDLE, isEngineBuildStale } from '../build.mjs';

if (isEngineBuildStale() && buildToolsInstalled()) {
  await buildEngine();
} else if (!existsSync(CLI_BUNDLE)) {
  process.stderr.write("tmpl: the command is not built: run 'npm run build' (it needs the dev dependencies)\n");
  process.exit(3);
}
await import(pathToFileURL(CLI_BUNDLE).href);
