import type { Db } from '../db/database';
import { completeJob, nextDueJob, queueJob, recordJobFailure } from '../domain/jobs';
import type { Clock } from '../lib/clock';

/** Work of one kind. It runs inside a transaction and must be idempotent: a job may run again after a crash. */
type JobHandler = (payload: Record<string, unknown>, context: { db: Db; now: number; jobs: Scheduler }) => void;

const MAX_ATTEMPTS = 5;

/**
 * Durable background jobs on the API's clock. Production polls every `intervalMs`; tests leave it stopped, move
 * the clock and call `runDue()`, so "two seconds later" and "after 30 days" are both instant and deterministic.
 */
export class Scheduler {
  private readonly handlers = new Map<string, JobHandler>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  register(kind: string, handler: JobHandler): void {
    if (this.handlers.has(kind)) throw new Error(`A handler for job ${kind} is already registered`);
    this.handlers.set(kind, handler);
  }

  /** Queues work to run `delaySeconds` from now on the API's clock. */
  schedule(kind: string, delaySeconds: number, payload: Record<string, unknown> = {}): number {
    if (!this.handlers.has(kind)) throw new Error(`No handler for job ${kind}`);
    return queueJob(this.db, kind, this.clock.now() + Math.max(0, delaySeconds), payload);
  }

  /** Runs every job due at the clock's time, in order; answers how many ran. */
  runDue(): number {
    let ran = 0;
    for (;;) {
      const now = this.clock.now();
      const job = nextDueJob(this.db, now, MAX_ATTEMPTS);
      if (!job) return ran;
      const handler = this.handlers.get(job.kind);
      try {
        if (!handler) throw new Error(`No handler for job ${job.kind}`);
        completeJob(this.db, job.id, now, () => handler(JSON.parse(job.payload) as Record<string, unknown>, { db: this.db, now, jobs: this }));
      } catch (error) {
        recordJobFailure(this.db, job.id, error instanceof Error ? error.message : String(error));
      }
      ran += 1;
    }
  }

  start(intervalMs = 500): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.runDue(), intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
