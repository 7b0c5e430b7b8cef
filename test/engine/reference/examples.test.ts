/**
 * Every example of the language reference is rendered with the engine and
 * must give exactly the output (and errors) the reference shows.
 */
import { describe, expect, test } from 'vitest';
import { domainReferences, instructions, type Example } from '../../../engine/reference/index.ts';
import { runExample } from '../../../engine/reference/run-example.ts';

function cases(examples: readonly Example[]): [number, Example][] {
  return examples.map((example, i) => [i + 1, example]);
}

function check(example: Example): void {
  const result = runExample(example);
  expect(result.errors.map((e) => e.replace(/^\d+:\d+ /, ''))).toEqual(example.errors ?? []);
  expect(result.output).toBe(example.output);
}

describe('instruction examples', () => {
  for (const doc of instructions) {
    test.each(cases(doc.examples))(`${doc.name} example %i`, (_n, example) => check(example));
  }
});

for (const domain of domainReferences) {
  describe(`${domain.domain} examples`, () => {
    for (const [kind, docs] of [['formatter', domain.formatters], ['predicate', domain.predicates]] as const) {
      for (const [name, doc] of Object.entries(docs)) {
        test.each(cases(doc.examples))(`${kind} ${name} example %i`, (_n, example) => check(example));
      }
    }
  });
}
