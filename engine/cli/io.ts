/** Where a command writes: stdout for results, stderr for errors and status; colour only for a terminal. */
export interface CliIo {
  /** A line of results on stdout. */
  out(text: string): void;
  /** Text on stdout exactly as given (a rendered page). */
  write(text: string): void;
  err(text: string): void;
  /** Colour the code frames (stderr is a terminal and NO_COLOR is unset). */
  color?: boolean;
  /** stderr is a terminal: notes meant for a person at the keyboard, never for a script's or CI's log. */
  terminal?: boolean;
  /** Ends a long-running command (`watch`); a terminal's Ctrl-C otherwise. */
  signal?: AbortSignal;
}

/** The documented exit codes. */
export const EXIT = {
  ok: 0,
  /** The template (or a golden file) has errors. */
  templateErrors: 1,
  /** A usage or input problem: bad option, missing file, malformed data. */
  usage: 2,
  /** A failure of tmpl itself. */
  internal: 3,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/**
 * A problem the user can fix (a missing file, malformed data, a bad option):
 * printed as its one-line message, without a stack, and the exit code.
 */
export class CliFailure extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode = EXIT.usage,
  ) {
    super(message);
    this.name = 'CliFailure';
  }
}
