import type { Db } from '../db/database';
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
    const result = this.db
      .prepare('INSERT INTO jobs (kind, run_at, payload) VALUES (?, ?, ?)')
      .run(kind, this.clock.now() + Math.max(0, delaySeconds), JSON.stringify(payload));
    return Number(result.lastInsertRowid);
  }

  /** Runs every job due at the clock's time, in order; answers how many ran. */
  runDue(): number {
    let ran = 0;
    for (;;) {
      const now = this.clock.now();
      const job = this.db
        .prepare<[number, number], { id: number; kind: string; payload: string; attempts: number }>(
          'SELECT id, kind, payload, attempts FROM jobs WHERE done_at IS NULL AND run_at <= ? AND attempts < ? ORDER BY run_at, id LIMIT 1',
        )
        .get(now, MAX_ATTEMPTS);
      if (!job) return ran;
      const handler = this.handlers.get(job.kind);
      try {
        if (!handler) throw new Error(`No handler for job ${job.kind}`);
        this.db.transaction(() => {
          handler(JSON.parse(job.payload) as Record<string, unknown>, { db: this.db, now, jobs: this });
          this.db.prepare('UPDATE jobs SET done_at = ?, attempts = attempts + 1 WHERE id = ?').run(now, job.id);
        })();
      } catch (error) {
        this.db
          .prepare('UPDATE jobs SET attempts = attempts + 1, last_error = ? WHERE id = ?')
          .run(error instanceof Error ? error.message : String(error), job.id);
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
