/**
 * Client build: esbuild bundles the loader and one chunk per island (shared
 * code split out), hashed and minified, into dist/client/, plus manifest.json
 * (island name → URL) for the server. `--if-stale` skips an up-to-date build.
 */
import { build, type Metafile } from 'esbuild';
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN_SCRIPT_KEY, ADMIN_STYLES_KEY, CLIENT_DIST_DIR, CLIENT_MANIFEST_PATH, LOADER_KEY, STYLES_KEY, languageKey } from './manifest.ts';
import { ISLAND_NAMES } from './islands/names.ts';
import { CLIENT_ASSET_BASE } from './lib/asset-base.ts';
import { writeInstalmentPages } from './instalment-pages.ts';

const CLIENT_DIR = fileURLToPath(new URL('.', import.meta.url));

function newestSourceTime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSourceTime(full));
    else newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * Files outside client/ that change what the bundle holds: the dependency versions, as locked
 * and as installed (npm rewrites node_modules/.package-lock.json on every install), and the
 * currencies' fraction digits, which the islands share with the engine.
 */
const DEPENDENCY_STAMPS = [
  path.join(CLIENT_DIR, '..', 'package-lock.json'),
  path.join(CLIENT_DIR, '..', 'node_modules', '.package-lock.json'),
  path.join(CLIENT_DIR, '..', 'engine', 'plugins', 'commerce', 'currency-digits.ts'),
];

export interface BuildInputs {
  sourceDir: string;
  dependencyStamps: readonly string[];
  manifestPath: string;
}

const BUILD_INPUTS: BuildInputs = { sourceDir: CLIENT_DIR, dependencyStamps: DEPENDENCY_STAMPS, manifestPath: CLIENT_MANIFEST_PATH };

function modifiedTime(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/**
 * True when there is no manifest (a fresh clone, or a build that stopped half way: the manifest
 * is written last) or a client source or the installed dependencies are newer than it.
 */
export function isClientBuildStale(inputs: BuildInputs = BUILD_INPUTS): boolean {
  let builtAt: number;
  try {
    builtAt = statSync(inputs.manifestPath).mtimeMs;
  } catch {
    return true;
  }
  const newestInput = Math.max(newestSourceTime(inputs.sourceDir), ...inputs.dependencyStamps.map(modifiedTime));
  return newestInput > builtAt;
}

/** The admin at /config is an entry of its own, so no storefront page loads its code. */
const ADMIN_ENTRY = path.join(CLIENT_DIR, 'admin', 'main.tsx');
const ADMIN_STYLES = path.join(CLIENT_DIR, 'admin', 'admin.css');

function manifestFrom(metafile: Metafile): Record<string, string> {
  const manifest: Record<string, string> = {};
  const byEntry = new Map<string, string>();
  for (const [outFile, output] of Object.entries(metafile.outputs)) {
    if (output.entryPoint) byEntry.set(path.resolve(CLIENT_DIR, output.entryPoint), path.resolve(CLIENT_DIR, outFile));
  }
  const urlOf = (outFile: string): string =>
    CLIENT_ASSET_BASE + path.relative(CLIENT_DIST_DIR, outFile).split(path.sep).join('/');
  const loader = byEntry.get(path.join(CLIENT_DIR, 'entry.ts'));
  if (loader) manifest[LOADER_KEY] = urlOf(loader);
  const styles = byEntry.get(path.join(CLIENT_DIR, 'styles.css'));
  if (styles) manifest[STYLES_KEY] = urlOf(styles);
  const admin = byEntry.get(ADMIN_ENTRY);
  if (admin) manifest[ADMIN_SCRIPT_KEY] = urlOf(admin);
  const adminStyles = byEntry.get(ADMIN_STYLES);
  if (adminStyles) manifest[ADMIN_STYLES_KEY] = urlOf(adminStyles);
  for (const name of ISLAND_NAMES) {
    const out = byEntry.get(path.join(CLIENT_DIR, 'islands', `${name}.tsx`));
    if (out) manifest[name] = urlOf(out);
  }
  // each language's translation is a chunk of its own (load-translation.ts), which pages preload
  for (const [outFile, output] of Object.entries(metafile.outputs)) {
    for (const input of Object.keys(output.inputs)) {
      const language = /(?:^|\/)lib\/messages\/([a-z]{2})\.ts$/.exec(input)?.[1];
      if (language !== undefined) manifest[languageKey(language)] = urlOf(path.resolve(CLIENT_DIR, outFile));
    }
  }
  return manifest;
}

export async function buildClient(options: { minify?: boolean } = {}): Promise<Record<string, string>> {
  rmSync(CLIENT_DIST_DIR, { recursive: true, force: true });
  mkdirSync(CLIENT_DIST_DIR, { recursive: true });
  const result = await build({
    absWorkingDir: CLIENT_DIR,
    entryPoints: [
      path.join(CLIENT_DIR, 'entry.ts'),
      path.join(CLIENT_DIR, 'styles.css'),
      ...ISLAND_NAMES.map((name) => path.join(CLIENT_DIR, 'islands', `${name}.tsx`)),
      ADMIN_ENTRY,
      ADMIN_STYLES,
    ],
    outdir: CLIENT_DIST_DIR,
    outbase: CLIENT_DIR,
    entryNames: '[dir]/[name]-[hash]',
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2022'],
    jsx: 'automatic',
    minify: options.minify ?? true,
    sourcemap: 'linked',
    metafile: true,
    legalComments: 'none',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  });
  const manifest = manifestFrom(result.metafile);
  writeInstalmentPages(CLIENT_DIST_DIR);
  writeFileSync(CLIENT_MANIFEST_PATH, JSON.stringify(manifest, null, 2) + '\n');
  return manifest;
}

const invokedDirectly = process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  if (process.argv.includes('--if-stale') && !isClientBuildStale()) {
    process.stdout.write('client build is up to date\n');
  } else {
    const manifest = await buildClient();
    process.stdout.write(`client built: ${Object.keys(manifest).length} assets in dist/client\n`);
  }
}
