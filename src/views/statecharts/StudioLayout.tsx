/**
 * One machine's page in the studio: the diagram with what the chosen view lights up on it, and that view's panel
 * beside it (under it on a phone). The views (live, simulate, test paths) are links, so the URL says which is open.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'wouter';
import type { StudioMachine } from '../../../statecharts/studio-data';
import { type DiagramOverlay, MachineDiagram } from './MachineDiagram';
import * as styles from './statecharts.css';

const STUDIO_VIEWS = ['live', 'simulate', 'paths'] as const;
type StudioView = (typeof STUDIO_VIEWS)[number];
const VIEW_NAMES = { live: 'studio.viewLive', simulate: 'studio.viewSimulate', paths: 'studio.viewPaths' } as const;

/** The view the URL names (`?view=`), live by default. */
export function useStudioView(): StudioView {
  const [search] = useSearchParams();
  return STUDIO_VIEWS.find((view) => view === search.get('view')) ?? 'live';
}

export function StudioLayout({ machine, overlay, children }: { machine: StudioMachine; overlay: DiagramOverlay; children: ReactNode }) {
  const { t } = useTranslation();
  const current = useStudioView();
  return (
    <div className={styles.workspace}>
      <div className={styles.diagramColumn}>
        <MachineDiagram name={machine.name} layout={machine.layout} overlay={overlay} />
      </div>
      <aside className={styles.panel} aria-label={t(VIEW_NAMES[current])}>
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
        <div className={styles.panelBody} data-testid="studio-panel" data-view={current}>
          {children}
        </div>
      </aside>
    </div>
  );
}
