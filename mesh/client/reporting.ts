/**
 * What a failure raises once its call is over (SPEC.md §7, §8): at most one of each event per call, and a report
 * to the log service for each failure nobody expected.
 */
import type { OperationDocument } from './document';
import type { ClassifiedError } from './errors';
import type { ClientEvents, ClientEventType } from './events';
import { settled } from './marks';
import { logEntryFor } from './report';
import type { Call, Outcome, Send, Variables } from './send';

/** Sends one failure to the log service in the background. */
export type Report = (error: ClassifiedError, variables: unknown) => void;

/**
 * Failure reports to the log service (SPEC.md §7): the reporting service's name (`web` by default) and the page the
 * app is on (the browser adapter reads it from the location). `false` turns reporting off.
 */
export type Reporting = false | { service?: string; pageUrl?: () => string };

/**
 * The reporter: nothing without `reporting` or a channel key; each report in flight is in `reports` until it has
 * been delivered or has failed. A failing report is dropped, never reported.
 */
export function createReport(
  send: Send,
  plainCall: (document: OperationDocument, variables?: Variables) => Call,
  channelKeyOf: () => string | null,
  reporting: Reporting | undefined,
  reports: Set<Promise<unknown>>,
): Report {
  return (error, variables) => {
    const channel = channelKeyOf();
    if (reporting === false || !channel) return;
    const entry = logEntryFor({ error, variables, service: reporting?.service ?? 'web', channel, pageUrl: reporting?.pageUrl?.() ?? '', now: new Date() });
    // The document loads with the first report, not with the app's first bundle.
    const task = import('./generated/documents/ReportError')
      // One attempt, no events, no report of its own failure.
      .then(({ ReportErrorDocument }) => send(ReportErrorDocument, plainCall(ReportErrorDocument, { entry }), null))
      .catch(() => undefined);
    reports.add(task);
    void task.then(() => reports.delete(task));
  };
}

/** The events and reports of a call's final outcome. */
export function settle(outcome: Outcome, call: Call, events: ClientEvents, report: Report): void {
  // Analytics failures are swallowed and the log service's own failures never reported (SPEC.md §7, §8).
  if (call.traits.service !== 'api') return;
  const raised = new Set<ClientEventType>();
  const raise = (type: ClientEventType, error: ClassifiedError) => {
    if (!raised.has(type)) events.emit(type, error);
    raised.add(type);
  };
  for (const error of outcome.errors) {
    if (settled.has(error) || error.kind === 'cancelled' || call.tolerate.has(error.kind)) continue;
    // A 401 for a request without a token is an anonymous visitor's, not a failure: the profile read tolerates it.
    if (error.kind === 'unauthenticated') {
      if (!call.token) continue;
      raise('userReset', error);
    }
    if (error.kind === 'throttled' || error.kind === 'crash') raise('globalError', error);
    report(error, call.variables);
  }
}
