import { Router } from 'express';
import type { TemplateError } from '../../engine/index.ts';
import { NONCE_PLACEHOLDER } from '../security/content-security-policy.ts';
import { beforeBodyEnd, overlayEntries, overlayMarkup, overlayPage } from './error-overlay.ts';
import { DevFileWatcher, type WatchedSource } from './file-watcher.ts';
import { OVERLAY_SCRIPT } from './overlay-script.ts';
import { RELOAD_EVENTS_PATH, ReloadStream } from './reload-stream.ts';

/** What the page renderer asks of the development tools. */
export interface DevPageHooks {
  /**
   * A rendered page as development sends it: with the reload script, under the overlay when the
   * render reported errors or there are warnings (problems the page still works with).
   */
  renderedPage(html: string, errors: readonly TemplateError[], warnings?: readonly TemplateError[]): string;
  /** The overlay page for a page whose templates do not compile (every error of the page and its partials). */
  compileFailurePage(errors: readonly TemplateError[]): string;
}

export interface DevToolsOptions {
  /** What to watch and what to forget on a change: the templates first; more sources can be added with `watcher.add`. */
  sources: WatchedSource[];
  /** A template's source by the name its errors carry, for code frames. */
  sourceOf: (name: string) => string | undefined;
  /** The names a page can apply as partials, for the closest one to a partial that is missing. */
  partialNames?: () => readonly string[];
}

export interface DevTools extends DevPageHooks {
  /** Serves GET /__dev/events; mounted only in development, so production answers 404 there. */
  router: Router;
  /** The file watcher: `watcher.add({ folders, invalidate })` plugs in another source. */
  watcher: DevFileWatcher;
  close(): Promise<void>;
}

/**
 * Development pages listen for reloads, from the count of reloads when they were rendered (a save
 * before their stream opens still reloads them: ReloadStream); the nonce stand-in becomes the
 * response's CSP nonce when the page is sent, like every other script of the page.
 */
function reloadScript(since: number): string {
  return `<script nonce="${NONCE_PLACEHOLDER}">new EventSource(${JSON.stringify(`${RELOAD_EVENTS_PATH}?since=${since}`)}).addEventListener("reload",()=>location.reload())</script>`;
}

/** Live reload and the error overlay of `npm run dev` (never created in production). */
export function createDevTools(options: DevToolsOptions): DevTools {
  let stream: ReloadStream | null = null;
  const watcher = new DevFileWatcher((files) => stream?.reload(files));
  stream = new ReloadStream(() => watcher.ready());
  for (const source of options.sources) watcher.add(source);

  const router = Router();
  router.get(RELOAD_EVENTS_PATH, stream.handler);
  /** After the overlay (when there is one): the reload, and the overlay's focus and Escape. */
  const pageScripts = (): string => reloadScript(stream.reloadCount) + OVERLAY_SCRIPT;

  return {
    router,
    watcher,
    renderedPage(html, errors, warnings = []) {
      const entries = (problems: readonly TemplateError[]) => overlayEntries(problems, options.sourceOf, options.partialNames);
      // nothing rendered (a layout whose only region has no file): the errors' own page, titled as the others are
      if (html.trim() === '' && errors.length > 0) return overlayPage(entries(errors), pageScripts(), entries(warnings));
      const overlay = errors.length > 0 || warnings.length > 0 ? overlayMarkup(entries(errors), entries(warnings)) : '';
      return beforeBodyEnd(html, overlay + pageScripts());
    },
    compileFailurePage(errors) {
      return overlayPage(overlayEntries(errors, options.sourceOf, options.partialNames), pageScripts());
    },
    async close() {
      stream?.close();
      await watcher.close();
    },
  };
}
