/** A compiled piece of template code: a whole template, a partial, a macro body or a plugin's internal template. */
import type { SourcePositions } from '../syntax/positions.ts';
import type { Frame } from './frame.ts';
import type { RenderState } from './render-state.ts';

export type Exec = (frame: Frame, state: RenderState) => void;

export interface Unit {
  readonly run: Exec;
  /** Name for error reports. */
  readonly name: string;
  /** Positions of the source, when there is one. */
  readonly lines: SourcePositions | null;
}
