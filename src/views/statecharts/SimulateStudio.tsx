/**
 * The studio's simulator: a detached copy of the machine, stepped by hand. Each state offers the events the machine's
 * model sends there; invoked actors wait until they are told to finish or fail, and timers until they are fired.
 * Back and reset undo. A model with several inputs offers them as where to start; an event type with several payload
 * variants offers them as a choice, with the payload shown and editable (SimulateVariants). The input and the steps
 * taken are in the URL (`?input=1&sim=0.2.1`), so a link opens the same state; edited payloads are not (the link sends
 * the variant each was edited from, and the view says so). A link whose input or steps cannot be followed says how
 * far it got, and the address is corrected to the state shown. A trace the Live view exported can be replayed
 * (SimulateTrace): the view then says how many of its steps were followed and, when it stopped short, at which and why;
 * the steps followed are in the URL like any others.
 */
import { useEffect } from 'react';
import { useStudioTranslation } from './studio-i18n';
import { useSearchParams } from 'wouter';
import type { SimulationOption } from '../../../statecharts/model-testing/simulate';
import { readSimLink } from '../../../statecharts/sim-link';
import { activeStateIds, edgeIdsOf } from '../../../statecharts/highlight';
import type { StudioMachine } from '../../../statecharts/studio-data';
import { useSimulator } from '../../app/facades/statecharts';
import { secondaryButton } from '../../components/controls.css';
import { StudioLayout } from './StudioLayout';
import { SimulateTrace } from './SimulateTrace';
import { SimulateVariants } from './SimulateVariants';
import * as styles from './statecharts.css';

const GROUPS = [
  { kinds: ['send'], title: 'studio.simSend' },
  { kinds: ['finish', 'fail'], title: 'studio.simActors' },
  { kinds: ['wait'], title: 'studio.simTimers' },
] as const;

/** Sends grouped by event type, in the order the model offers them: a type with several variants is one choice. */
function byType(options: readonly SimulationOption[]): SimulationOption[][] {
  const groups = new Map<string, SimulationOption[]>();
  for (const option of options) {
    const key = option.kind === 'send' ? option.type : `${option.kind} ${option.index}`;
    groups.set(key, [...(groups.get(key) ?? []), option]);
  }
  return [...groups.values()];
}

export function SimulateStudio({ machine }: { machine: StudioMachine }) {
  const { t } = useStudioTranslation();
  const [search, setSearch] = useSearchParams();
  const simulator = useSimulator(machine.name, readSimLink(search.get('sim'), search.get('input')));
  const { view } = simulator;
  const chosen = view?.chosen.join('.') ?? null;
  const input = view?.input ?? null;

  // The URL follows the simulation, so the address bar is a link to this state (and a link that fell short is
  // corrected to where it stopped); replaced, so Back leaves the studio rather than stepping through its states.
  useEffect(() => {
    if (chosen === null || input === null) return;
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        // Input before steps, as the steps are read from it; the first input and no step are left out.
        next.delete('input');
        next.delete('sim');
        if (input !== 0) next.set('input', String(input));
        if (chosen !== '') next.set('sim', chosen);
        return next;
      },
      { replace: true },
    );
  }, [chosen, input, setSearch]);

  const overlay = view ? { active: activeStateIds(machine.layout, machine.id, view.value), taken: edgeIdsOf(machine.layout, view.taken) } : {};
  const group = (kinds: readonly SimulationOption['kind'][]) => view?.options.filter((o) => kinds.includes(o.kind)) ?? [];
  const edited = view?.steps.some((step) => step.edited === true) ?? false;
  const traced = simulator.trace;
  const stopped = traced?.replay.stopped;

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
      {simulator.inputLink && view && (
        <p className={styles.error} role="alert" data-testid="sim-input-notice">
          {t('studio.simInputLink', { asked: simulator.inputLink.asked, start: view.inputs[view.input] ?? '' })}
        </p>
      )}
      {traced && (
        <div className={stopped ? styles.error : styles.hint} role={stopped ? 'alert' : 'status'} data-testid="sim-trace-notice">
          <p className={styles.noticeText}>
            {t('studio.simTraceReplayed', { replayed: traced.replay.replayed, total: traced.replay.total, actor: traced.actor, page: traced.tab })}
          </p>
          {stopped && (
            <p className={styles.noticeReason}>
              {stopped.why.kind === 'notOffered'
                ? t('studio.simTraceNotOffered', { step: stopped.step, event: stopped.event, state: stopped.why.state })
                : stopped.why.kind === 'elsewhere'
                  ? t('studio.simTraceElsewhere', { step: stopped.step, event: stopped.event, state: stopped.why.state, expected: stopped.why.expected })
                  : t('studio.simTraceRefused', { step: stopped.step, event: stopped.event, detail: stopped.why.detail })}
            </p>
          )}
          {stopped && !traced.fromStart && <p className={styles.noticeReason}>{t('studio.simTraceNotFromStart')}</p>}
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
          {view.inputs.length > 1 && (
            <label className={styles.field}>
              {t('studio.simStartFrom')}
              <select
                className={styles.fieldControl}
                value={view.input}
                onChange={(event) => simulator.startFrom(Number(event.target.value))}
                disabled={simulator.busy}
                data-testid="sim-input"
              >
                {view.inputs.map((label, index) => (
                  <option key={index} value={index}>
                    {label}
                  </option>
                ))}
              </select>
            </label>
          )}
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
                    {byType(options).map((variants) => {
                      const [option] = variants;
                      if (option === undefined) return null;
                      if (variants.length > 1) {
                        return (
                          <li key={option.type}>
                            {/* Keyed by the steps so far: a new state starts from its first variant, unedited. */}
                            <SimulateVariants
                              key={view.chosen.join('.')}
                              options={variants}
                              busy={simulator.busy}
                              send={simulator.choose}
                              sendEdited={simulator.sendEdited}
                            />
                          </li>
                        );
                      }
                      return (
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
                      );
                    })}
                  </ul>
                </section>
              );
            })
          )}
          <SimulateTrace machineId={machine.id} busy={simulator.busy} replay={(trace) => simulator.replayTrace(trace, view.input)} />
          <details className={styles.details}>
            <summary>{t('studio.simSteps', { count: view.steps.length })}</summary>
            <ol className={styles.steps} tabIndex={0} aria-label={t('studio.simSteps', { count: view.steps.length })}>
              {view.steps.map((step, i) => (
                <li key={i}>
                  {step.text}
                  {step.edited && <span className={styles.tags}> ({t('studio.simEditedStep')})</span>}
                </li>
              ))}
            </ol>
          </details>
          {edited && (
            <p className={styles.hint} data-testid="sim-edited-note">
              {t('studio.simEditedNotInLink')}
            </p>
          )}
          {view.unlinked !== undefined && (
            <p className={styles.hint} data-testid="sim-unlinked-note">
              {view.unlinked === 1 ? t('studio.simUnlinkedStart') : t('studio.simUnlinked', { step: view.unlinked })}
            </p>
          )}
          <details className={styles.details}>
            <summary>{t('studio.simContext')}</summary>
            <pre className={styles.context}>{view.context}</pre>
          </details>
        </>
      )}
    </StudioLayout>
  );
}
