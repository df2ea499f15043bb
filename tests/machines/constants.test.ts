/** The machines' constants are the values of SPEC §9. */
import { describe, expect, it } from 'vitest';
import { ANALYTICS_SESSION_LIFETIME_MS } from '../../machines/analytics-session/analytics-session.machine';
import { CALENDAR_START_OFFSET_SECONDS } from '../../machines/calendar/calendar.machine';
import { TOAST_DEFAULT_TIME_MS, TOAST_DEFAULT_TYPE } from '../../machines/toast/toast.machine';

describe('SPEC §9 constants', () => {
  it('toasts last 5000 ms and are info by default', () => {
    expect(TOAST_DEFAULT_TIME_MS).toBe(5000);
    expect(TOAST_DEFAULT_TYPE).toBe('info');
  });

  it('the calendar starts 86400 s after the chosen timestamp', () => {
    expect(CALENDAR_START_OFFSET_SECONDS).toBe(86_400);
  });

  it('an analytics session lives 24 hours', () => {
    expect(ANALYTICS_SESSION_LIFETIME_MS).toBe(24 * 3_600_000);
  });
});
