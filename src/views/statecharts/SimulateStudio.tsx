/**
 * The studio's simulator: a detached copy of the machine, stepped by hand. Each state offers the events the machine's
 * model sends there; invoked actors wait until they are told to finish or fail, and timers until they are fired.
 * Back and reset undo; the steps taken are in the URL (`?sim=0.2.1`), so a link opens the same state. A link whose
 * steps cannot all be replayed says how far it got, and the address is corrected to the state shown.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'wouter';
import type { SimulationOption } from '../../../statecharts/model-testing/simulate';
import { readSimLink } from '../../../statecharts/sim-link';
import { activeStateIds, edgeIdsOf } from '../../../statecharts/highlight';
import type { StudioMachine } from '../../../statecharts/studio-data';
import { useSimulator } from '../../app/facades/statecharts';
import { secondaryButton } from '../../components/controls.css';
import { StudioLayout } from './StudioLayout';
import * as styles from './statecharts.css';

const GROUPS = [
  { kinds: ['send'], title: 'studio.simSend' },
  { kinds: ['finish', 'fail'], title: 'studio.simActors' },
  { kinds: ['wait'], title: 'studio.simTimers' },
] as const;

export function SimulateStudio({ machine }: { machine: StudioMachine }) {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const simulator = useSimulator(machine.name, readSimLink(search.get('sim')));
  const { view } = simulator;
  const chosen = view?.chosen.join('.') ?? null;

  // The URL follows the simulation, so the address bar is a link to this state (and a link that fell short is
  // corrected to where it stopped); replaced, so Back leaves the studio rather than stepping through its states.
  useEffect(() => {
    if (chosen === null) return;
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (chosen === '') next.delete('sim');
        else next.set('sim', chosen);
        return next;
      },
      { replace: true },
    );
  }, [chosen, setSearch]);

  const overlay = view ? { active: activeStateIds(machine.layout, machine.id, view.value), taken: edgeIdsOf(machine.layout, view.taken) } : {};
  const group = (kinds: readonly SimulationOption['kind'][]) => view?.options.filter((o) => kinds.includes(o.kind)) ?? [];

  return (
    <StudioLayout machine={machine} overlay={overlay}>
      <h2 className={styles.panelTitle}>{t('studio.simTitle')}</h2>
      <p className={styles.hint}>{t('studio.simLead')}</p>
      {simulator.link && (
        <div className={styles.error} role="alert" data-testid="sim-link-notice">
          <p className={styles.noticeText}>
            {simulator.link.kind === 'restarted'
              ? t('studio.simLinkRestarted')
              : t('studio.simLinkStopped', { reached: simulator.link.reached, asked: simulator.link.asked })}
          </p>
          {simulator.error && <p className={styles.noticeReason}>{simulator.error}</p>}
        </div>
      )}
      {simulator.error && !simulator.link && (
        <p className={styles.error} role="alert">
          {simulator.error}
        </p>
      )}
      {view === null ? (
        <p className={styles.hint} role="status">
          {simulator.busy ? t('studio.simStarting') : t('studio.simUnavailable')}
        </p>
      ) : (
        <>
          <p className={styles.current} aria-live="polite">
            {t('studio.nowIn')}{' '}
            <strong data-testid="sim-state" data-status={view.status} data-busy={simulator.busy || undefined}>
              {view.state}
            </strong>
            {view.tags.length > 0 && <span className={styles.tags}> #{view.tags.join(' #')}</span>}
            {view.status !== 'active' && <span className={styles.tags}> ({view.status})</span>}
          </p>
          <div className={styles.toolbar}>
            <button type="button" className={secondaryButton} onClick={simulator.back} disabled={view.chosen.length === 0 || simulator.busy}>
              {t('studio.simBack')}
            </button>
            <button type="button" className={secondaryButton} onClick={simulator.reset} disabled={view.chosen.length === 0 || simulator.busy}>
              {t('studio.simReset')}
            </button>
          </div>
          {view.options.length === 0 ? (
            <p className={styles.hint}>{t('studio.simNothing')}</p>
          ) : (
            GROUPS.map(({ kinds, title }) => {
              const options = group(kinds);
              if (options.length === 0) return null;
              return (
                <section key={title} aria-label={t(title)} className={styles.panelBody}>
                  <h3 className={styles.panelSubtitle}>{t(title)}</h3>
                  <ul className={styles.pathList}>
                    {options.map((option) => (
                      <li key={option.index}>
                        <button
                          type="button"
                          className={styles.stepButton}
                          onClick={() => simulator.choose(option.index)}
                          disabled={simulator.busy}
                          data-testid="sim-option"
                          data-type={option.type}
                        >
                          {option.text}
                        </button>
                      </li>
                    ))}
                  </ul>
                </section>
              );
            })
          )}
          <details className={styles.details}>
            <summary>{t('studio.simSteps', { count: view.steps.length })}</summary>
            <ol className={styles.steps} tabIndex={0} aria-label={t('studio.simSteps', { count: view.steps.length })}>
              {view.steps.map((step, i) => (
                <li key={i}>{step.text}</li>
              ))}
            </ol>
          </details>
          <details className={styles.details}>
            <summary>{t('studio.simContext')}</summary>
            <pre className={styles.context}>{view.context}</pre>
          </details>
        </>
      )}
    </StudioLayout>
  );
}
