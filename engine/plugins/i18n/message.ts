/**
 * `message` (and its older name `plural`): the value is an ICU-style
 * message, the arguments are variables. `{msg|message count name}` with
 * msg = 'The {1} blog has {0 plural one{# post} other{# posts}}.'
 */
import type { Formatter } from '../types.ts';
import { messages } from '../../messages.ts';
import { asString } from '../../runtime/values.ts';
import { DEFAULT_TIME_ZONE, timeZoneOf } from '../date/time-zone.ts';
import { messageArguments } from './message-args.ts';
import type { MessageArguments } from './message-args.ts';
import { invalidPluralKey, pluralTags } from './message-check.ts';
import { formatMessage, isNumericArgument } from './message-format.ts';

/** The first problem of a message's plural tags, as a catalogue message, or undefined. */
export function pluralProblem(message: string, args: MessageArguments): string | undefined {
  for (const tag of pluralTags(message)) {
    const key = invalidPluralKey(tag);
    if (key !== undefined) return messages.messagePluralKeyInvalid(key);
    if (tag.offset !== 0) {
      const index = /^\d+$/.test(tag.argument) ? parseInt(tag.argument, 10) : -1;
      const value = index >= 0 ? args.positional[index] : args.named[tag.argument];
      if (!isNumericArgument(value)) {
        const name = index >= 0 && index < args.references.length ? args.references[index]! : tag.argument;
        return messages.messageOffsetNotNumeric(name);
      }
    }
  }
  return undefined;
}

export const messageFormatter: Formatter = {
  apply(value, args, ctx) {
    const message = asString(value);
    const resolved = messageArguments(args, ctx);
    const problem = pluralProblem(message, resolved);
    if (problem !== undefined) {
      ctx.error(problem);
      return undefined;
    }
    // Only the datetime functions read the zone, and a message can only call them by name.
    const zone = message.includes('datetime') ? timeZoneOf(ctx) : DEFAULT_TIME_ZONE;
    return formatMessage(message, resolved.positional, resolved.named, ctx.locale, zone);
  },
};
