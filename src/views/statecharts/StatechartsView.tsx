/**
 * The statechart studio (`/statecharts`, `/statecharts/<machine>`): for product owners and QA, every machine of
 * machines/registry.ts with its description, and each machine's diagram, laid out by ELK when the app is built
 * (`virtual:statecharts`, vite.config.ts) and drawn here as SVG. Outside the viewer's navigation; a build with
 * VITE_STATECHARTS=off leaves it out (src/app/routes.ts).
 */
import machines from 'virtual:statecharts';
import { useDescription, useStudioTranslation } from './studio-i18n';
import { useLiveTabs } from '../../app/facades/statecharts';
import { Link, useParams } from 'wouter';
import * as page from '../../components/page.css';
import { NotFoundView } from '../not-found/NotFoundView';
import { LiveStudio } from './LiveStudio';
import { PathsStudio } from './PathsStudio';
import { SimulateStudio } from './SimulateStudio';
import { useStudioView } from './StudioLayout';
import * as styles from './statecharts.css';

export function StatechartsView() {
  const { t } = useStudioTranslation();
  const describe = useDescription();
  const running = new Map<string, number>();
  for (const actor of useLiveTabs()?.flatMap((tab) => tab.actors) ?? []) {
    if (actor.status === 'active') running.set(actor.machine, (running.get(actor.machine) ?? 0) + 1);
  }
  return (
    <section className={page.page} aria-labelledby="page-title">
      <h1 id="page-title" className={page.title}>
        {t('studio.title')}
      </h1>
      <p className={page.lead}>{t('studio.lead', { count: machines.length })}</p>
      <ul className={styles.machines} aria-label={t('studio.machines')}>
        {machines.map(({ name, id, description }) => (
          <li key={name} className={styles.machine} data-testid="studio-machine">
            <Link href={`/statecharts/${name}`} className={styles.machineLink}>
              {name}
            </Link>
            <p className={styles.machineDescription}>{describe(description)}</p>
            <RunningCount count={running.get(id) ?? 0} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** How many actors of the machine run now in this browser's tabs (the live view lists them). */
function RunningCount({ count }: { count: number }) {
  const { t } = useStudioTranslation();
  if (count === 0) return null;
  return (
    <p className={styles.running} data-testid="running-count">
      {t('studio.runningCount', { count })}
    </p>
  );
}

export function StatechartView() {
  const { t } = useStudioTranslation();
  const params = useParams<{ machine: string }>();
  const view = useStudioView();
  const machine = machines.find((known) => known.name === params.machine);
  if (!machine) return <NotFoundView />;
  return (
    <section className={styles.studio} aria-labelledby="page-title">
      <nav aria-label={t('studio.breadcrumb')} className={styles.breadcrumb}>
        <Link href="/statecharts">{t('studio.title')}</Link>
      </nav>
      <h1 id="page-title" className={page.title}>
        {machine.name}
      </h1>
      {/* The machine's description is the panel's first section (SelectionDetail), beside the diagram: not repeated here. */}
      {view === 'live' && <LiveStudio machine={machine} />}
      {view === 'simulate' && <SimulateStudio machine={machine} />}
      {view === 'paths' && <PathsStudio machine={machine} />}
    </section>
  );
}
