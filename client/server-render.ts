/**
 * Server side of the islands: renders an island's first HTML with
 * react-dom/server inside its root element, with its props as escaped JSON,
 * so the page is complete before any script runs and hydration matches.
 */
import { LRUCache } from 'lru-cache';
import { createElement, type ComponentProps, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { islandComponents, isIslandName, type IslandName } from './islands/registry.ts';
import { ISLAND_ATTRIBUTE, PROPS_ATTRIBUTE, escapePropsAttribute } from './lib/island-root.ts';
import { HELPERS } from './lib/messages.ts';
import { currentLanguage } from './lib/language.ts';
import { IslandBoundary } from './components/IslandBoundary.tsx';

export type IslandProps<N extends IslandName> = ComponentProps<(typeof islandComponents)[N]>;
export type { IslandName };

/** The island's HTML, in the current language (client/lib/language.ts): `<div data-island="NAME" data-props='…'>…</div>`. */
export function renderIsland<N extends IslandName>(name: N, props: IslandProps<N>): string {
  if (!isIslandName(name)) throw new Error(HELPERS.islandMissing(String(name)));
  // JSON round trip: what the browser will parse is exactly what we render with.
  const json = JSON.stringify(props ?? {});
  // The HTML depends only on the island and its serialised props, so identical props share it;
  // the key holds the whole props, so one visitor's values never answer for another's, and the
  // language its words are written in (the store's: a store changing it renders afresh).
  const key = `${currentLanguage()}\u0000${name}\u0000${json}`;
  const cached = renderedIslands.get(key);
  if (cached !== undefined) return cached;
  const html = renderUncached(name, json);
  renderedIslands.set(key, html);
  return html;
}

/**
 * Rendered islands kept, in characters of key (the props) and HTML together: bounded by size, not
 * count, because visitor-specific props (cart entries, entered answers) vary in length. An island
 * bigger than a sixteenth of the budget is rendered every time rather than pushing out the rest.
 */
export const ISLAND_CACHE_CHARACTERS = 8 * 1024 * 1024;

const renderedIslands = new LRUCache<string, string>({
  maxSize: ISLAND_CACHE_CHARACTERS,
  maxEntrySize: ISLAND_CACHE_CHARACTERS / 16,
  sizeCalculation: (html, key) => html.length + key.length,
});

/** Characters the rendered islands kept take now (never more than ISLAND_CACHE_CHARACTERS). */
export function islandCacheCharacters(): number {
  return renderedIslands.calculatedSize;
}

function renderUncached(name: IslandName, json: string): string {
  const component = islandComponents[name] as unknown as ComponentType<Record<string, unknown>>;
  const hydratedProps = JSON.parse(json) as Record<string, unknown>;
  const html = renderToString(createElement(IslandBoundary, null, createElement(component, hydratedProps)));
  return `<div ${ISLAND_ATTRIBUTE}="${name}" ${PROPS_ATTRIBUTE}='${escapePropsAttribute(json)}'>${html}</div>`;
}
