/**
 * `part` of `whole` as a whole percentage, rounded half up, in integer arithmetic: floor((200 × part + whole) /
 * (2 × whole)). In floating point 23 / 40 × 100 is 57.49999…, which Math.round would take down to 57; this gives
 * 58. `whole` must be above 0. The attendance rate and the usage against a plan's limits count with it
 * (docs/product.md, "Attendance"; "Sales leads, revenue and usage").
 */
export function wholePercent(part: number, whole: number): number {
  return Math.floor((200 * part + whole) / (2 * whole));
}
