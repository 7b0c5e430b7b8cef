/**
 * A text built from another by copying stretches of it and writing new text between them (a
 * script's nonce, the instruction that stands for a `<squarespace:…>` tag), which remembers, for
 * each offset it has, the offset of the other text it came from. The host compiles rewritten
 * copies of an author's files; errors are then placed by the author's lines and columns.
 */
export class EditedText {
  text = '';
  /** Where each piece starts in `text`, in order. */
  private readonly starts: number[] = [];
  /** Where each piece comes from in the original text. */
  private readonly origins: number[] = [];
  /** Whether each piece is a copy (offsets inside it map one to one) or written text (all map to its origin). */
  private readonly copies: boolean[] = [];

  /** Appends the original's text from `start` to `end`. */
  copy(original: string, start: number, end: number): this {
    if (end > start) this.piece(original.slice(start, end), start, true);
    return this;
  }

  /** Appends text the original does not have; every offset in it is placed at `originalAt`. */
  write(text: string, originalAt: number): this {
    if (text !== '') this.piece(text, originalAt, false);
    return this;
  }

  /** The offset in the original text that `offset` (an offset of `text`) came from. */
  originalOffset(offset: number): number {
    const starts = this.starts;
    if (starts.length === 0) return offset;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return this.copies[lo]! ? this.origins[lo]! + Math.max(0, offset - starts[lo]!) : this.origins[lo]!;
  }

  private piece(text: string, origin: number, copy: boolean): void {
    this.starts.push(this.text.length);
    this.origins.push(origin);
    this.copies.push(copy);
    this.text += text;
  }
}
