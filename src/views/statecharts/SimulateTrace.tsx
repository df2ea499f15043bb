/**
 * Replaying a trace in the studio's Simulate view (issue 29): the viewer opens a trace file the Live view exported,
 * or pastes one, and the simulator follows its events from the start chosen above. A file or text that is not a trace
 * of this machine (statecharts/live-trace.ts says why) is said and nothing is replayed: the simulation stays where it
 * was and the pasted text stays as typed. How far a replay got is said by the Simulate view, like a link's.
 */
import { type ChangeEvent, useId, useState } from 'react';
import { useStudioTranslation } from './studio-i18n';
import { type LiveTrace, TRACE_MAX_CHARS, type TraceProblem, readTrace } from '../../../statecharts/live-trace';
import { secondaryButton } from '../../components/controls.css';
import * as styles from './statecharts.css';

interface Props {
  /** The machine's id: a trace of another machine is refused. */
  machineId: string;
  busy: boolean;
  replay(trace: LiveTrace): void;
}

/** A UTF-8 character takes at most four bytes: a file larger than this cannot be a trace short enough to read. */
const MAX_FILE_BYTES = TRACE_MAX_CHARS * 4;

export function SimulateTrace({ machineId, busy, replay }: Props) {
  const { t } = useStudioTranslation();
  const id = useId();
  const [draft, setDraft] = useState('');
  // What was wrong with the last file or text read, and the file's name when it came from one.
  const [refused, setRefused] = useState<{ problem: TraceProblem; file?: string } | null>(null);

  const wordProblem = (problem: TraceProblem): string => {
    switch (problem.kind) {
      case 'tooLarge':
        return t('studio.simTraceTooLarge', { limit: problem.limit.toLocaleString() });
      case 'json':
        return t('studio.simTraceJson', { detail: problem.detail });
      case 'format':
        return t('studio.simTraceFormat');
      case 'version':
        return t('studio.simTraceVersion', { found: problem.found });
      case 'field':
        return t('studio.simTraceField', { field: problem.field });
      case 'machine':
        return t('studio.simTraceMachine', { found: problem.found, expected: problem.expected });
      case 'tooManySteps':
        return t('studio.simTraceTooMany', { found: problem.found, limit: problem.limit });
      case 'empty':
        return t('studio.simTraceEmpty');
      case 'step':
        return t('studio.simTraceStep', { step: problem.step, field: problem.field });
      case 'order':
        return t('studio.simTraceOrder', { step: problem.step });
    }
  };

  const follow = (text: string, file?: string) => {
    const read = readTrace(text, machineId);
    if ('problem' in read) {
      setRefused({ problem: read.problem, ...(file === undefined ? {} : { file }) });
      return;
    }
    setRefused(null);
    replay(read.trace);
  };

  const open = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Emptied, so choosing the same file again (once fixed) reads it again.
    input.value = '';
    if (file === undefined) return;
    if (file.size > MAX_FILE_BYTES) {
      setRefused({ problem: { kind: 'tooLarge', limit: TRACE_MAX_CHARS }, file: file.name });
      return;
    }
    follow(await file.text(), file.name);
  };

  return (
    <details className={styles.details} data-testid="sim-trace">
      <summary>{t('studio.simTraceTitle')}</summary>
      <p className={styles.hint}>{t('studio.simTraceLead')}</p>
      <label className={styles.field}>
        {t('studio.simTraceFile')}
        <input
          type="file"
          accept=".json,application/json"
          className={styles.fieldControl}
          onChange={(event) => void open(event)}
          disabled={busy}
          aria-describedby={refused ? `${id}-problem` : undefined}
          data-testid="sim-trace-file"
        />
      </label>
      <label className={styles.field} htmlFor={`${id}-paste`}>
        {t('studio.simTracePaste')}
      </label>
      <textarea
        id={`${id}-paste`}
        className={styles.payloadEditor}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        spellCheck={false}
        aria-invalid={refused !== null && refused.file === undefined}
        aria-describedby={refused ? `${id}-problem` : undefined}
        data-testid="sim-trace-paste"
      />
      <div className={styles.toolbar}>
        <button type="button" className={secondaryButton} onClick={() => follow(draft)} disabled={busy || draft.trim() === ''}>
          {t('studio.simTraceReplay')}
        </button>
      </div>
      {refused && (
        <div className={styles.error} role="alert" id={`${id}-problem`} data-testid="sim-trace-problem">
          <p className={styles.noticeText}>
            {refused.file === undefined
              ? wordProblem(refused.problem)
              : t('studio.simTraceInFile', { file: refused.file, problem: wordProblem(refused.problem) })}
          </p>
          <p className={styles.noticeReason}>{t('studio.simTraceUnchanged')}</p>
        </div>
      )}
    </details>
  );
}
