/** How a VOD item's date and duration read (SPEC §3 VOD media). Pure: no React, no DOM. */
import { dateFormat } from '../../format/intl';

/**
 * The item's date: short month, 2-digit day and year (SPEC §2's event date without the time), in the viewer's
 * locale and time zone ("Mar 09, 2024" in en; "09 mars 2024" in fr). `unixSeconds` is the API's `date`.
 */
export function formatVodDate(unixSeconds: number, locale: string): string {
  return dateFormat(locale, { month: 'short', day: '2-digit', year: 'numeric' }).format(new Date(unixSeconds * 1000));
}

/** The same date for `<time dateTime>`: YYYY-MM-DD on the viewer's calendar, as formatVodDate shows it. */
export function vodDateAttribute(unixSeconds: number): string {
  const date = new Date(unixSeconds * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A duration in seconds as a player shows it: mm:ss under an hour ("09:00"), h:mm:ss from an hour ("1:02:05"). */
export function formatVodDuration(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds) : 0;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(rest)}` : `${pad(minutes)}:${pad(rest)}`;
}

/** The same duration for `<time dateTime>` (an ISO 8601 duration, "PT9M0S"). */
export function vodDurationAttribute(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds) : 0;
  return `PT${Math.floor(total / 3600)}H${Math.floor((total % 3600) / 60)}M${total % 60}S`;
}

/** The item's picture: its first `image` asset's path, or null when it has none. */
export function vodImage(assets: ReadonlyArray<{ type: string; path: string } | null>): string | null {
  return assets.find((asset) => asset?.type === 'image')?.path ?? null;
}
