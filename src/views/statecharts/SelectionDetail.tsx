/**
 * The studio panel's first section: what the selected state or transition of the diagram is and does (its name,
 * kind and description; for a transition its source → target, event and guard), or what the pointer or the focus
 * previews. With nothing selected, the machine itself. Product owners once found descriptions only on hover, under
 * a diagram taller than their screen (issue 29).
 */
import { useId } from 'react';
import { useDescription, useStudioTranslation } from './studio-i18n';
import { type LaidOutEdge, type LaidOutState, triggerOf } from '../../../statecharts/layout';
import type { StudioMachine } from '../../../statecharts/studio-data';
import type { DiagramItem } from './MachineDiagram';
import * as styles from './statecharts.css';

const STATE_KINDS = {
  atomic: 'studio.kindAtomic',
  compound: 'studio.kindCompound',
  parallel: 'studio.kindParallel',
  final: 'studio.kindFinal',
  history: 'studio.kindHistory',
} as const;

const TRANSITION_KINDS = {
  event: 'studio.kindEvent',
  always: 'studio.kindAlways',
  after: 'studio.kindAfter',
  done: 'studio.kindDone',
  error: 'studio.kindError',
  stateDone: 'studio.kindStateDone',
  initial: 'studio.kindInitial',
} as const;

/** The state or transition `item` names in the machine's layout; undefined when there is none (another machine's). */
function lookUp(machine: StudioMachine, item: DiagramItem | null): { state: LaidOutState } | { edge: LaidOutEdge } | undefined {
  if (item?.kind === 'state') {
    const state = machine.layout.states.find((s) => s.id === item.id);
    return state && { state };
  }
  const edge = item ? machine.layout.edges.find((e) => e.id === item.id) : undefined;
  return edge && { edge };
}

export function SelectionDetail({ machine, item, pinned }: { machine: StudioMachine; item: DiagramItem | null; pinned: boolean }) {
  const { t } = useStudioTranslation();
  const describe = useDescription();
  const titleId = useId();
  const found = lookUp(machine, item);
  const rows: Array<[string, string]> = [];
  let title = machine.name;
  let kind: string = t('studio.kindMachine');
  let description = machine.description ? describe(machine.description) : t('studio.noDescription');
  if (found && 'state' in found) {
    const { state } = found;
    title = state.key;
    kind = t(STATE_KINDS[state.type]);
    description = state.description ? describe(state.description) : t('studio.noDescription');
    rows.push([t('studio.detailId'), state.id]);
    if (state.invoke.length > 0) rows.push([t('studio.detailInvokes'), state.invoke.join(', ')]);
    if (state.tags.length > 0) rows.push([t('studio.detailTags'), `#${state.tags.join(' #')}`]);
  } else if (found) {
    const { edge } = found;
    title = edge.label;
    kind = t(TRANSITION_KINDS[edge.kind]);
    description = edge.description ? describe(edge.description) : t('studio.noDescription');
    rows.push([t('studio.detailRoute'), `${edge.source} → ${edge.target}`]);
    rows.push([t('studio.detailEvent'), triggerOf(edge)]);
    rows.push([t('studio.detailGuard'), edge.guard ?? t('studio.detailNoGuard')]);
  }
  const heading = !found ? t('studio.aboutMachine') : pinned ? t('studio.selected') : t('studio.previewed');
  return (
    <section className={styles.detail} aria-labelledby={titleId} data-testid="diagram-detail" data-pinned={(found && pinned) || undefined}>
      <h2 id={titleId} className={styles.detailHeading}>
        {heading}
      </h2>
      {/* Polite: a keyboard user moving through the diagram hears what each state does without leaving it. */}
      <div aria-live="polite">
        <p className={styles.detailTitle} data-testid="detail-name">
          {title}
        </p>
        <p className={styles.detailKind}>{kind}</p>
        <p className={styles.detailText}>{description}</p>
        {rows.length > 0 && (
          <dl className={styles.detailRows}>
            {rows.map(([term, value]) => (
              <div key={term}>
                <dt>{term}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
      <p className={styles.hint}>{!found ? t('studio.hint') : pinned ? t('studio.selectionClear') : t('studio.previewHint')}</p>
    </section>
  );
}
