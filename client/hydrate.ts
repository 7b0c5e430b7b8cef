/**
 * Browser entry: finds every island root rendered by the server, loads only
 * the islands present, and hydrates each with the props it was rendered with.
 * A root is marked `data-hydrated="true"` only once its island is live (its
 * first client render committed, its handlers attached), not when loading
 * starts: until then the server's markup is all there is.
 */
import { createElement, useLayoutEffect, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { islandLoaders } from './islands/loaders.ts';
import { isIslandName } from './islands/names.ts';
import { ISLAND_ATTRIBUTE, PROPS_ATTRIBUTE, islandSelector } from './lib/island-root.ts';
import { reportError } from './lib/error-reporting.ts';
import { takePageLanguage } from './lib/page-language.ts';
import { readPageContext } from './lib/page-context.ts';
import { IslandBoundary } from './components/IslandBoundary.tsx';

/** Roots whose island is loading or live, so a second call never hydrates one twice. */
const started = new WeakSet<Element>();

function readProps(element: HTMLElement): Record<string, unknown> {
  const raw = element.getAttribute(PROPS_ATTRIBUTE);
  if (!raw) return {};
  const parsed: unknown = JSON.parse(raw);
  return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
}

/**
 * Marks the root once the island inside it has committed (layout effects run after the island's
 * own, so the island has taken over by then). Renders nothing of its own, so the markup matches.
 * An island that fails shows the boundary's fallback instead, and its root stays unmarked.
 */
function MarkLive({ root, children }: { root: HTMLElement; children?: ReactNode }) {
  useLayoutEffect(() => {
    root.dataset.hydrated = 'true';
  }, [root]);
  return children;
}

export async function hydrateIslands(root: ParentNode = document): Promise<void> {
  // the words the server rendered the islands with: the store's language, which the page's context names
  await takePageLanguage(readPageContext().locale);
  const elements = Array.from(root.querySelectorAll<HTMLElement>(islandSelector()));
  await Promise.all(elements.map(async (element) => {
    const name = element.getAttribute(ISLAND_ATTRIBUTE) ?? '';
    if (!isIslandName(name) || started.has(element) || element.dataset.hydrated === 'true') return;
    started.add(element);
    try {
      const module = await islandLoaders[name]();
      const island = createElement(MarkLive, { root: element }, createElement(module.default, readProps(element)));
      hydrateRoot(element, createElement(IslandBoundary, null, island), {
        onRecoverableError: (error) => reportError(error),
      });
    } catch (error) {
      // The island's code did not load: leave the root unmarked, and let a later call try again.
      started.delete(element);
      reportError(error);
    }
  }));
}
