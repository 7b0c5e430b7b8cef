/**
 * Engine build: the `tmpl` command and the engine's public API as plain
 * JavaScript under dist/engine/, so nothing needs a TypeScript loader at run
 * time.
 *
 * - dist/engine/tmpl.cjs: the CLI with its packages bundled in. A bundle is
 *   one file to read where chevrotain alone is hundreds of small modules, and
 *   that is most of a call's start-up time. It is a CommonJS script so that
 *   the bin can hand V8 the code cache of an earlier run (engine/bin/tmpl.mjs):
 *   compiling the bundle is most of what is left.
 * - dist/engine/index.mjs: the public API (compile, render…), packages left
 *   external, for JavaScript hosts.
 *
 * Plain JavaScript (not TypeScript) so the `tmpl` bin and `npm start` can
 * check freshness, and rebuild, without a loader; esbuild is imported only
 * when a build runs, so a production install (no dev dependencies) can
 * load this file.
 */
import { copyFileSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = fileURLToPath(new URL('../', import.meta.url));
const ENGINE_DIR = path.join(PROJECT_ROOT, 'engine');
const SERVER_DIR = path.join(PROJECT_ROOT, 'server');
const LOCK_FILE = path.join(PROJECT_ROOT, 'package-lock.json');
export const CLI_BUNDLE = path.join(PROJECT_ROOT, 'dist', 'engine', 'tmpl.cjs');
/** V8's code cache for CLI_BUNDLE, written by the bin after a run. */
export const CLI_CODE_CACHE = `${CLI_BUNDLE}.cache`;
export const ENGINE_BUNDLE = path.join(PROJECT_ROOT, 'dist', 'engine', 'index.mjs');
/**
 * The worker that compiles a template folder's LESS (`tmpl check` on a folder runs it): a file of
 * its own, found beside the module that starts it, so it is copied beside the CLI bundle.
 */
const LESS_WORKER = path.join(PROJECT_ROOT, 'server', 'theme', 'less-worker.mjs');
/** The platform's ImageLoader script, which the folder checks read beside their module as LESS_WORKER is found: copied too. */
const IMAGE_LOADER = path.join(PROJECT_ROOT, 'server', 'theme', 'platform-image-loader.js');

/** When `file` was last written; -1 when it does not exist. */
export function modifiedAt(file) {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return -1;
  }
}

/** The newest modification time of the files under `paths` (files or folders, walked). */
export function newestModification(paths) {
  let newest = -1;
  const visit = (p) => {
    let entries;
    try {
      entries = readdirSync(p, { withFileTypes: true });
    } catch {
      newest = Math.max(newest, modifiedAt(p));
      return;
    }
    for (const entry of entries) {
      const full = path.join(p, entry.name);
      if (entry.isDirectory()) visit(full);
      else newest = Math.max(newest, modifiedAt(full));
    }
  };
  for (const p of paths) visit(p);
  return newest;
}

/** Whether a build can run here: esbuild is installed (not after `npm prune --omit=dev`). */
export function buildToolsInstalled() {
  try {
    createRequire(import.meta.url).resolve('esbuild');
    return true;
  } catch {
    return false;
  }
}

/** True when the CLI bundle is missing or older than an engine source or the lock file. */
export function isEngineBuildStale() {
  const built = Math.min(modifiedAt(CLI_BUNDLE), modifiedAt(ENGINE_BUNDLE));
  // The CLI bundles server/theme (developer-template folders) with the engine: its sources count too.
  return built < 0 || newestModification([ENGINE_DIR, SERVER_DIR, LOCK_FILE, LESS_WORKER]) > built;
}

/** Writes through a temporary file, so a process loading the bundle never reads half of one. */
async function buildTo(outfile, options) {
  const { build } = await import('esbuild');
  const partial = `${outfile}.${process.pid}.partial`;
  mkdirSync(path.dirname(outfile), { recursive: true });
  try {
    await build({
      bundle: true,
      format: 'esm',
      ...options,
      outfile: partial,
      platform: 'node',
      target: 'node20',
      keepNames: false,
      sourcemap: false,
      logLevel: 'warning',
    });
    renameSync(partial, outfile);
  } finally {
    rmSync(partial, { force: true });
  }
}

export async function buildEngine() {
  const { version } = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8'));
  await buildTo(CLI_BUNDLE, {
    entryPoints: [path.join(ENGINE_DIR, 'cli', 'run.ts')],
    format: 'cjs',
    minify: true,
    // A CommonJS script has no import.meta: modules that resolve files from their own URL get the bundle's.
    define: { __TMPL_VERSION__: JSON.stringify(version), 'import.meta.url': '__tmplBundleUrl' },
    banner: { js: "var __tmplBundleUrl = require('node:url').pathToFileURL(__filename).href;" },
  });
  for (const beside of [LESS_WORKER, IMAGE_LOADER]) copyFileSync(beside, path.join(path.dirname(CLI_BUNDLE), path.basename(beside)));
  await buildTo(ENGINE_BUNDLE, { entryPoints: [path.join(ENGINE_DIR, 'index.ts')], packages: 'external' });
}

const invokedDirectly = process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  await buildEngine();
  process.stdout.write(`engine built: ${path.relative(PROJECT_ROOT, CLI_BUNDLE)}, ${path.relative(PROJECT_ROOT, ENGINE_BUNDLE)}\n`);
}
