/**
 * The default plugin library: every domain's tables in one registry.
 * Each domain folder exports its formatter and predicate tables from index.ts.
 */
import { PluginRegistry } from './registry.ts';
import { coreFormatters, corePredicates } from './core/index.ts';
import { commerceFormatters, commercePredicates } from './commerce/index.ts';
import { contentFormatters, contentPredicates } from './content/index.ts';
import { socialFormatters, socialPredicates } from './social/index.ts';
import { dateFormatters } from './date/index.ts';
import { i18nFormatters, i18nPredicates } from './i18n/index.ts';

export function createDefaultRegistry(): PluginRegistry {
  return new PluginRegistry()
    .addFormatters(coreFormatters)
    .addPredicates(corePredicates)
    .addFormatters(commerceFormatters)
    .addPredicates(commercePredicates)
    .addFormatters(contentFormatters)
    .addPredicates(contentPredicates)
    .addFormatters(socialFormatters)
    .addPredicates(socialPredicates)
    .addFormatters(dateFormatters)
    .addFormatters(i18nFormatters)
    .addPredicates(i18nPredicates);
}

export const defaultRegistry: PluginRegistry = createDefaultRegistry();
