import { type Db, inTransaction } from '../db/database';

/** A job whose time has come, as queued (server/jobs/scheduler.ts runs it). */
export interface DueJob {
  id: number;
  kind: string;
  /** JSON. */
  payload: string;
  attempts: number;
}

/** Queues a job of `kind` to run at `runAt`; answers its id. */
export function queueJob(db: Db, kind: string, runAt: number, payload: Record<string, unknown>): number {
  return Number(db.prepare('INSERT INTO jobs (kind, run_at, payload) VALUES (?, ?, ?)').run(kind, runAt, JSON.stringify(payload)).lastInsertRowid);
}

/** The first job not done, due at `now` and tried fewer than `maxAttempts` times, in the order they are due. */
export function nextDueJob(db: Db, now: number, maxAttempts: number): DueJob | undefined {
  return db
    .prepare<[number, number], DueJob>(
      'SELECT id, kind, payload, attempts FROM jobs WHERE done_at IS NULL AND run_at <= ? AND attempts < ? ORDER BY run_at, id LIMIT 1',
    )
    .get(now, maxAttempts);
}

/** Runs a job's work and marks it done in one transaction: work that throws leaves nothing, and the job still due. */
export function completeJob(db: Db, jobId: number, now: number, work: () => void): void {
  inTransaction(db, () => {
    work();
    db.prepare('UPDATE jobs SET done_at = ?, attempts = attempts + 1 WHERE id = ?').run(now, jobId);
  });
}

/** Counts a failed attempt of a job, with what went wrong. */
export function recordJobFailure(db: Db, jobId: number, error: string): void {
  db.prepare('UPDATE jobs SET attempts = attempts + 1, last_error = ? WHERE id = ?').run(error, jobId);
}
