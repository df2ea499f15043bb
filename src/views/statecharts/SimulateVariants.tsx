/**
 * One event type with several payload variants in the studio's Simulate view: the viewer picks a variant, reads its
 * payload as JSON before sending it, and may edit it. An edit is checked as it is typed (JSON, an object, the same
 * event type: statecharts/sim-payload.ts); a bad one is said and not sent, and the text stays as typed. An edited
 * payload is not part of the view's link, and the view says so.
 */
import { useId, useState } from 'react';
import { useStudioTranslation } from './studio-i18n';
import type { SimulationOption } from '../../../statecharts/model-testing/simulate';
import { type PayloadProblem, readPayload } from '../../../statecharts/sim-payload';
import { secondaryButton } from '../../components/controls.css';
import * as styles from './statecharts.css';

interface Props {
  /** The sends of one event type, in the model's order (at least one). */
  options: readonly SimulationOption[];
  busy: boolean;
  send(index: number): void;
  sendEdited(index: number, event: unknown): void;
}

export function SimulateVariants({ options, busy, send, sendEdited }: Props) {
  const { t } = useStudioTranslation();
  const id = useId();
  const [picked, setPicked] = useState(options[0]?.index ?? 0);
  // The text being edited; null while the variant is sent as the model gives it.
  const [draft, setDraft] = useState<string | null>(null);
  const option = options.find((o) => o.index === picked) ?? options[0];
  if (option === undefined) return null;
  const checked = draft === null ? null : readPayload(draft, option.type);
  const problem = checked !== null && !checked.ok ? checked.problem : null;

  const wordProblem = (found: PayloadProblem): string =>
    found.kind === 'json'
      ? t('studio.simPayloadJson', { detail: found.detail })
      : found.kind === 'notObject'
        ? t('studio.simPayloadObject')
        : t('studio.simPayloadType', { expected: found.expected, found: found.found });

  const submit = () => {
    if (checked === null) send(option.index);
    else if (checked.ok) sendEdited(option.index, checked.event);
  };

  return (
    <fieldset className={styles.variantSend} data-testid="sim-variants" data-type={option.type}>
      <legend className={styles.panelSubtitle}>{option.type}</legend>
      <label className={styles.field}>
        {t('studio.simVariant')}
        <select
          className={styles.fieldControl}
          value={option.index}
          onChange={(event) => setPicked(Number(event.target.value))}
          disabled={draft !== null}
          data-testid="sim-variant"
        >
          {options.map((o) => (
            <option key={o.index} value={o.index}>
              {o.label === undefined || o.label === '' ? o.text : o.label}
            </option>
          ))}
        </select>
      </label>
      {draft === null ? (
        <>
          <p className={styles.hint}>{t('studio.simPayload')}</p>
          <pre className={styles.context} data-testid="sim-payload">
            {option.payload}
          </pre>
        </>
      ) : (
        <>
          <label className={styles.field} htmlFor={`${id}-edit`}>
            {t('studio.simPayloadEdit')}
          </label>
          <textarea
            id={`${id}-edit`}
            className={styles.payloadEditor}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            spellCheck={false}
            aria-invalid={problem !== null}
            aria-describedby={`${id}-note`}
            data-testid="sim-payload-edit"
          />
          {problem && (
            <p className={styles.error} role="alert" data-testid="sim-payload-problem">
              {wordProblem(problem)}
            </p>
          )}
          <p className={styles.hint} id={`${id}-note`}>
            {t('studio.simEditNotInLink')}
          </p>
        </>
      )}
      <div className={styles.toolbar}>
        <button
          type="button"
          className={secondaryButton}
          onClick={submit}
          disabled={busy || problem !== null}
          data-testid="sim-option"
          data-type={option.type}
        >
          {draft === null ? t('studio.simSendVariant') : t('studio.simSendEdited')}
        </button>
        <button type="button" className={secondaryButton} onClick={() => setDraft(draft === null ? (option.payload ?? '') : null)}>
          {draft === null ? t('studio.simEdit') : t('studio.simEditCancel')}
        </button>
      </div>
    </fieldset>
  );
}
