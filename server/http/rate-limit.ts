import { messages } from '../domain/errors';
import type { Clock } from '../lib/clock';
import { ApiError } from './errors';

/**
 * Fixed-window request counter per caller (an API key, or an IP for calls without one).
 * Over the limit it answers 429 with `retry-after` in seconds until the window ends.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly limit: { max: number; windowSeconds: number },
    private readonly clock: Clock,
  ) {}

  hit(caller: string): void {
    if (this.limit.max === 0) return;
    const now = this.clock.now();
    let window = this.windows.get(caller);
    if (!window || now - window.start >= this.limit.windowSeconds) {
      window = { start: now, count: 0 };
      this.windows.set(caller, window);
      if (this.windows.size > 50_000) this.forgetExpired(now);
    }
    window.count += 1;
    if (window.count > this.limit.max) {
      const retryAfter = Math.max(1, window.start + this.limit.windowSeconds - now);
      throw new ApiError(429, messages.tooManyRequests, {}, { 'retry-after': String(retryAfter) });
    }
  }

  private forgetExpired(now: number): void {
    for (const [caller, window] of this.windows) {
      if (now - window.start >= this.limit.windowSeconds) this.windows.delete(caller);
    }
  }
}
