/**
 * The studio's test paths of one machine: which transitions the model-based paths take (drawn on the diagram, with
 * the machine's figure), the paths as `npm run paths` lists them (the few that together take every transition, each
 * titled with what it proves), one played step by step on the diagram with the transitions each step takes and the
 * effects it runs, and the whole list exported as JSON or Markdown, byte for byte what the command prints; a machine
 * with a UI map also exports its Playwright spec, what `npm run paths -- <name> --format playwright` prints. The path
 * and step are in the URL; a link to a path or step that does not exist says so and shows what it can instead.
 */
import { Suspense, use, useEffect, useState } from 'react';
import { useStudioTranslation } from './studio-i18n';
import { useSearchParams } from 'wouter';
import { pathLoaders } from 'virtual:statecharts/paths';
import { specLoaders } from 'virtual:statecharts/specs';
import { activeStateIds, edgeIdsOf } from '../../../statecharts/highlight';
import { describeExpected, describeStep } from '../../../statecharts/model-testing/describe';
import { type PlainPath, describeEffect, describeTransition } from '../../../statecharts/model-testing/format-paths';
import { type StudioPaths, exportPathsJson, exportPathsMarkdown, toPlainPaths } from '../../../statecharts/paths-data';
import type { StudioMachine } from '../../../statecharts/studio-data';
import { saveText } from '../../adapters/save-file';
import { secondaryButton } from '../../components/controls.css';
import { StudioLayout } from './StudioLayout';
import * as styles from './statecharts.css';

/** Each machine's paths chunk, fetched once. */
const loaded = new Map<string, Promise<{ data: StudioPaths; paths: PlainPath[] }>>();
function pathsOf(name: string): Promise<{ data: StudioPaths; paths: PlainPath[] }> {
  let promise = loaded.get(name);
  if (!promise) {
    const loader = pathLoaders[name];
    promise = loader ? loader().then(({ default: data }) => ({ data, paths: toPlainPaths(data) })) : Promise.reject(new Error(`no paths for ${name}`));
    loaded.set(name, promise);
  }
  return promise;
}

/**
 * Each mapped machine's spec chunk, fetched when it is first exported; a failed fetch is forgotten, so that the next
 * press fetches again.
 */
const specs = new Map<string, Promise<string>>();
function specOf(name: string): Promise<string> {
  let promise = specs.get(name);
  if (!promise) {
    const loader = specLoaders[name];
    promise = loader ? loader().then((chunk) => chunk.default) : Promise.reject(new Error(`no UI map for ${name}`));
    promise.catch(() => specs.delete(name));
    specs.set(name, promise);
  }
  return promise;
}

/**
 * The export of the Playwright spec of a machine with a UI map. The spec is fetched on the press, not with the view:
 * only QA exporting it pays for it. A fetch that fails (a new build deployed since the studio opened) says so.
 */
function SpecExport({ name }: { name: string }) {
  const { t } = useStudioTranslation();
  const [failed, setFailed] = useState(false);
  const save = () => {
    setFailed(false);
    specOf(name).then(
      (text) => saveText(`${name}.paths.e2e.ts`, text, 'text/plain'),
      () => setFailed(true),
    );
  };
  return (
    <>
      <button type="button" className={secondaryButton} onClick={save}>
        {t('studio.exportSpec')}
      </button>
      {failed && (
        <p className={styles.hint} role="alert">
          {t('studio.specFailed')}
        </p>
      )}
    </>
  );
}

export function PathsStudio({ machine }: { machine: StudioMachine }) {
  const { t } = useStudioTranslation();
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

/** The step a `step=` parameter asks for in a path of `length` steps, and how it was corrected when it names none. */
function readStep(raw: string | null, length: number): { step: number; fix?: 'outOfRange' | 'notNumber' } {
  if (raw === null) return { step: 1 };
  if (!/^\d+$/.test(raw)) return { step: 1, fix: 'notNumber' };
  const asked = Number(raw);
  if (asked < 1) return { step: 1, fix: 'outOfRange' };
  if (asked > length) return { step: length, fix: 'outOfRange' };
  return { step: asked };
}

/** A correction made to the address, told once the address shows the step it landed on. */
interface StepNote {
  fix: 'outOfRange' | 'notNumber';
  requested: string;
  step: number;
}

function LoadedPaths({ machine }: { machine: StudioMachine }) {
  const { t } = useStudioTranslation();
  const { data, paths } = use(pathsOf(machine.name));
  const [search, setSearch] = useSearchParams();
  const requestedPath = search.get('path');
  const path = paths.find((p) => String(p.id) === requestedPath) ?? null;
  const requestedStep = search.get('step');
  const { step: stepNumber, fix } = path ? readStep(requestedStep, path.steps.length) : { step: 0, fix: undefined };
  const [note, setNote] = useState<StepNote | null>(null);
  // A step the path does not have is corrected in the address, replacing it so that Back does not return to it; the
  // note says what was asked for and stays until the tester moves on. It is kept while rendering (React's pattern for
  // state derived from a change), as the corrected address no longer shows what was asked for.
  if (fix !== undefined && requestedStep !== null && (note?.requested !== requestedStep || note.fix !== fix)) {
    setNote({ fix, requested: requestedStep, step: stepNumber });
  }
  useEffect(() => {
    if (fix === undefined) return;
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set('step', String(stepNumber));
        return next;
      },
      { replace: true },
    );
  }, [fix, stepNumber, setSearch]);
  const step = path?.steps[stepNumber - 1];
  const covered = new Set(data.transitions.map((transition) => transition.id));
  const overlay = step
    ? {
        covered,
        active: activeStateIds(machine.layout, machine.id, step.expected.value),
        taken: edgeIdsOf(machine.layout, step.transitions.map((transition) => transition.id)),
      }
    : { covered };
  const go = (id: number | null, to = 1) => {
    setNote(null);
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
  };
  const { covered: taken, total } = data.coverage;
  const mapped = Object.hasOwn(specLoaders, machine.name);

  return (
    <StudioLayout machine={machine} overlay={overlay}>
      <h2 className={styles.panelTitle}>{t('studio.pathsTitle')}</h2>
      <p className={styles.current} data-testid="coverage">
        {t('studio.coverage', { covered: taken, total, percent: total === 0 ? 100 : Math.floor((taken / total) * 100) })}
      </p>
      {data.info.chosenFrom !== undefined && (
        <p className={styles.hint}>{t('studio.pathsChosen', { count: paths.length, from: data.info.chosenFrom })}</p>
      )}
      {data.coverage.missing.length > 0 && (
        <p className={styles.hint}>
          {t('studio.notTaken')} {data.coverage.missing.map(describeTransition).join('; ')}
        </p>
      )}
      <div className={styles.toolbar}>
        <button type="button" className={secondaryButton} onClick={() => saveText(`${machine.name}.paths.json`, exportPathsJson(data), 'application/json')}>
          {t('studio.exportJson')}
        </button>
        <button type="button" className={secondaryButton} onClick={() => saveText(`${machine.name}.paths.md`, exportPathsMarkdown(data), 'text/markdown')}>
          {t('studio.exportMarkdown')}
        </button>
        {mapped && <SpecExport key={machine.name} name={machine.name} />}
      </div>
      {!mapped && (
        <p className={styles.hint}>{t('studio.specNoUiMap', { file: `machines/${machine.name}/${machine.name}.ui.ts` })}</p>
      )}
      {path && step ? (
        <section aria-labelledby="path-title" className={styles.panelBody} data-testid="path-player" data-step={stepNumber}>
          <h3 id="path-title" className={styles.panelSubtitle}>
            {t('studio.pathTitle', { id: path.id, title: path.title })}
          </h3>
          {note && (
            <p className={styles.hint} role="status" data-testid="link-note">
              {note.fix === 'notNumber'
                ? t('studio.stepNotNumber', { requested: note.requested })
                : t('studio.stepOutOfRange', { requested: note.requested, step: note.step })}
            </p>
          )}
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
                {s.number === stepNumber && s.transitions.length > 0 && (
                  <p className={styles.hint} data-testid="step-transitions">
                    {t('studio.stepTakes')} {s.transitions.map(describeTransition).join('; ')}
                  </p>
                )}
                {s.number === stepNumber && s.effects.length > 0 && (
                  <p className={styles.hint} data-testid="step-effects">
                    {t('studio.stepRuns')} {s.effects.map(describeEffect).join('; ')}
                  </p>
                )}
              </li>
            ))}
          </ol>
        </section>
      ) : (
        <>
          {requestedPath !== null && (
            <p className={styles.hint} role="status" data-testid="link-note">
              {t('studio.noSuchPath', { id: requestedPath })}
            </p>
          )}
          <ol className={styles.pathList} aria-label={t('studio.pathList', { count: paths.length })}>
            {paths.map((p) => (
              <li key={p.id}>
                <button type="button" className={styles.stepButton} onClick={() => go(p.id)} data-testid="path-link">
                  {t('studio.pathItem', { id: p.id, title: p.title, count: p.steps.length })}
                </button>
              </li>
            ))}
          </ol>
        </>
      )}
    </StudioLayout>
  );
}
