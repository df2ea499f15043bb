/** The live view's time of a step, to the millisecond in the studio's own time zone (`14:03:07.120`): its log and its sequence. */
export function liveClock(at: number): string {
  const time = new Date(at);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(time.getHours())}:${two(time.getMinutes())}:${two(time.getSeconds())}.${String(time.getMilliseconds()).padStart(3, '0')}`;
}
