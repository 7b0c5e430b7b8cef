/** AbsUrl, audio-player, capitalize and humanizeDuration. */
import { messages } from '../../messages.ts';
import type { Formatter } from '../types.ts';
import { longOf, textOf } from '../core/node-coercion.ts';
import { AUDIO_PLAYER_TEMPLATE } from './templates.ts';

/** The value as a path under the site's base URL (`base-url` in the context). */
const absUrl: Formatter = {
  apply: (value, _args, ctx) => `${textOf(ctx.resolve(['base-url']))}/${textOf(value)}`,
};

const audioPlayer: Formatter = {
  apply: (value, _args, ctx) => ctx.renderTemplate(AUDIO_PLAYER_TEMPLATE, value, true),
};

/** Upper-cases the whole text (the reference's name notwithstanding). */
const capitalize: Formatter = {
  apply: (value) => textOf(value).toUpperCase(),
};

/** Milliseconds as "m:ss"; minutes are not wrapped into hours. */
export function humanizeDuration(milliseconds: number): string {
  const totalSeconds = Math.floor(milliseconds / 1000);
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

const humanizeDurationFormatter: Formatter = {
  apply(value, _args, ctx) {
    const milliseconds = longOf(value);
    if (milliseconds < 0) {
      ctx.error(messages.contentDurationNegative);
      return undefined;
    }
    return humanizeDuration(milliseconds);
  },
};

export const textFormatters = {
  AbsUrl: absUrl,
  'audio-player': audioPlayer,
  capitalize,
  humanizeDuration: humanizeDurationFormatter,
} satisfies Record<string, Formatter>;
