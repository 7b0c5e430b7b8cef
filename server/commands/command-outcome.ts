/**
 * How a store command ends: its one line on stdout and exit code 0, or its error's message on
 * stderr and a non-zero exit code (1 unless the command says otherwise for that error). The
 * commands' work is in functions of their own, so tests run it in-process; only this ending
 * needs a real process to check.
 */
export function finishCommand(outcome: Promise<string>, exitCodeOf: (error: unknown) => number = () => 1): void {
  outcome.then(
    (done) => console.log(done),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : String(err));
      process.exitCode = exitCodeOf(err);
    },
  );
}
