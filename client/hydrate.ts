/**
 * Browser entry: finds every island root rendered by the server, loads only
 * the islands present, and hydrates each with the props it was rendered with.
 */
import { createElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { islandLoaders } from './islands/loaders.ts';
import { isIslandName } from './islands/names.ts';
import { ISLAND_ATTRIBUTE, PROPS_ATTRIBUTE, islandSelector } from './lib/island-root.ts';
import { reportError } from './lib/error-reporting.ts';
import { IslandBoundary } from './components/IslandBoundary.tsx';

function readProps(element: HTMLElement): Record<string, unknown> {
  const raw = element.getAttribute(PROPS_ATTRIBUTE);
  if (!raw) return {};
  const parsed: unknown = JSON.parse(raw);
  return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
}

export async function hydrateIslands(root: ParentNode = document): Promise<void> {
  const elements = Array.from(root.querySelectorAll<HTMLElement>(islandSelector()));
  await Promise.all(elements.map(async (element) => {
    const name = element.getAttribute(ISLAND_ATTRIBUTE) ?? '';
    if (!isIslandName(name) || element.dataset.hydrated === 'true') return;
    element.dataset.hydrated = 'true';
    try {
      const module = await islandLoaders[name]();
      hydrateRoot(element, createElement(IslandBoundary, null, createElement(module.default, readProps(element))), {
        onRecoverableError: (error) => reportError(error),
      });
    } catch (error) {
      reportError(error);
    }
  }));
}
