/**
 * `npm start`: serves the storefront from the built JavaScript in dist/.
 *
 * When a build is missing or older than its sources (a fresh clone, an edited
 * file, a new lock file) and the build tools are installed, it builds what is
 * stale first. A production install (`npm prune --omit=dev` after
 * `npm run build`) has no build tools and needs none: it runs the build it
 * was given. Plain JavaScript, so nothing here needs a TypeScript loader.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildToolsInstalled, PROJECT_ROOT } from '../engine/build.mjs';
import { buildWhatIsStale, startOutputs } from './start-plan.mjs';

const SERVER_BUNDLE = path.join(PROJECT_ROOT, 'dist', 'server', 'main.mjs');
buildWhatIsStale(PROJECT_ROOT, startOutputs(PROJECT_ROOT), buildToolsInstalled(), { name: 'npm start', running: 'serving' });

// As `node --enable-source-maps`: logged stacks name the source files.
process.setSourceMapsEnabled(true);
// React's production build unless told otherwise (its development build renders several times slower).
process.env.NODE_ENV ??= 'production';
await import(pathToFileURL(SERVER_BUNDLE).href);
