import { describe, expect, it } from 'vitest';
import { fontTweakVariables } from '../../../server/theme/font-tweak-variables.ts';

const FONT = '// tweak: { "type" : "font", "title" : "Heading 1 Font" }';

describe('fontTweakVariables', () => {
  it("makes a variable of each declaration of the rule under a font tweak, past blank and comment lines", () => {
    const text = [FONT, '', '  // the largest heading', '.heading1-font {', '  font-family: Georgia, serif;', '  font-size:32px;', '  LINE-HEIGHT : 1.2 }'].join('\n');
    expect(fontTweakVariables(text)).toBe('@heading1-font-font-family: Georgia, serif;\n@heading1-font-font-size: 32px;\n@heading1-font-line-height: 1.2;');
  });

  it('reads files saved with Windows line ends', () => {
    expect(fontTweakVariables(`${FONT}\r\n.body-font {\r\n  font-size: 16px;\r\n}\r\n`)).toBe('@body-font-font-size: 16px;');
  });

  it('makes nothing of other tweaks, of a tweak over a variable, or of a rule with braces inside', () => {
    expect(fontTweakVariables('// tweak: { "type" : "color" }\n.not-a-font { font-size: 9px; }')).toBe('');
    expect(fontTweakVariables(`${FONT}\n@size: 9px;\n.later { font-size: 9px; }`)).toBe('');
    expect(fontTweakVariables(`${FONT}\n.nested { a { font-size: 9px; } }`)).toBe('');
    expect(fontTweakVariables(`${FONT} trailing words\n.a { font-size: 9px; }`)).toBe('');
  });

  it('gives a rule to the nearest of several tweak comments over it, once', () => {
    // doncab: a dropdown's tweak, over no rule, then a blank line and the font tweak of the rule
    const text = `// tweak: { "type" : "dropdown" }\n\n${FONT}\n.banner-title-font { font-size: 72px; }\n.later { font-size: 1px; }`;
    expect(fontTweakVariables(text)).toBe('@banner-title-font-font-size: 72px;');
    expect(fontTweakVariables(`${FONT}\n// tweak: { "type" : "color" }\n.a { font-size: 9px; }`)).toBe('');
  });

  // The regular expression this replaced backtracked exponentially over a run of blank or comment
  // lines with no rule after them (a stylesheet of tweak comments over variables): these ran for
  // minutes on the server's thread.
  it('reads long runs of tweak, comment and blank lines with no rule after them, as stylesheets have', () => {
    const tweaks = Array.from({ length: 2000 }, (_, i) => `// tweak: { "type" : "font", "title" : "T${i}" }\n\n// note\n`).join('');
    expect(fontTweakVariables(`${tweaks}@after: 1px;\n`)).toBe('');
    expect(fontTweakVariables(`${FONT}\n${'\n \n'.repeat(50_000)}@x: 1;`)).toBe('');
    expect(fontTweakVariables(`${FONT}\n${'.a '.repeat(50_000)}`)).toBe('');
    expect(fontTweakVariables(`${FONT}\n.a {${' font-size x'.repeat(50_000)}`)).toBe('');
    expect(fontTweakVariables(`${FONT}\n.a {${'a:'.repeat(50_000)}}`)).toBe('@a-a: ' + 'a:'.repeat(49_999) + ';');
  });
});
