/**
 * Server build: esbuild bundles the server (server/main.ts, or another entry
 * such as a benchmark probe) into one plain JavaScript file, packages left
 * external. `npm start` runs that file with node: running the TypeScript
 * through the tsx loader instead adds its keep-names wrappers (a
 * defineProperty for every function created) to every request.
 *
 * Modules find their files (migrations, templates, fixtures, the client
 * build) with `new URL(..., import.meta.url)`. In one bundle every module
 * would share the bundle's URL, so each module's `import.meta.url` is
 * replaced by the URL of its own source file, resolved from the project root
 * the bundle sits under: the paths resolve exactly as when the sources run.
 *
 * The migrations are the exception: each bundle carries the migration files as they were at build
 * time (server/db/built-migrations.ts, names and SQL), and applies those, never the folder's. A
 * production install whose sources are updated without a new build would otherwise have its old
 * bundle apply the new migrations and serve the old code on the new schema; instead it finds
 * in the folder a migration it was not built with and refuses to start (server/db/migrate.ts).
 */
import { build, type Plugin } from 'esbuild';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BuiltMigrations } from './db/built-migrations.ts';
import { readMigrations } from './db/migrate.ts';

export const PROJECT_ROOT = fileURLToPath(new URL('../', import.meta.url));
export const SERVER_ENTRY = path.join(PROJECT_ROOT, 'server', 'main.ts');
export const SERVER_BUNDLE = path.join(PROJECT_ROOT, 'dist', 'server', 'main.mjs');
/** The node flags that match how `npm start` (server/start.mjs) runs the bundle: logged stacks name the sources. */
export const SERVER_NODE_OPTIONS: readonly string[] = ['--enable-source-maps'];

/** The banner's name for the project root URL, computed at run time from the bundle's own URL. */
const ROOT_URL = '__projectRootUrl';

/** Any use of import.meta other than import.meta.url, which the build cannot place. */
const OTHER_IMPORT_META = /\bimport\.meta\b(?!\.url\b)/;

/** Gives each project module its own source URL in place of the bundle's. */
function sourceUrlPlugin(): Plugin {
  return {
    name: 'source-import-meta-url',
    setup(pluginBuild) {
      pluginBuild.onLoad({ filter: /\.(ts|tsx|js|mjs)$/ }, async (args) => {
        const relative = path.relative(PROJECT_ROOT, args.path);
        if (relative.startsWith('..') || relative.split(path.sep).includes('node_modules')) return undefined;
        const source = await readFile(args.path, 'utf8');
        if (!source.includes('import.meta')) return undefined;
        if (OTHER_IMPORT_META.test(source)) {
          return { errors: [{ text: `${relative}: only import.meta.url is supported in the server bundle` }] };
        }
        const sourceUrl = `new URL(${JSON.stringify(relative.split(path.sep).join('/'))}, ${ROOT_URL}).href`;
        const loader = args.path.endsWith('.tsx') ? 'tsx' : args.path.endsWith('.ts') ? 'ts' : 'js';
        return { contents: source.replaceAll('import.meta.url', sourceUrl), loader };
      });
    },
  };
}

/** The folder the migrations are built from: one folder per engine under it (server/db/migrations). */
export const MIGRATIONS_ROOT = path.join(PROJECT_ROOT, 'server', 'db', 'migrations');
const BUILT_MIGRATIONS_MODULE = path.join(PROJECT_ROOT, 'server', 'db', 'built-migrations.ts');

/** Each engine's migrations under `root`, names and SQL in name order; a folder without any stops the build. */
function migrationsUnder(root: string): BuiltMigrations {
  const read = (dialect: 'sqlite' | 'postgres') => {
    const migrations = readMigrations(path.join(root, dialect));
    if (migrations.length === 0) throw new Error(`no migrations in ${path.join(root, dialect)}`);
    return migrations;
  };
  return { sqlite: read('sqlite'), postgres: read('postgres') };
}

/** Writes the migrations under `root` into the bundle, in place of built-migrations.ts's null. */
function builtMigrationsPlugin(root: string): Plugin {
  return {
    name: 'built-migrations',
    setup(pluginBuild) {
      pluginBuild.onLoad({ filter: /built-migrations\.ts$/ }, (args) => {
        if (path.resolve(args.path) !== BUILT_MIGRATIONS_MODULE) return undefined;
        return { contents: `export const BUILT_MIGRATIONS = ${JSON.stringify(migrationsUnder(root))};\n`, loader: 'js' };
      });
    },
  };
}

/**
 * Bundles a server entry (default server/main.ts) into an ES module file that node runs directly,
 * with the migrations found under `migrationsRoot` (default server/db/migrations; a test builds
 * one that knows fewer).
 */
export async function bundleServer(entry: string = SERVER_ENTRY, outfile: string = SERVER_BUNDLE, { migrationsRoot = MIGRATIONS_ROOT }: { migrationsRoot?: string } = {}): Promise<void> {
  const rootFromBundle = path.relative(path.dirname(outfile), PROJECT_ROOT).split(path.sep).join('/');
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    jsx: 'automatic',
    keepNames: false,
    sourcemap: 'linked',
    banner: { js: `const ${ROOT_URL} = new URL(${JSON.stringify(`${rootFromBundle}/`)}, import.meta.url);` },
    // first: built-migrations.ts is replaced, not given its source URL
    plugins: [builtMigrationsPlugin(migrationsRoot), sourceUrlPlugin()],
    logLevel: 'warning',
  });
}

const invokedDirectly = process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
/** `npm run backup` and `npm run restore`: built beside the server, so a production install can run them. */
export const BACKUP_COMMAND_BUNDLE = path.join(PROJECT_ROOT, 'dist', 'server', 'backup-command.mjs');
/** `npm run password -- EMAIL`, built beside the server for the same reason. */
export const PASSWORD_COMMAND_BUNDLE = path.join(PROJECT_ROOT, 'dist', 'server', 'password-command.mjs');
/** `npm run move-to-postgres`, built beside the server for the same reason. */
export const MOVE_COMMAND_BUNDLE = path.join(PROJECT_ROOT, 'dist', 'server', 'move-to-postgres-command.mjs');

if (invokedDirectly) {
  await bundleServer();
  await bundleServer(path.join(PROJECT_ROOT, 'server', 'backup-command.ts'), BACKUP_COMMAND_BUNDLE);
  await bundleServer(path.join(PROJECT_ROOT, 'server', 'password-command.ts'), PASSWORD_COMMAND_BUNDLE);
  await bundleServer(path.join(PROJECT_ROOT, 'server', 'move-to-postgres-command.ts'), MOVE_COMMAND_BUNDLE);
  const built = [SERVER_BUNDLE, BACKUP_COMMAND_BUNDLE, PASSWORD_COMMAND_BUNDLE, MOVE_COMMAND_BUNDLE].map((file) => path.relative(PROJECT_ROOT, file));
  process.stdout.write(`server built: ${built.join(', ')}\n`);
}
