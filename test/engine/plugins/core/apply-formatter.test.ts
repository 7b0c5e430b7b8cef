import { describe, expect, it } from 'vitest';
import { messages } from '../../../../engine/messages.ts';
import { runFormatter, validateFormatter } from './apply-core.ts';
import { stubContext } from './render-context-stub.ts';

describe('apply', () => {
  it('renders the named partial with the value and returns its text', () => {
    const ctx = stubContext([{}], (name) => `<${name}>`);
    expect(runFormatter('apply', { a: 1 }, ['card'], ctx)).toBe('<card>');
    expect(ctx.partialCalls).toEqual([{ name: 'card', value: { a: 1 }, isolated: false, args: undefined }]);
  });

  it('isolates the partial with "private" and passes key=value pairs as @args', () => {
    const ctx = stubContext([{}]);
    runFormatter('apply', 'v', ['name', 'foo=1', 'ignore', 'bar=a=b', 'private'], ctx);
    expect(ctx.partialCalls[0]).toEqual({ name: 'name', value: 'v', isolated: true, args: { foo: '1', bar: 'a=b' } });
  });

  it('offers an empty @args when only flags follow the name', () => {
    const ctx = stubContext([{}]);
    runFormatter('apply', 'v', ['name', 'private'], ctx);
    expect(ctx.partialCalls[0]!.args).toEqual({});
  });

  it('requires the partial name', () => {
    expect(validateFormatter('apply', [])).toBe(messages.argsNotEnough(1));
    expect(validateFormatter('apply', ['x', 'private'])).toBeUndefined();
  });
});
