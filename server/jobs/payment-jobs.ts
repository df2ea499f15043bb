import type { Services } from '../http/context';
import { abandon, ABANDON_JOB, settle, SETTLE_JOB } from '../domain/settlement';
import { endPeriod, RENEW_JOB } from '../domain/subscriptions';

/** Registers the commerce jobs: payment settlement, abandoned payments, and the end of subscription periods. */
export function registerPaymentJobs(services: Pick<Services, 'jobs'>): void {
  services.jobs.register(SETTLE_JOB, settle);
  services.jobs.register(ABANDON_JOB, abandon);
  services.jobs.register(RENEW_JOB, endPeriod);
}
