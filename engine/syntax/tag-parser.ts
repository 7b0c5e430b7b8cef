/**
 * Grammar of one tag's inside, as a Chevrotain parser over the tag lexer's
 * tokens. The result is pure syntax (no plugin lookups, no positions) so it
 * can be cached by the tag's text and shared between templates.
 */
import { EmbeddedActionsParser, type IOrAlt, type IToken, type TokenType } from 'chevrotain';
import { readCtxBindings } from './ctx-bindings.ts';
import { skipWhitespace } from './tag-chars.ts';
import * as T from './tag-lexer.ts';
import { Opcode } from './opcodes.ts';
import { splitPath, type FormatterCall, type Path } from './nodes.ts';
import { IF_VARIABLE_LIMIT, splitArgs, splitArgsToPipe, type ParsedTag } from './parsed-tag.ts';

export { IF_VARIABLE_LIMIT, splitArgs, type ParsedTag } from './parsed-tag.ts';

const SIMPLE: [TokenType, ParsedTag['op']][] = [
  [T.EndKw, Opcode.END],
  [T.EofKw, Opcode.EOF],
  [T.AlternatesKw, Opcode.ALTERNATES_WITH],
  [T.MetaLeftKw, Opcode.META_LEFT],
  [T.MetaRightKw, Opcode.META_RIGHT],
  [T.NewlineKw, Opcode.NEWLINE],
  [T.SpaceKw, Opcode.SPACE],
  [T.TabKw, Opcode.TAB],
];

class TagParser extends EmbeddedActionsParser {
  constructor() {
    super(T.allTokens, { recoveryEnabled: false, maxLookahead: 3, skipValidations: true });
    this.performSelfAnalysis();
  }

  /** A path token: references, and definitions used as references (`@foo`). */
  private pathRef = this.RULE('pathRef', (): Path => {
    const tok = this.OR([{ ALT: () => this.CONSUME(T.Reference) }, { ALT: () => this.CONSUME(T.Definition) }]);
    return this.ACTION(() => splitPath(tok.image));
  });

  private formatters = this.RULE('formatters', (): FormatterCall[] => {
    const calls: FormatterCall[] = [];
    this.CONSUME(T.FirstPipe);
    calls.push(this.SUBRULE(this.formatterCall));
    this.MANY(() => {
      this.CONSUME(T.Pipe);
      calls.push(this.SUBRULE2(this.formatterCall));
    });
    return calls;
  });

  private formatterCall = this.RULE('formatterCall', (): FormatterCall => {
    const name = this.CONSUME(T.FormatterName).image;
    let call: FormatterCall = { name, args: null, delimiter: '' };
    this.OPTION(() => {
      const raw = this.CONSUME(T.FormatterArgs).image;
      this.ACTION(() => {
        const { args, delimiter } = splitArgs(raw);
        call = { name, args, delimiter };
      });
    });
    return call;
  });

  private variableList = this.RULE('variableList', (): Path[] => {
    const list: Path[] = [this.SUBRULE(this.pathRef)];
    this.MANY(() => {
      this.CONSUME(T.Separator);
      list.push(this.SUBRULE2(this.pathRef));
    });
    return list;
  });

  /** `{a.b, c|fmt arg|fmt2}` */
  variableTag = this.RULE('variableTag', (): ParsedTag => {
    const variables = this.SUBRULE(this.variableList);
    const formatters = this.OPTION(() => this.SUBRULE(this.formatters)) ?? [];
    return { op: Opcode.VARIABLE, variables, formatters };
  });

  /** Optional raw arguments to the end of the tag or a `}`, after which the rest is ignored. */
  private restArgs = this.RULE('restArgs', (): { args: string[] | null; delimiter: string } => {
    let result: { args: string[] | null; delimiter: string } = { args: null, delimiter: '' };
    this.OPTION(() => {
      const raw = this.CONSUME(T.Rest).image;
      this.ACTION(() => {
        result = splitArgs(raw);
      });
    });
    this.SUBRULE(this.ignored);
    return result;
  });

  /** What follows a `}` inside the tag, which the readers of raw arguments ignore. */
  private ignored = this.RULE('ignored', (): void => {
    this.OPTION(() => this.CONSUME(T.AfterBrace));
  });

  /** The instruction alternatives, built on the first call and reused (Chevrotain's advice for hot ORs). */
  private instructionAlts: IOrAlt<ParsedTag>[] | undefined = undefined;

  instruction = this.RULE('instruction', (): ParsedTag =>
    this.OR((this.instructionAlts ??= [
      {
        ALT: () => {
          const name = this.CONSUME(T.PredicateKw).image.slice(1);
          const { args, delimiter } = this.SUBRULE(this.restArgs);
          return { op: Opcode.PREDICATE, name, args, delimiter, viaIf: false } as ParsedTag;
        },
      },
      {
        ALT: () => {
          const op = this.OR2([
            { ALT: () => (this.CONSUME(T.SectionKw), Opcode.SECTION) },
            { ALT: () => (this.CONSUME(T.RepeatedKw), Opcode.REPEATED) },
          ]);
          this.CONSUME(T.Whitespace);
          const ref = this.CONSUME2(T.Reference);
          const path = this.ACTION(() => splitPath(ref.image));
          return { op, path } as ParsedTag;
        },
      },
      {
        ALT: () => {
          this.CONSUME(T.OrKw);
          let tag: ParsedTag = { op: Opcode.OR_PREDICATE, name: null, args: null, delimiter: '', viaIf: false };
          this.OPTION(() => {
            this.CONSUME(T.Space);
            const name = this.CONSUME(T.PredicateName).image;
            const { args, delimiter } = this.SUBRULE2(this.restArgs);
            tag = { op: Opcode.OR_PREDICATE, name, args, delimiter, viaIf: false };
          });
          return tag;
        },
      },
      { ALT: () => this.SUBRULE(this.ifTag) },
      { ALT: () => this.SUBRULE(this.bindvarTag) },
      { ALT: () => this.SUBRULE(this.ctxvarTag) },
      {
        ALT: () => {
          this.CONSUME(T.EvalKw);
          this.CONSUME(T.EvalSpace);
          let code = '';
          this.OPTION2(() => {
            code = this.CONSUME2(T.Rest).image;
          });
          // The code goes on past a `}` (only a multi-line comment inside the tag brings one).
          this.OPTION4(() => {
            code += this.CONSUME(T.AfterBrace).image;
          });
          return { op: Opcode.EVAL, code } as ParsedTag;
        },
      },
      {
        ALT: () => {
          this.CONSUME(T.IncludeKw);
          const raw = this.CONSUME3(T.Rest).image;
          this.SUBRULE2(this.ignored);
          const { args, delimiter } = this.ACTION(() => splitArgsToPipe(raw)) ?? { args: null, delimiter: '' };
          // The name comes first; an include needs a space before it and a name.
          const ok = delimiter === ' ' && args !== null && args.length > 0 && args[0] !== '';
          return ok
            ? ({ op: Opcode.INCLUDE, name: args[0], args: args.slice(1), delimiter } as ParsedTag)
            : (this.invalid() as unknown as ParsedTag);
        },
      },
      {
        ALT: () => {
          this.CONSUME(T.InjectKw);
          this.CONSUME2(T.Whitespace);
          const name = this.CONSUME(T.Definition).image;
          this.CONSUME3(T.Whitespace);
          const path = this.CONSUME(T.InjectPath).image;
          let raw = '';
          this.OPTION3(() => {
            raw = this.CONSUME4(T.Rest).image;
          });
          this.SUBRULE3(this.ignored);
          const { args, delimiter } = this.ACTION(() => splitArgsToPipe(raw)) ?? { args: null, delimiter: '' };
          return { op: Opcode.INJECT, name, path, args, delimiter } as ParsedTag;
        },
      },
      {
        ALT: () => {
          this.CONSUME(T.MacroKw);
          this.CONSUME4(T.Whitespace);
          return { op: Opcode.MACRO, name: this.CONSUME(T.FilePath).image } as ParsedTag;
        },
      },
      ...SIMPLE.map(([tok, op]) => ({
        ALT: () => {
          this.CONSUME5(tok);
          return { op } as ParsedTag;
        },
      })),
    ])),
  );

  private ifTag = this.RULE('ifTag', (): ParsedTag => {
    this.CONSUME(T.IfKw);
    this.CONSUME(T.Whitespace);
    return this.OR([
      {
        ALT: () => {
          const name = this.CONSUME(T.PredicateName).image;
          const { args, delimiter } = this.SUBRULE(this.restArgs);
          return { op: Opcode.PREDICATE, name, args, delimiter, viaIf: true } as ParsedTag;
        },
      },
      {
        ALT: () => {
          const first = this.CONSUME(T.Reference);
          const variables: Path[] = [this.ACTION(() => splitPath(first.image))];
          const operators: (0 | 1)[] = [];
          this.OPTION(() => this.CONSUME2(T.Whitespace));
          this.MANY(() => {
            operators.push(this.CONSUME(T.Operator).image === '&&' ? 1 : 0);
            this.OPTION2(() => this.CONSUME3(T.Whitespace));
            const next = this.CONSUME2(T.Reference);
            variables.push(this.ACTION(() => splitPath(next.image)));
            this.OPTION3(() => this.CONSUME4(T.Whitespace));
          });
          // Past the Java reference's limit the tag is not an instruction (its diagnosis reports why).
          return variables.length > IF_VARIABLE_LIMIT
            ? (this.invalid() as unknown as ParsedTag)
            : ({ op: Opcode.IF, operators, variables } as ParsedTag);
        },
      },
    ]);
  });

  private bindvarTag = this.RULE('bindvarTag', (): ParsedTag => {
    this.CONSUME(T.VarKw);
    this.CONSUME(T.Whitespace);
    const name = this.CONSUME(T.Definition).image;
    this.CONSUME2(T.Whitespace);
    const variables = this.SUBRULE(this.variableList);
    const formatters = this.OPTION(() => this.SUBRULE(this.formatters)) ?? [];
    return { op: Opcode.BINDVAR, name, variables, formatters };
  });

  /** `.ctx @name key=path …`: the bindings are read from the rest, which may end in ignored text. */
  private ctxvarTag = this.RULE('ctxvarTag', (): ParsedTag => {
    this.CONSUME(T.CtxKw);
    this.CONSUME(T.Whitespace);
    const name = this.CONSUME(T.CtxName).image;
    const rest = this.CONSUME(T.Rest).image;
    this.SUBRULE(this.ignored);
    const tag = this.ACTION(() => {
      const start = skipWhitespace(rest, 0);
      const bindings = start === 0 ? null : readCtxBindings(rest, start);
      return bindings === null ? null : ({ op: Opcode.CTXVAR, name, bindings } as ParsedTag);
    });
    return tag ?? (this.invalid() as unknown as ParsedTag);
  });

  /** Marks a tag that lexed and parsed but breaks a rule the grammar cannot express. */
  private invalid(): null {
    return null;
  }
}

/** Built on first use: most tags take the hand-written fast path, and a short run (a `tmpl` call) may never need it. */
let parser: TagParser | null = null;

/**
 * Parses a tag's inside (without braces). Returns null when it is not an
 * instruction, in which case the template keeps `{…}` as text.
 */
export function parseTagSyntax(content: string): ParsedTag | null {
  const isInstruction = content.charCodeAt(0) === 46; /* . */
  const lexed = T.tagLexer().tokenize(content, isInstruction ? 'instruction' : 'variable');
  if (lexed.errors.length > 0 || lexed.tokens.length === 0) return null;
  parser ??= new TagParser();
  parser.input = lexed.tokens as IToken[];
  const result = isInstruction ? parser.instruction() : parser.variableTag();
  if (parser.errors.length > 0) return null;
  return result ?? null;
}
