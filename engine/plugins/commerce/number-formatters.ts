/**
 * Number displays of the store: `bookkeeper-money-format` (cents as US
 * dollars) and `percentage-format` (an optional `trim` argument drops
 * trailing zeros).
 */
import type { FormatterTable } from '../types.ts';
import { doubleOf } from '../core/node-coercion.ts';
import { formatPercentage } from './decimal-format.ts';
import { formatBookkeeperMoney } from './money.ts';

export const commerceNumberFormatters: FormatterTable = {
  'bookkeeper-money-format': {
    apply: (value) => formatBookkeeperMoney(doubleOf(value)),
  },
  'percentage-format': {
    apply: (value, args) => formatPercentage(doubleOf(value), args[0] === 'trim'),
  },
};
