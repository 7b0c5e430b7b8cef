/**
 * Compiles one template folder's stylesheet with LESS, off the server's thread: a template's
 * stylesheet is untrusted, and a compile that never ends (recursive mixins, say) or grows without
 * bound must not stall the pages. The thread that started this worker owns the deadline and the
 * memory limit, and reads every imported file for it through the folder's source (so the rules of
 * what a folder may read stay in one place and the bytes read are counted there).
 *
 * Nothing of the folder runs here and nothing is read from the host's disk: `@plugin` (which would
 * evaluate the author's JavaScript with `require`) is refused, LESS's own disk and URL file
 * managers are removed, and the functions that read files as bytes (data-uri, image-size…) are
 * refused, each with an author-facing error at its place.
 *
 * Plain JavaScript, so that the same file runs under the test runner, the development loader and
 * the built server alike. workerData: { input, filename, modifyVars, refusals } (refusals: the
 * messages of the theme's catalogue, { plugin, fileFunction: { name: message } }). Messages out:
 * { type: 'read', id, candidates } for each import, then { type: 'done', css } or
 * { type: 'failed', error: { message, type, filename, line, column } }; the owner then ends the worker.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { posix } from 'node:path';
import less from 'less';

let nextRead = 0;
const pendingReads = new Map();

parentPort.on('message', (message) => {
  const pending = pendingReads.get(message.id);
  if (pending === undefined) return;
  pendingReads.delete(message.id);
  pending(message.file);
});

/** Asks the owning thread for the first of `candidates` the folder has; null when none. */
function readThroughOwner(candidates) {
  const id = ++nextRead;
  return new Promise((resolve) => {
    pendingReads.set(id, resolve);
    parentPort.postMessage({ type: 'read', id, candidates });
  });
}

class OwnerFileManager extends less.FileManager {
  supports() {
    return true;
  }
  // Synchronous reads (LESS's data-uri and image-size) go nowhere: with no sync manager LESS
  // would fall back to reading the host's disk itself.
  supportsSync() {
    return true;
  }
  loadFileSync() {
    return { error: { type: 'File', message: workerData.refusals.syncRead } };
  }
  async loadFile(filename, currentDirectory) {
    const path = posix.normalize(posix.join(currentDirectory || 'styles/', filename));
    const candidates = /\.[a-z]+$/i.test(path) ? [path] : [`${path}.less`, path];
    const file = await readThroughOwner(candidates);
    if (file === null) throw { type: 'File', message: `'${filename}' wasn't found` };
    return file;
  }
}

const { refusals } = workerData;

// LESS's node environment comes with a disk and a URL file manager; only the folder's is kept.
less.environment.clearFileManagers();

/** Loads no plugin: `@plugin` in a folder's stylesheet fails at its place, its file never read. */
class RefusingPluginLoader {
  loadPlugin() {
    return Promise.reject({ type: 'Syntax', message: refusals.plugin });
  }
  loadPluginSync() {
    return { error: { type: 'Syntax', message: refusals.plugin } };
  }
  evalPlugin(_contents, _context, imports, _options, fileInfo) {
    return new less.LessError({ type: 'Syntax', message: refusals.plugin }, imports, fileInfo?.filename);
  }
}
less.PluginLoader = RefusingPluginLoader;

// The platform's compiler gives a mixin call's space-separated values to the mixin's parameters
// one by one when nothing takes them as one argument: Squarespace's own templates call
// `.flex(@grow, @shrink, @basis)` as `.flex(0 1 auto)` and `.flex-flow(@direction, @wrap)` as
// `.flex-flow(row nowrap)`, which LESS 4 matches to no definition. So does this compile, only
// when the call as LESS reads it matches none (so no stylesheet LESS compiles changes).
const MixinCall = less.tree.mixin.Call;
const evalMixinCall = MixinCall.prototype.eval;
MixinCall.prototype.eval = function evalAsThePlatform(context) {
  try {
    return evalMixinCall.call(this, context);
  } catch (error) {
    const only = this.arguments.length === 1 ? this.arguments[0] : undefined;
    const spreadable = error?.type === 'Runtime' && only !== undefined && !only.name && only.value instanceof less.tree.Expression && only.value.value.length > 1;
    if (!spreadable) throw error;
    const spread = new MixinCall(this.selector.elements, only.value.value.map((value) => ({ name: null, value })), this._index, this._fileInfo, this.important);
    spread.parent = this.parent;
    try {
      return evalMixinCall.call(spread, context);
    } catch {
      throw error; // the call as written is what failed
    }
  }
};

// The functions that read a file's bytes (read straight from disk by LESS's own image-size).
less.functions.functionRegistry.addMultiple(
  Object.fromEntries(
    Object.entries(refusals.fileFunctions).map(([name, message]) => [
      name,
      () => {
        throw { type: 'Argument', message };
      },
    ]),
  ),
);

try {
  const output = await less.render(workerData.input, {
    filename: workerData.filename,
    plugins: [{ install: (_less, manager) => manager.addFileManager(new OwnerFileManager()) }],
    modifyVars: workerData.modifyVars,
    javascriptEnabled: false,
    // The platform's compiler works out every division, as LESS did before version 4 (its
    // `font: 12px/1.5` shorthand excepted); LESS 4 by default only divides inside parentheses.
    math: 'always',
  });
  parentPort.postMessage({ type: 'done', css: output.css });
} catch (caught) {
  const error = caught ?? {};
  parentPort.postMessage({
    type: 'failed',
    error: {
      message: typeof error.message === 'string' ? error.message : String(caught),
      type: typeof error.type === 'string' ? error.type : null,
      filename: typeof error.filename === 'string' ? error.filename : null,
      line: typeof error.line === 'number' ? error.line : null,
      column: typeof error.column === 'number' ? error.column : null,
    },
  });
}
