#!/usr/bin/env node
// The `tmpl` command: runs the built CLI (dist/engine/tmpl.cjs). When the
// engine sources are newer than the build and the build tools are installed
// (a working copy, not a production install) it builds first, as npm start does.
//
// The bundle is compiled with V8's code cache from an earlier run: most of a
// call's start-up is compiling the bundle, and the cache skips it. A cache that
// is missing, made by another Node version (V8 rejects it) or for another build
// of the bundle is written again after the run; one that cannot be written (a
// read-only install) is done without.
import { closeSync, fstatSync, openSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import path from 'node:path';
import { Script } from 'node:vm';
import { buildEngine, buildToolsInstalled, CLI_BUNDLE, CLI_CODE_CACHE, isEngineBuildStale } from '../build.mjs';

// Without build tools (a production install) nothing could be rebuilt, so the sources are not even looked at.
if (buildToolsInstalled() && isEngineBuildStale()) await buildEngine();

let code;
let builtAt;
try {
  // The text and its modification time from one open file, as a build may replace the bundle meanwhile.
  const fd = openSync(CLI_BUNDLE, 'r');
  try {
    builtAt = fstatSync(fd).mtimeMs;
    code = readFileSync(fd, 'utf8');
  } finally {
    closeSync(fd);
  }
} catch {
  process.stderr.write("tmpl: the command is not built: run 'npm run build' (it needs the dev dependencies)\n");
  process.exit(3);
}

// V8 checks a cache against the source's length only, and runs the old code of a
// bundle rebuilt to the same length: the cache starts with the build it was made
// for (the bundle's modification time), and one for another build is not used.
const BUILD_STAMP_BYTES = 8;
const buildStamp = Buffer.alloc(BUILD_STAMP_BYTES);
buildStamp.writeDoubleLE(builtAt);

let cachedData;
try {
  const cache = readFileSync(CLI_CODE_CACHE);
  if (cache.subarray(0, BUILD_STAMP_BYTES).equals(buildStamp)) cachedData = cache.subarray(BUILD_STAMP_BYTES);
} catch {
  cachedData = undefined;
}
const script = new Script(Module.wrap(code), { filename: CLI_BUNDLE, cachedData });
if (cachedData === undefined || script.cachedDataRejected) {
  // Written once the command is done, so the cache holds the functions the run compiled.
  process.once('beforeExit', () => {
    try {
      const partial = `${CLI_CODE_CACHE}.${process.pid}`;
      writeFileSync(partial, Buffer.concat([buildStamp, script.createCachedData()]));
      renameSync(partial, CLI_CODE_CACHE);
    } catch {
      // Without a cache the next call compiles the bundle again; nothing else changes.
    }
  });
}
const module = { exports: {} };
script.runInThisContext()(module.exports, createRequire(CLI_BUNDLE), module, CLI_BUNDLE, path.dirname(CLI_BUNDLE));
