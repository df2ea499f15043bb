/**
 * One machine's page in the studio: the views' switch (live, simulate, test paths: links, so the URL says which is
 * open), the diagram with what the chosen view lights up on it, and the panel beside it: what the selected state or
 * transition does, then the view's own content. On a phone the switch comes first and the diagram and the panel
 * share the screen, each scrolling on its own, so neither the switch nor the current state is ever a page away.
 */
import { type ReactNode, useState } from 'react';
import { useStudioTranslation } from './studio-i18n';
import { Link, useSearchParams } from 'wouter';
import type { StudioMachine } from '../../../statecharts/studio-data';
import { type DiagramItem, type DiagramOverlay, MachineDiagram } from './MachineDiagram';
import { SelectionDetail } from './SelectionDetail';
import * as styles from './statecharts.css';

const STUDIO_VIEWS = ['live', 'simulate', 'paths'] as const;
type StudioView = (typeof STUDIO_VIEWS)[number];
const VIEW_NAMES = { live: 'studio.viewLive', simulate: 'studio.viewSimulate', paths: 'studio.viewPaths' } as const;

/** The view the URL names (`?view=`), live by default. */
export function useStudioView(): StudioView {
  const [search] = useSearchParams();
  return STUDIO_VIEWS.find((view) => view === search.get('view')) ?? 'live';
}

export function StudioLayout({
  machine,
  overlay,
  children,
  below,
}: {
  machine: StudioMachine;
  overlay: DiagramOverlay;
  children: ReactNode;
  /** Shown across the whole width under the diagram and the panel: what needs more room than the panel has. */
  below?: ReactNode;
}) {
  const { t } = useStudioTranslation();
  const current = useStudioView();
  // What the panel describes: the diagram's own view state, not app flow. A preview (pointer or focus) shows over
  // the selection until it leaves.
  const [selected, setSelected] = useState<DiagramItem | null>(null);
  const [preview, setPreview] = useState<DiagramItem | null>(null);
  return (
    <div className={styles.workspace}>
      <nav className={styles.views} aria-label={t('studio.viewsLabel')}>
        {STUDIO_VIEWS.map((view) => (
          <Link
            key={view}
            href={`/statecharts/${machine.name}${view === 'live' ? '' : `?view=${view}`}`}
            className={styles.viewLink}
            aria-current={view === current ? 'page' : undefined}
          >
            {t(VIEW_NAMES[view])}
          </Link>
        ))}
      </nav>
      <div className={styles.diagramColumn}>
        <MachineDiagram
          key={machine.name}
          name={machine.name}
          layout={machine.layout}
          overlay={overlay}
          selected={selected}
          onSelect={setSelected}
          onPreview={setPreview}
        />
      </div>
      {/* Focusable: on a phone it scrolls on its own, and a keyboard must reach what is below. */}
      <aside className={styles.panel} aria-label={t(VIEW_NAMES[current])} tabIndex={0}>
        <SelectionDetail machine={machine} item={preview ?? selected} pinned={preview === null || (preview.kind === selected?.kind && preview.id === selected.id)} />
        <div className={styles.panelBody} data-testid="studio-panel" data-view={current}>
          {children}
        </div>
      </aside>
      {below && <div className={styles.below}>{below}</div>}
    </div>
  );
}
