/** What the benchmark's bundle of our engine exports: the public API and the locale data the reference shares. */
export * from '../../engine/index.ts';
export { cldrFor } from '../../engine/plugins/i18n/cldr.ts';
