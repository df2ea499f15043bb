/**
 * The studio's live view of one machine: the actors of that machine running in this browser (this tab and the app's
 * other tabs), the picked one's states and last transitions lit on the diagram, its context, and its events as they
 * arrive, each opening on its whole payload and the context it left; its events exported as a trace Simulate
 * replays (statecharts/live-trace.ts); and the messages between its tab's actors as a sequence (LiveSequence).
 */
import { useId, useState } from 'react';
import machines from 'virtual:statecharts';
import { useStudioTranslation } from './studio-i18n';
import { Link, useSearchParams } from 'wouter';
import type { LiveActor, LiveStep, LiveTab } from '../../app/logic/live-shared';
import { useLiveTabs } from '../../app/facades/statecharts';
import { activeStateIds, edgeIdsOf } from '../../../statecharts/highlight';
import { formatStateValue } from '../../../statecharts/model-testing/describe';
import type { StudioMachine } from '../../../statecharts/studio-data';
import { exportTraceJson, traceFileName, traceOf } from '../../../statecharts/live-trace';
import { saveText } from '../../adapters/save-file';
import { secondaryButton } from '../../components/controls.css';
import { LiveSequence } from './LiveSequence';
import { StudioLayout } from './StudioLayout';
import { liveClock } from './live-clock';
import * as styles from './statecharts.css';

interface Running {
  key: string;
  tab: LiveTab;
  actor: LiveActor;
}

/** The machine's actors: active before stopped, another tab's before this one's (the viewer's tab is the point), newest first. */
function runningOf(tabs: readonly LiveTab[], machineId: string): Running[] {
  const all = tabs.flatMap((tab) => tab.actors.filter((a) => a.machine === machineId).map((actor) => ({ key: `${tab.id}:${actor.id}`, tab, actor })));
  const rank = (r: Running) => (r.actor.status === 'active' ? 0 : 2) + (r.tab.own ? 1 : 0);
  return all.sort((a, b) => rank(a) - rank(b) || b.actor.startedAt - a.actor.startedAt);
}

const STATUS_NAMES = { done: 'studio.statusDone', error: 'studio.statusError', stopped: 'studio.statusStopped' } as const;

/** How much of a payload a closed log entry shows on its line; the entry opens on all of it. */
const PREVIEW_CHARS = 120;

const preview = (payload: unknown) => {
  const text = JSON.stringify(payload) ?? '';
  return text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS - 1)}…` : text;
};

/**
 * A key per step that stays with it while newer steps arrive and the oldest leave (its index does not): its time and
 * event, and a count for the rare twin in the same millisecond.
 */
function stepKeys(steps: readonly LiveStep[]): string[] {
  const seen = new Map<string, number>();
  return steps
    .slice()
    .reverse()
    .map((step) => {
      const base = `${step.at}:${step.event}`;
      const twins = seen.get(base) ?? 0;
      seen.set(base, twins + 1);
      return `${base}:${twins}`;
    })
    .reverse();
}

/** Saves the actor's events, as they were recorded (secrets already hidden), as a trace Simulate replays. */
function exportTrace(actor: LiveActor, where: string) {
  const trace = traceOf(actor, where, new Date());
  saveText(traceFileName(trace), exportTraceJson(trace), 'application/json');
}

export function LiveStudio({ machine }: { machine: StudioMachine }) {
  const { t } = useStudioTranslation();
  const tabs = useLiveTabs();
  const [search, setSearch] = useSearchParams();
  const running = tabs === null ? [] : runningOf(tabs, machine.id);
  const wanted = search.get('actor');
  // A link to an actor of a tab that reloaded since: the same actor, restored under its id marked with the reload.
  const picked = running.find((r) => r.key === wanted) ?? running.find((r) => wanted !== null && r.key.startsWith(`${wanted}@`)) ?? running[0];
  const overlay = picked
    ? { active: activeStateIds(machine.layout, machine.id, picked.actor.value), taken: edgeIdsOf(machine.layout, picked.actor.steps[0]?.taken ?? []) }
    : {};
  const pick = (key: string) =>
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set('actor', key);
        return next;
      },
      { replace: true },
    );

  return (
    // The sequence needs a column per actor of the tab: it takes the whole width under the diagram.
    <StudioLayout machine={machine} overlay={overlay} below={picked && <LiveSequence tab={picked.tab} />}>
      <h2 className={styles.panelTitle}>{t('studio.liveTitle')}</h2>
      {tabs === null ? (
        <p className={styles.hint}>{t('studio.liveOff')}</p>
      ) : running.length === 0 ? (
        <p className={styles.hint} data-testid="live-empty">
          {t('studio.liveNone', { name: machine.name })}
        </p>
      ) : (
        <>
          <ul className={styles.actorList} aria-label={t('studio.liveActors')}>
            {running.map(({ key, tab, actor }) => (
              <li key={key}>
                <button
                  type="button"
                  className={styles.actorButton}
                  aria-pressed={key === picked?.key}
                  onClick={() => pick(key)}
                  data-testid="live-actor"
                  data-status={actor.status}
                >
                  <span className={styles.actorName}>
                    {actor.name} · {formatStateValue(actor.value)}
                  </span>
                  <span className={styles.actorWhere}>
                    {tab.own ? t('studio.thisTab') : t('studio.otherTab')} · {tab.where}
                    {tab.gone ? ` · ${t('studio.tabGone')}` : ''}
                    {actor.status === 'active' ? '' : ` · ${t(STATUS_NAMES[actor.status])}`}
                    {actor.reloadedAt === undefined ? '' : ` · ${t('studio.beforeReload')}`}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          {/* Keyed by the actor: what was open in one actor's log says nothing about another's. */}
          {picked && <LiveLog key={picked.key} actor={picked.actor} where={picked.tab.where} />}
          {picked && <Children of={picked} />}
        </>
      )}
    </StudioLayout>
  );
}

function LiveLog({ actor, where }: { actor: LiveActor; where: string }) {
  const { t } = useStudioTranslation();
  const id = useId();
  // Which disclosures are open is the view's own business: no machine knows it.
  const [contextOpen, setContextOpen] = useState(false);
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = (key: string) =>
    setOpen((previous) => {
      const next = new Set(previous);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const keys = stepKeys(actor.steps);
  return (
    <>
      <p className={styles.current}>
        {t('studio.nowIn')}{' '}
        <strong data-testid="live-state" data-status={actor.status}>
          {formatStateValue(actor.value)}
        </strong>
      </p>
      <div>
        <button
          type="button"
          className={styles.disclosure}
          aria-expanded={contextOpen}
          aria-controls={contextOpen ? `${id}-context` : undefined}
          onClick={() => setContextOpen(!contextOpen)}
        >
          {t('studio.liveContext')}
        </button>
        {contextOpen && <Json id={`${id}-context`} value={actor.context} empty={t('studio.liveNoContext')} testId="live-context" />}
      </div>
      {actor.steps.length > 0 && (
        <p className={styles.hint}>
          <button type="button" className={secondaryButton} onClick={() => exportTrace(actor, where)} aria-describedby={`${id}-export`}>
            {t('studio.liveExportTrace')}
          </button>{' '}
          <span id={`${id}-export`}>{t('studio.liveExportTraceHint')}</span>
        </p>
      )}
      {actor.steps.length === 0 ? (
        <p className={styles.hint}>{t('studio.noEventsYet')}</p>
      ) : (
        // The list scrolls; its entries are buttons, so a keyboard reaches each one and the list follows.
        <ol className={styles.log} aria-label={t('studio.eventLog')} data-testid="live-log">
          {actor.steps.map((step, i) => {
            const key = keys[i] ?? String(i);
            const expanded = open.has(key);
            const detail = `${id}-step-${i}`;
            return (
              <li key={key} className={styles.logEntry} data-event={step.event}>
                <button
                  type="button"
                  className={styles.logButton}
                  aria-expanded={expanded}
                  aria-controls={expanded ? detail : undefined}
                  onClick={() => toggle(key)}
                >
                  <span className={styles.time}>{liveClock(step.at)}</span> <code className={styles.eventType}>{step.event}</code>
                  {step.from && (
                    <span className={styles.payload} data-from={step.from}>
                      {t('studio.from', { actor: step.from })}
                    </span>
                  )}
                  {step.payload !== undefined && <span className={styles.payload}>{preview(step.payload)}</span>}
                  <span className={styles.then}>
                    → {step.taken.length === 0 && step.event !== 'xstate.init' ? t('studio.ignored') : formatStateValue(step.value)}
                  </span>
                </button>
                {expanded && (
                  <div id={detail} className={styles.stepDetail} data-testid="live-step">
                    <p className={styles.detailLabel}>{t('studio.livePayload')}</p>
                    <Json value={step.payload} empty={t('studio.liveNoPayload')} testId="live-payload" />
                    <p className={styles.detailLabel}>{t('studio.liveContextAfter')}</p>
                    <Json value={step.context} empty={t('studio.liveNoContext')} testId="live-context-after" />
                  </div>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </>
  );
}

/**
 * A payload or a context as indented JSON: wrapped, scrolling in its own box when long (focusable, so a keyboard can
 * scroll it), or a sentence when there is none. Secrets were hidden where the tab recorded it.
 */
function Json({ value, empty, testId, id }: { value: unknown; empty: string; testId: string; id?: string }) {
  return value === undefined ? (
    <p className={styles.hint} id={id} data-testid={testId}>
      {empty}
    </p>
  ) : (
    <pre className={styles.json} id={id} data-testid={testId} tabIndex={0}>
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}

/** The machines the picked actor invoked (a payment's card entry and order polling), each a link to its own live view. */
function Children({ of }: { of: Running }) {
  const { t } = useStudioTranslation();
  const children = of.tab.actors.filter((actor) => actor.parent === of.actor.id);
  if (children.length === 0) return null;
  return (
    <>
      <h3 className={styles.panelSubtitle}>{t('studio.children')}</h3>
      <ul className={styles.actorList}>
        {children.map((child) => {
          const machine = machines.find((known) => known.id === child.machine);
          const status = child.status === 'active' ? '' : ` · ${t(STATUS_NAMES[child.status])}`;
          const label = `${child.name} · ${formatStateValue(child.value)}${status}${child.reloadedAt === undefined ? '' : ` · ${t('studio.beforeReload')}`}`;
          return (
            <li key={child.id}>
              {machine ? <Link href={`/statecharts/${machine.name}?actor=${encodeURIComponent(`${of.tab.id}:${child.id}`)}`}>{label}</Link> : label}
            </li>
          );
        })}
      </ul>
    </>
  );
}
