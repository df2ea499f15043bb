/**
 * The studio's test paths of one machine: which transitions the model-based paths take (drawn on the diagram, with
 * the machine's figure), the paths as `npm run paths` lists them, one played step by step on the diagram, and the
 * whole list exported as JSON or Markdown, byte for byte what the command prints. The path and step are in the URL.
 */
import { Suspense, use } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'wouter';
import { pathLoaders } from 'virtual:statecharts/paths';
import { activeStateIds, edgeIdsOf } from '../../../statecharts/highlight';
import { describeExpected, describeStep } from '../../../statecharts/model-testing/describe';
import { type StudioPath, type StudioPaths, exportPathsJson, exportPathsMarkdown, toPlainPaths } from '../../../statecharts/paths-data';
import type { StudioMachine } from '../../../statecharts/studio-data';
import { saveText } from '../../adapters/save-file';
import { secondaryButton } from '../../components/controls.css';
import { StudioLayout } from './StudioLayout';
import * as styles from './statecharts.css';

/** Each machine's paths chunk, fetched once. */
const loaded = new Map<string, Promise<{ data: StudioPaths; paths: StudioPath[] }>>();
function pathsOf(name: string): Promise<{ data: StudioPaths; paths: StudioPath[] }> {
  let promise = loaded.get(name);
  if (!promise) {
    const loader = pathLoaders[name];
    promise = loader ? loader().then(({ default: data }) => ({ data, paths: toPlainPaths(data) })) : Promise.reject(new Error(`no paths for ${name}`));
    loaded.set(name, promise);
  }
  return promise;
}

export function PathsStudio({ machine }: { machine: StudioMachine }) {
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <StudioLayout machine={machine} overlay={{}}>
          <p className={styles.hint} role="status">
            {t('studio.pathsLoading')}
          </p>
        </StudioLayout>
      }
    >
      <LoadedPaths machine={machine} />
    </Suspense>
  );
}

function LoadedPaths({ machine }: { machine: StudioMachine }) {
  const { t } = useTranslation();
  const { data, paths } = use(pathsOf(machine.name));
  const [search, setSearch] = useSearchParams();
  const path = paths.find((p) => String(p.id) === search.get('path')) ?? null;
  const stepNumber = path ? Math.min(path.steps.length, Math.max(1, Number(search.get('step')) || 1)) : 0;
  const step = path?.steps[stepNumber - 1];
  const covered = new Set(data.covered);
  const overlay = step
    ? { covered, active: activeStateIds(machine.layout, machine.id, step.expected.value), taken: edgeIdsOf(machine.layout, step.taken) }
    : { covered };
  const go = (id: number | null, to = 1) =>
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (id === null) {
          next.delete('path');
          next.delete('step');
        } else {
          next.set('path', String(id));
          next.set('step', String(to));
        }
        return next;
      },
      { replace: id !== null && id === path?.id },
    );
  const { covered: taken, total } = data.coverage;

  return (
    <StudioLayout machine={machine} overlay={overlay}>
      <h2 className={styles.panelTitle}>{t('studio.pathsTitle')}</h2>
      <p className={styles.current} data-testid="coverage">
        {t('studio.coverage', { covered: taken, total, percent: total === 0 ? 100 : Math.floor((taken / total) * 100) })}
      </p>
      {data.coverage.missing.length > 0 && (
        <p className={styles.hint}>
          {t('studio.notTaken')} {data.coverage.missing.map((m) => `${m.source}: ${m.label}`).join('; ')}
        </p>
      )}
      <div className={styles.toolbar}>
        <button type="button" className={secondaryButton} onClick={() => saveText(`${machine.name}.paths.json`, exportPathsJson(data), 'application/json')}>
          {t('studio.exportJson')}
        </button>
        <button type="button" className={secondaryButton} onClick={() => saveText(`${machine.name}.paths.md`, exportPathsMarkdown(data), 'text/markdown')}>
          {t('studio.exportMarkdown')}
        </button>
      </div>
      {path && step ? (
        <section aria-labelledby="path-title" className={styles.panelBody} data-testid="path-player" data-step={stepNumber}>
          <h3 id="path-title" className={styles.panelSubtitle}>
            {t('studio.pathTitle', { id: path.id, end: path.end })}
          </h3>
          <div className={styles.toolbar}>
            <button type="button" className={secondaryButton} onClick={() => go(path.id, stepNumber - 1)} disabled={stepNumber <= 1}>
              {t('studio.previousStep')}
            </button>
            <button type="button" className={secondaryButton} onClick={() => go(path.id, stepNumber + 1)} disabled={stepNumber >= path.steps.length}>
              {t('studio.nextStep')}
            </button>
            <button type="button" className={secondaryButton} onClick={() => go(null)}>
              {t('studio.allPaths')}
            </button>
          </div>
          <ol className={styles.steps}>
            {path.steps.map((s) => (
              <li key={s.number} aria-current={s.number === stepNumber ? 'step' : undefined} className={styles.stepItem}>
                <button type="button" className={styles.stepButton} onClick={() => go(path.id, s.number)}>
                  {describeStep(s)} → {describeExpected(s.expected)}
                </button>
              </li>
            ))}
          </ol>
        </section>
      ) : (
        <ol className={styles.pathList} aria-label={t('studio.pathList', { count: paths.length })}>
          {paths.map((p) => (
            <li key={p.id}>
              <button type="button" className={styles.stepButton} onClick={() => go(p.id)} data-testid="path-link">
                {t('studio.pathItem', { id: p.id, end: p.end, count: p.steps.length })}
              </button>
            </li>
          ))}
        </ol>
      )}
    </StudioLayout>
  );
}
