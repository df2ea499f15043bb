/**
 * The statechart studio (`/statecharts`, `/statecharts/<machine>`): for product owners and QA, every machine of
 * machines/registry.ts with its description, and each machine's diagram, laid out by ELK when the app is built
 * (`virtual:statecharts`, vite.config.ts) and drawn here as SVG. Outside the viewer's navigation; a build with
 * VITE_STATECHARTS=off leaves it out (src/app/routes.ts).
 */
import machines from 'virtual:statecharts';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import * as page from '../../components/page.css';
import { NotFoundView } from '../not-found/NotFoundView';
import { MachineDiagram } from './MachineDiagram';
import * as styles from './statecharts.css';

export function StatechartsView() {
  const { t } = useTranslation();
  return (
    <section className={page.page} aria-labelledby="page-title">
      <h1 id="page-title" className={page.title}>
        {t('studio.title')}
      </h1>
      <p className={page.lead}>{t('studio.lead', { count: machines.length })}</p>
      <ul className={styles.machines} aria-label={t('studio.machines')}>
        {machines.map(({ name, description }) => (
          <li key={name} className={styles.machine} data-testid="studio-machine">
            <Link href={`/statecharts/${name}`} className={styles.machineLink}>
              {name}
            </Link>
            <p className={styles.machineDescription}>{description}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function StatechartView() {
  const { t } = useTranslation();
  const params = useParams<{ machine: string }>();
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
      <p className={styles.lead}>{machine.description}</p>
      <MachineDiagram name={machine.name} layout={machine.layout} />
    </section>
  );
}
