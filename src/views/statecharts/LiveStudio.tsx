/**
 * The studio's live view of one machine: the actors of that machine running in this browser (this tab and the app's
 * other tabs), the picked one's states and last transitions lit on the diagram, and its events as they arrive.
 */
import machines from 'virtual:statecharts';
import { useStudioTranslation } from './studio-i18n';
import { Link, useSearchParams } from 'wouter';
import type { LiveActor, LiveTab } from '../../app/logic/live-inspection';
import { useLiveTabs } from '../../app/facades/statecharts';
import { activeStateIds, edgeIdsOf } from '../../../statecharts/highlight';
import { formatStateValue } from '../../../statecharts/model-testing/describe';
import type { StudioMachine } from '../../../statecharts/studio-data';
import { StudioLayout } from './StudioLayout';
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

const clock = (at: number) => {
  const time = new Date(at);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(time.getHours())}:${two(time.getMinutes())}:${two(time.getSeconds())}.${String(time.getMilliseconds()).padStart(3, '0')}`;
};

export function LiveStudio({ machine }: { machine: StudioMachine }) {
  const { t } = useStudioTranslation();
  const tabs = useLiveTabs();
  const [search, setSearch] = useSearchParams();
  const running = tabs === null ? [] : runningOf(tabs, machine.id);
  const picked = running.find((r) => r.key === search.get('actor')) ?? running[0];
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
    <StudioLayout machine={machine} overlay={overlay}>
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
                    {actor.status === 'active' ? '' : ` · ${t(STATUS_NAMES[actor.status])}`}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          {picked && <LiveLog actor={picked.actor} />}
          {picked && <Children of={picked} />}
        </>
      )}
    </StudioLayout>
  );
}

function LiveLog({ actor }: { actor: LiveActor }) {
  const { t } = useStudioTranslation();
  return (
    <>
      <p className={styles.current}>
        {t('studio.nowIn')}{' '}
        <strong data-testid="live-state" data-status={actor.status}>
          {formatStateValue(actor.value)}
        </strong>
      </p>
      {actor.steps.length === 0 ? (
        <p className={styles.hint}>{t('studio.noEventsYet')}</p>
      ) : (
        // Focusable: the list scrolls, and a keyboard must reach what is below.
        <ol className={styles.log} aria-label={t('studio.eventLog')} data-testid="live-log" tabIndex={0}>
          {actor.steps.map((step, i) => (
            <li key={actor.steps.length - i} className={styles.logEntry} data-event={step.event}>
              <span className={styles.time}>{clock(step.at)}</span> <code className={styles.eventType}>{step.event}</code>
              {step.from && <span className={styles.payload} data-from={step.from}>{t('studio.from', { actor: step.from })}</span>}
              {step.payload !== undefined && <span className={styles.payload}>{JSON.stringify(step.payload)}</span>}
              <span className={styles.then}>
                → {step.taken.length === 0 && step.event !== 'xstate.init' ? t('studio.ignored') : formatStateValue(step.value)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </>
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
          const label = `${child.name} · ${formatStateValue(child.value)}${child.status === 'active' ? '' : ` · ${t(STATUS_NAMES[child.status])}`}`;
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
