/** How a position or a length in a video reads, wherever one shows (player, clips, rails). Pure: no React, no DOM. */

/** 75 → `1:15`, 3725 → `1:02:05` (hours past the first hour, never minutes past 60); NaN or below 0 → `0:00`. */
export function formatClock(seconds: number): string {
  const whole = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const [h, m, s] = [Math.floor(whole / 3600), Math.floor((whole % 3600) / 60), whole % 60];
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}
