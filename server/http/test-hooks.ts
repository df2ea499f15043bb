/**
 * Test-only hooks of the reference API. `buildApp` wires them only when the caller passes them in: the test
 * harness does, and server/serve.ts does only when the operator sets TEST_FAULTS (and then says so loudly), so no
 * request can reach them in a deployment that does not ask for them.
 */

/** A failure or a delay forced on an operation, for the next `times` calls (default: every call). */
export interface Fault {
  operationId: string;
  /** Answer this HTTP status with the error envelope instead of running the operation. */
  status?: number;
  /** With `status`: the `retry-after` header in seconds, as the API's own rate limit sends it with a 429. */
  retryAfterSeconds?: number;
  /** Wait this long before answering (a slow upstream); `clear()` ends the wait at once, with a 503. */
  delayMs?: number;
  times?: number;
}

export class FaultInjector {
  private faults: Array<Fault & { remaining: number }> = [];
  /** The delays under way: `clear()` ends them, so a request held past a test's end is not left hanging. */
  private readonly waiting = new Set<() => void>();

  add(fault: Fault): void {
    this.faults.push({ ...fault, remaining: fault.times ?? Number.POSITIVE_INFINITY });
  }

  /**
   * Forgets every fault and ends the delays under way. Those requests answer 503 rather than running: one the
   * browser gave up on long ago must not land after the test moved on (its answer kept by the GraphQL layer's
   * cache, a write made twice).
   */
  clear(): void {
    this.faults = [];
    for (const release of [...this.waiting]) release();
  }

  /** Waits for the fault's delay (`elapsed`), or until `clear()` (`cut`), whichever comes first. */
  delay(fault: Fault): Promise<'elapsed' | 'cut'> {
    if (!fault.delayMs) return Promise.resolve('elapsed');
    return new Promise((resolve) => {
      const end = (how: 'elapsed' | 'cut') => () => {
        clearTimeout(timer);
        this.waiting.delete(cut);
        resolve(how);
      };
      const cut = end('cut');
      const timer = setTimeout(end('elapsed'), fault.delayMs);
      this.waiting.add(cut);
    });
  }

  /** The fault to apply to this call of the operation, if any; counts it down. */
  take(operationId: string): Fault | null {
    const fault = this.faults.find((f) => f.operationId === operationId && f.remaining > 0);
    if (!fault) return null;
    fault.remaining -= 1;
    return fault;
  }
}

/**
 * Parses the TEST_FAULTS setting: comma-separated `operationId:status[:times]`, e.g. `getApiKey:503` (every call)
 * or `getApiKey:503:2,getProfile:500` (the first two key requests, then every profile read). Throws on anything
 * else, naming the entry, so a typo never silently runs without the fault.
 */
export function parseFaults(text: string): Fault[] {
  return text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map((entry) => {
      const match = /^([A-Za-z][A-Za-z0-9_]*):([1-5]\d\d)(?::([1-9]\d*))?$/.exec(entry);
      if (!match) throw new Error(`TEST_FAULTS: "${entry}" is not operationId:status[:times] (status 100-599, times a positive integer)`);
      const [, operationId = '', status, times] = match;
      return { operationId, status: Number(status), ...(times === undefined ? {} : { times: Number(times) }) };
    });
}

/** What arrived, as the REST server saw it: where the API key travelled, and with which method. */
export interface LoggedRequest {
  operationId: string;
  method: string;
  path: string;
  queryKeys: string[];
  bodyKeys: string[];
  apiKeyIn: 'query' | 'body' | 'none';
  forwardedHost: string | null;
}

export class RequestLog {
  readonly entries: LoggedRequest[] = [];

  record(entry: LoggedRequest): void {
    this.entries.push(entry);
  }

  clear(): void {
    this.entries.length = 0;
  }
}
