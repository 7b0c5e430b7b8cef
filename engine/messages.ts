/**
 * Every message the engine and its plugins can report, in one place.
 * Strings are the references' (and the specification's), byte for byte;
 * code and tests import them from here instead of retyping them.
 */

const syntax = (m: string): string => `SyntaxError: ${m}`;
const runtime = (m: string): string => `RuntimeError: ${m}`;

export const messages = {
  // Parser and assembler.
  formatterUnknown: (name: string) => syntax(`Formatter '${name}' is unknown`),
  predicateUnknown: (name: string) => syntax(`Predicate '${name}' is unknown`),
  formatterArgs: (name: string, problem: string) => syntax(`Formatter '${name}' arguments: ${problem}`),
  predicateArgs: (name: string, problem: string) => syntax(`Predicate '${name}' arguments: ${problem}`),
  deadCode: (opcode: string) => syntax(`This ${opcode} block will never execute.`),
  eofInBlock: (opcode: string) => syntax(`Reached EOF in the middle of ${opcode}`),
  notAllowedInBlock: (opcode: string, parent: string) =>
    syntax(`${opcode} instruction is not allowed inside ${parent} block.`),
  notAllowedAtRoot: (opcode: string) => syntax(`Instruction ${opcode} not allowed at root`),
  // Tags that start like an instruction but break its syntax (the Java reference's tokenizer, in its
  // validate mode): each is reported and the tag stays text.
  tagInvalidInstruction: (keyword: string) => syntax(`Invalid instruction '${keyword}'`),
  tagWhitespaceExpected: (found: string) => syntax(`Whitespace expected, found '${found}'`),
  tagExtraChars: (opcode: string, found: string) => syntax(`Extra characters found after ${opcode} instruction: '${found}'`),
  tagMissingWith: (found: string) => syntax(`Missing 'with' keyword, found '${found}'`),
  tagMissingSection: (found: string) => syntax(`Missing 'section' keyword, found '${found}'`),
  tagVariableExpected: (found: string) => syntax(`Variable expected, found '${found}'`),
  tagMissingVariableName: (found: string) => syntax(`Missing variable name, found '${found}'`),
  tagBindvarName: (found: string) => syntax(`{.var} expects a local variable name (e.g. @foo), found '${found}'`),
  tagCtxvarName: (found: string) => syntax(`{.ctx} expects a local variable name (e.g. @foo), found '${found}'`),
  tagCtxvarBindings: (found: string) => syntax(`{.ctx} expects one or more bindings (e.g. foo=bar.baz), found '${found}'`),
  tagInjectName: (found: string) => syntax(`{.inject} expects a variable name (e.g. @foo), found '${found}'`),
  tagInjectPath: (found: string) => syntax(`{.inject} expects the path for a JSON injectable, found '${found}'`),
  tagMacroName: syntax('{.macro} expects a name'),
  tagOrPredicate: (opcode: string, found: string) => syntax(`Expected a predicate to follow ${opcode}, found '${found}'`),
  tagIfEmpty: syntax('IF instruction requires at least one variable to test.'),
  tagIfVariableOrOperator: (found: string) => syntax(`Expected an operator or a variable, found '${found}'`),
  tagIfTooManyOperators: syntax('Too many operators in IF instruction.'),
  tagIfTooManyVariables: (limit: number) => syntax(`Too many variables in IF instruction. Limit is ${limit}.`),
  tagFormatterInvalid: (found: string) => syntax(`Invalid formatter name '${found}' found.`),
  commentUnterminated: syntax('Reached EOF in the middle of a multi-line comment'),
  unclosed: (opcode: string) =>
    syntax(
      `Unclosed ${opcode}: perhaps an EOF was not fed to the machine? If not, this represents a bug in the state machine.`,
    ),

  // Rendering.
  expressionParse: (expr: string, err: string) => runtime(`Error parsing expression: ${JSON.stringify(expr)}: ${err}`),
  expressionReduce: (expr: string, err: string) => runtime(`Error reducing expression: ${expr}: ${err}`),
  partialMissing: (name: string) => runtime(`Attempt to apply partial '${name}' which could not be found.`),
  partialParseFail: (name: string, msg: string) => runtime(`Parse of partial "${name}" failed: ${msg}`),
  partialRecursion: (name: string, limit: number) =>
    runtime(`Attempt to apply partial '${name}' exceeded maximum recursion depth of ${limit}`),
  unexpectedError: (type: string, opcode: string, message: string) =>
    runtime(`Unexpected ${type} error when executing ${opcode}: ${message}`),

  // Data read by the engine's JSON reader.
  jsonSyntax: (problem: string, position: number) => `Invalid JSON: ${problem} at position ${position}`,
  jsonTooDeep: (limit: number, position: number) => `JSON nested deeper than ${limit} arrays and objects at position ${position}`,

  // Limits beyond the references (untrusted templates).
  outputLimit: (limit: number) => runtime(`Output exceeds the maximum size of ${limit} characters`),
  timeLimit: (limit: number) => runtime(`Render exceeded the maximum time of ${limit} ms`),
  templateTooLarge: (limit: number) => syntax(`Template exceeds the maximum size of ${limit} characters`),
  nestingTooDeep: (limit: number) => syntax(`Blocks are nested deeper than the maximum of ${limit}; the rest of the template is ignored`),

  // Expressions (.eval).
  exprInvalidHexEscape: 'Invalid 2-char hex escape found',
  exprInvalidUnicodeEscape: 'Invalid unicode escape found',
  exprUnterminatedString: 'Unterminated string',
  exprMismatchedOperator: 'Mismatched operator found',
  exprInvalidFunction: 'Invalid function',
  exprInvalidOperatorArgs: 'Invalid arguments to operator',
  exprConcatTooLong: 'Concatenation would exceed maximum string length',
  exprTooManyTokens: 'Expression exceeds the maximum number of allowed tokens',
  exprUnexpectedCharacter: (kind: string, index: number, text: string) => `Unexpected ${kind} at ${index}: ${text}`,
  exprBareLineBreak: (kind: string) => `Illegal bare ${kind} character in string literal`,
  exprExponentDigit: 'Expected a digit after exponent in decimal number',
  exprDuplicateDecimalPoint: 'Duplicate decimal point in number',
  exprDecimalPointInExponent: 'Unexpected decimal point in exponent',
  exprHexDigits: 'Expected digits after start of hex number',
  exprFunctionCallFailed: (name: string) => `Error calling function ${name}`,
  exprUnexpectedToken: 'Reduce error: unexpected token on stack',
  // What `tmpl check` says of an expression written without an operand, which the references accept and only meet where it runs.
  exprMissingOperand: (operator: string, side: 'left' | 'right') => `the operator ${operator} has no operand on its ${side}`,
  evalMissingOperand: (expr: string, gap: string, consequence: string) =>
    `Expression ${JSON.stringify(expr)} is missing an operand: ${gap}. Squarespace accepts the template; when the expression runs, ${consequence}`,
  evalGapReported: (error: string) => `it reports ${error}`,
  evalGapSilent: (unset: readonly string[]) =>
    unset.length > 0 ? `it leaves ${unset.join(', ')} unset, without an error` : 'it computes nothing, without an error',
  exprCharacterKinds: {
    backspace: 'backspace',
    formFeed: 'form feed',
    lineFeed: 'line feed',
    carriageReturn: 'carriage return',
    tab: 'tab',
    control: 'control character',
    other: 'character',
  },

  // Plugin library.
  colourMissingHsl: 'Missing an H/S/L value.',
  // website-color joins one sentence per value out of bounds, each with its trailing space but the last.
  colourHueOutOfBounds: 'Hue out of bounds. ',
  colourSaturationOutOfBounds: 'Saturation out of bounds. ',
  colourLightnessOutOfBounds: 'Lightness out of bounds. ',
  colourAlphaOutOfBounds: 'Alpha out of bounds.',
  imageMissingOriginalSize: "Invalid source parameter. Pass in 'originalSize'",
  invalidDate: 'Invalid date.',
  julianDayRange: 'Julian day outside the supported range',
  subscriptionUnavailable: 'Unavailable',
  formAnswerEmpty: 'N/A',

  // Date and i18n plugins.
  legacyMoneyInvalidLocale: (locale: string) => `Invalid locale: ${locale}`,
  legacyMoneyInvalidCurrency: (code: string) => `Invalid currency code: ${code}`,
  messagePluralKeyInvalid: (key: string) => `Invalid plural key '${key}'`,
  messageOffsetNotNumeric: (arg: string) => `Plural argument '${arg}' with an offset is not a number`,
  i18nArgsAtMost: (max: number, found: number) => `expected at most ${max} arguments, found ${found}`,

  // Content and social plugins: argument problems and render errors.
  contentArgIntegerIndex: (arg: string) => `expected an integer index, found '${arg}'`,
  contentArgIllegalValue: (arg: string) => `illegal value '${arg}' found`,
  contentArgUnexpectedValue: (arg: string) => `'${arg}' is not an expected value`,
  contentColourNotFound: (position: string) => `"${position}" not found.`,
  contentDurationNegative: 'Duration must not be negative',

  // Commerce display defaults (used when localizedStrings has no translation).
  commerceAddToCart: 'Add To Cart',
  commerceSubscribe: 'Subscribe',
  commerceQuickView: 'Quick View',
  commerceSoldOut: 'sold out',
  commerceSale: 'sale',
  commerceQuantity: 'Quantity',
  commerceSelectVariant: 'Select {variantName}',
  commerceSelectGiftCardValue: 'Select Value',
  commerceGiftCardValue: 'Value',
  commerceVariantName: '{name}',
  commerceFromPrice: 'from {fromPrice}',
  commerceSalePriceLabel: 'Sale Price:',
  commerceOriginalPriceLabel: 'Original Price:',

  // Core plugins: argument problems (the reference's wording) and runtime failures.
  argsExactly: (count: number) => `Wrong number of args, exactly ${count} expected`,
  argsNotEnough: (min: number) => `Not enough args. At least ${min} expected`,
  argsTooMany: (min: number, max: number) => `Too many args. Takes between ${min} and ${max}`,
  argsBadLength: (arg: string) => `bad value for length '${arg}'`,
  argsNotJsonOrVariable: (arg: string) => `Argument ${arg} must be a valid JSON value or variable reference.`,
  divideByZero: '/ by zero',
  substringRange: (end: number, length: number) => `begin 0, end ${end}, length ${length}`,
  notAnInt: (text: string) => `For input string: "${text}"`,
} as const;

export type MessageCatalogue = typeof messages;
