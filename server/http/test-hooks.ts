/**
 * Test-only hooks of the reference API. `buildApp` wires them only when the caller passes them in (the test
 * harness does; server/serve.ts never does), so no request can reach them in a running deployment.
 */

/** A failure or a delay forced on an operation, for the next `times` calls (default: every call). */
export interface Fault {
  operationId: string;
  /** Answer this HTTP status with the error envelope instead of running the operation. */
  status?: number;
  /** Wait this long before answering (a slow upstream). */
  delayMs?: number;
  times?: number;
}

export class FaultInjector {
  private faults: Array<Fault & { remaining: number }> = [];

  add(fault: Fault): void {
    this.faults.push({ ...fault, remaining: fault.times ?? Number.POSITIVE_INFINITY });
  }

  clear(): void {
    this.faults = [];
  }

  /** The fault to apply to this call of the operation, if any; counts it down. */
  take(operationId: string): Fault | null {
    const fault = this.faults.find((f) => f.operationId === operationId && f.remaining > 0);
    if (!fault) return null;
    fault.remaining -= 1;
    return fault;
  }
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
