/**
 * Text of a number inside expressions (string concatenation, `str()`, the
 * debug listing, an `.eval` result), as the Java reference writes it since it
 * adopted JavaScript's rules: exactly JavaScript's `String(n)` (`1e-7`,
 * `1e+21`, `0.1`), with zero, negative zero included, as `0`.
 */
export function formatNumber(n: number): string {
  return n === 0 ? '0' : String(n);
}
