/**
 * Tokens of the inside of one `{…}` tag, as a multi-mode Chevrotain lexer.
 *
 * The language decides what a tag is by its first characters: `.` starts an
 * instruction, anything else a variable reference. Each instruction keyword
 * pushes the mode that lexes its operands, because the same characters mean
 * different things after `.var` (a definition), `.macro` (a file path) or a
 * predicate (raw arguments split on their first character). Whatever does not
 * lex is not an instruction, and the template keeps it as literal text.
 */
import { createToken, Lexer, type TokenType } from 'chevrotain';

const WORD = '[a-zA-Z][a-zA-Z0-9_-]*';
const SEGMENT = `(?:\\d+|[@$]?${WORD}|@)`;

// Operand tokens shared by several modes.
export const Whitespace = createToken({ name: 'Whitespace', pattern: /[ \f\n\r\t\v]+/ });
export const Space = createToken({ name: 'Space', pattern: / / });
export const Separator = createToken({ name: 'Separator', pattern: / *, */ });
export const Reference = createToken({ name: 'Reference', pattern: new RegExp(`${SEGMENT}(?:\\.${SEGMENT})*`) });
export const Definition = createToken({ name: 'Definition', pattern: new RegExp(`@${WORD}`) });
export const FilePath = createToken({ name: 'FilePath', pattern: /[./a-zA-Z0-9_-]+/ });
export const InjectPath = createToken({ name: 'InjectPath', pattern: /[./a-zA-Z0-9_-]+/, push_mode: 'rest' });
/** Raw arguments: everything to the end of the tag; the first character is the delimiter. */
export const Rest = createToken({ name: 'Rest', pattern: /[^}]+/ });
/**
 * A `}` and all after it, which only a multi-line comment inside the tag brings: raw arguments
 * stop before it and the instructions that read them ignore it, while it is part of `.eval`'s
 * code, as in the Java reference. No other token takes a `}`, so any other tag with one is text.
 */
export const AfterBrace = createToken({ name: 'AfterBrace', pattern: /\}[^]*/ });
export const Operator = createToken({ name: 'Operator', pattern: /&&|\|\|/ });
/** The name of a `.ctx`; its bindings are read from the rest of the tag (see ctx-bindings.ts). */
export const CtxName = createToken({ name: 'CtxName', pattern: new RegExp(`@${WORD}`), push_mode: 'rest' });
export const PredicateName = createToken({
  name: 'PredicateName',
  pattern: new RegExp(`${WORD}\\?`),
  push_mode: 'rest',
});
export const EvalSpace = createToken({ name: 'EvalSpace', pattern: /[ \f\n\r\t\v]+/, push_mode: 'rest' });

// Formatter chains: `|name` followed by optional raw arguments up to the next `|`.
export const FirstPipe = createToken({ name: 'FirstPipe', pattern: /\|/, push_mode: 'formatter' });
export const Pipe = createToken({ name: 'Pipe', pattern: /\|/ });
export const FormatterName = createToken({ name: 'FormatterName', pattern: new RegExp(WORD) });
export const FormatterArgs = createToken({ name: 'FormatterArgs', pattern: /[^|}]+/ });

// Instruction keywords (the leading dot included).
const keyword = (name: string, text: string, mode?: string): TokenType =>
  createToken({
    name,
    pattern: new RegExp(text.replace(/[.]/g, '\\.')),
    ...(mode ? { push_mode: mode } : {}),
  });

export const PredicateKw = createToken({ name: 'PredicateKw', pattern: new RegExp(`\\.${WORD}\\?`), push_mode: 'rest' });
export const SectionKw = keyword('SectionKw', '.section', 'section');
/** `.repeated section`: the two words may be apart by any whitespace run, as in the Java reference. */
export const RepeatedKw = createToken({ name: 'RepeatedKw', pattern: /\.repeated[ \f\n\r\t\v]+section/, push_mode: 'section' });
export const EndKw = keyword('EndKw', '.end');
export const EofKw = keyword('EofKw', '.eof');
export const EvalKw = keyword('EvalKw', '.eval', 'eval');
export const AlternatesKw = keyword('AlternatesKw', '.alternates with');
export const OrKw = keyword('OrKw', '.or', 'or');
export const IfKw = keyword('IfKw', '.if', 'if');
export const IncludeKw = keyword('IncludeKw', '.include', 'rest');
export const InjectKw = keyword('InjectKw', '.inject', 'inject');
export const MacroKw = keyword('MacroKw', '.macro', 'macro');
export const MetaLeftKw = keyword('MetaLeftKw', '.meta-left');
export const MetaRightKw = keyword('MetaRightKw', '.meta-right');
export const NewlineKw = keyword('NewlineKw', '.newline');
export const SpaceKw = keyword('SpaceKw', '.space');
export const TabKw = keyword('TabKw', '.tab');
export const VarKw = keyword('VarKw', '.var', 'bindvar');
export const CtxKw = keyword('CtxKw', '.ctx', 'ctx');

export const allTokens: TokenType[] = [
  Whitespace, Space, Separator, Reference, Definition, FilePath, InjectPath, Rest, AfterBrace, Operator, CtxName,
  PredicateName, EvalSpace, FirstPipe, Pipe, FormatterName, FormatterArgs, PredicateKw, SectionKw, RepeatedKw,
  EndKw, EofKw, EvalKw, AlternatesKw, OrKw, IfKw, IncludeKw, InjectKw, MacroKw, MetaLeftKw, MetaRightKw,
  NewlineKw, SpaceKw, TabKw, VarKw, CtxKw,
];

/** Modes: the first token of a tag decides the rest. Order inside a mode is priority. */
const buildTagLexer = (): Lexer => new Lexer(
  {
    defaultMode: 'variable',
    modes: {
      variable: [Reference, Separator, FirstPipe],
      formatter: [FormatterName, FormatterArgs, Pipe],
      instruction: [
        PredicateKw, RepeatedKw, SectionKw, EndKw, EofKw, EvalKw, AlternatesKw, OrKw, IfKw, IncludeKw, InjectKw,
        MacroKw, MetaLeftKw, MetaRightKw, NewlineKw, SpaceKw, TabKw, VarKw, CtxKw,
      ],
      section: [Whitespace, Reference],
      or: [Space, PredicateName],
      if: [Whitespace, PredicateName, Reference, Operator],
      bindvar: [Separator, Whitespace, Definition, Reference, FirstPipe],
      ctx: [Whitespace, CtxName],
      macro: [Whitespace, FilePath],
      inject: [Whitespace, Definition, InjectPath],
      eval: [EvalSpace],
      rest: [Rest, AfterBrace],
    },
  },
  { positionTracking: 'onlyOffset', ensureOptimizations: false, skipValidations: true },
);

let lexer: Lexer | null = null;

/** The tag lexer, built on first use: most tags take the fast path, and a short run (a `tmpl` call) may never need it. */
export function tagLexer(): Lexer {
  return (lexer ??= buildTagLexer());
}
