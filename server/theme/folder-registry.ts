import { createDefaultRegistry, type Formatter, type RenderContext } from '../../engine/index.ts';
import { PLATFORM_TAG_FORMATTER } from './platform-tags.ts';
import { themeMessages } from './theme-messages.ts';

/** Where a folder page's render keeps its platform services: a symbol no template can name. */
export const PLATFORM_SERVICES = Symbol('squarespace platform services');

/** What a platform tag's instruction asks of the page being rendered. */
export interface PlatformTagRunner {
  run(tagId: string, ctx: RenderContext): string;
}

function runnerOf(ctx: RenderContext): PlatformTagRunner | undefined {
  const holder = ctx.resolve(['squarespace']);
  if (holder === null || typeof holder !== 'object') return undefined;
  return (holder as { [PLATFORM_SERVICES]?: PlatformTagRunner })[PLATFORM_SERVICES];
}

/** `{@|squarespace-tag ID}`: the instruction a platform tag was rewritten into. */
const squarespaceTag: Formatter = {
  validate: (args) => (args.length === 1 ? undefined : 'expects the id of one platform tag'),
  apply(_value, args, ctx, _vars) {
    const runner = runnerOf(ctx);
    if (runner === undefined) {
      ctx.error(themeMessages.tagOutsideFolder);
      return '';
    }
    return runner.run(args[0]!, ctx);
  },
};

/** The engine's plugins plus the platform-tag instruction; every folder file compiles with these. */
export const folderRegistry = createDefaultRegistry().addFormatters({ [PLATFORM_TAG_FORMATTER]: squarespaceTag });
