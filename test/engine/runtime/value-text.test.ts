import { describe, expect, it } from 'vitest';
import { compile } from '../../../engine/index.ts';
import { parseJson } from '../../../engine/runtime/json-reader.ts';

describe('a list written as text', () => {
  it('joins its elements as String() prints them', () => {
    expect(compile('{list}').render({ list: [1, 'a', true, { a: 1 }, [2, 3], null] }).html).toBe('1,a,true,[object Object],2,3,null');
  });

  it("prints objects String() cannot print (a JSON key named toString or valueOf, no prototype) as [object Object], without ending the render", () => {
    const data = parseJson('{"list":[{"toString":"x"},[1,{"valueOf":2},null],3]}') as Record<string, unknown>;
    const result = compile('<p>{list}</p>').render(data);
    expect(result.errors).toEqual([]);
    expect(result.html).toBe('<p>[object Object],1,[object Object],,3</p>');
    expect(compile('{list}').render({ list: [Object.create(null), 1] }).html).toBe('[object Object],1');
  });
});
