/**
 * Cutting a clip of the game being watched (SPEC §3 Clip, §4 "Clip creation", §5): for a viewer whose pass includes
 * clipping. On a finished game they mark the start and the end on the video (or type them); on a live game they
 * take the last 30 seconds. Then a name and tags (DEFAULT to begin with). The clip-creation machine decides who may
 * cut, checks and sends the clip, and its clip child follows it while it is queued (up to 5 minutes) and offers
 * share, download and delete once it is processed. The clip the machine picks up again is shown when the viewer
 * comes back. This view renders what the flows say.
 */
import { useEffect, useState, type ChangeEvent, type FormEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { lastSecondsOfLive } from '../../../machines/clip-creation/clip-creation.types';
import { eventClipsRead } from '../../../machines/resource/clips.reads';
import type { WatchedEvent } from '../../../machines/player/player.types';
import { type ClipActor, useClip, useClipCapabilities, useClipCreation, useClipPanelOffered } from '../../app/facades/clips';
import { usePlayer } from '../../app/facades/player';
import { useRead } from '../../app/facades/read';
import { ClipCreationFlow } from '../../app/flows';
import { primaryButton, secondaryButton } from '../../components/controls.css';
import { ErrorNotice, FormNotice, SubmitButton, TextField } from '../../components/form/Fields';
import * as formStyles from '../../components/form/form.css';
import { formatClock } from '../../format/clock';
import { PageLoading } from '../../components/Loader';
import { ClipActions } from '../clips/ClipActions';
import * as styles from './clip-panel.css';


export function ClipPanel({ event }: { event: WatchedEvent }) {
  const { t } = useTranslation();
  const offered = useClipPanelOffered(event);
  // Whether the viewer has unfolded the panel (what the page shows, not the clip's flow): the clip machine, its reads
  // and its polling start only then, not on every watch page; folding it again keeps them (a draft, a queued clip).
  const [opened, setOpened] = useState(false);
  if (!offered) return null;
  return (
    <details className={styles.panel} data-testid="clip-panel" onToggle={(e) => e.currentTarget.open && setOpened(true)}>
      <summary className={styles.summary}>{t('clips.cut')}</summary>
      {opened && <ClipScope event={event} />}
    </details>
  );
}

/** Starts the machine once the viewer's clips of the game are read: it picks the one to follow again among them. */
function ClipScope({ event }: { event: WatchedEvent }) {
  const capabilities = useClipCapabilities();
  const { status, data } = useRead(eventClipsRead, event.id);
  if (status === 'loading' || capabilities === null) return <PageLoading />;
  return (
    <ClipCreationFlow.Scope input={{ eventId: event.id, endTime: event.duration, capabilities, clips: data ?? [] }}>
      <ClipSteps event={event} />
    </ClipCreationFlow.Scope>
  );
}

function ClipSteps({ event }: { event: WatchedEvent }) {
  const { step, followed } = useClipCreation();
  switch (step) {
    case 'notIncluded':
      return <NotIncluded />;
    case 'editing':
      return <ClipForm event={event} />;
    case 'following':
      return followed ? <FollowedClip clip={followed} /> : null;
    case 'failed':
    case 'deleted':
      return <Failed />;
  }
}

function NotIncluded() {
  const { t } = useTranslation();
  return (
    <p className={styles.note}>
      {t('clips.notIncluded')}{' '}
      <Link href="/packages" className={styles.link}>
        {t('info.seePasses')}
      </Link>
    </p>
  );
}

function ClipForm({ event }: { event: WatchedEvent }) {
  const { t } = useTranslation();
  const { draft, errors, message: failure, busy, edit, submit } = useClipCreation();
  const { videoRef } = usePlayer();
  const live = event.stream_status === 'live';
  const fieldErrors = Object.fromEntries(Object.entries(errors).map(([field, text]) => [FIELD_NAMES[field] ?? field, [text]]));
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    submit();
  };
  const number = (field: 'startTime' | 'duration') => (e: ChangeEvent<HTMLInputElement>) => edit({ [field]: e.target.valueAsNumber || 0 });
  return (
    <form className={formStyles.form} onSubmit={onSubmit} noValidate aria-label={t('clips.cut')}>
      <ErrorNotice error={failure ? { message: failure } : null} />
      {live ? (
        <div className={styles.row}>
          <button type="button" className={secondaryButton} onClick={() => edit(lastSecondsOfLive(Date.now() / 1000 - event.event_utc_ts))}>
            {t('clips.lastSeconds')}
          </button>
          <span className={styles.range} data-testid="clip-range">
            {draft.duration > 0 ? t('clips.range', { start: formatClock(draft.startTime), end: formatClock(draft.startTime + draft.duration) }) : t('clips.noRange')}
          </span>
        </div>
      ) : (
        <div className={styles.row}>
          <button type="button" className={secondaryButton} onClick={() => edit({ startTime: videoSecond(videoRef) })}>
            {t('clips.markStart')}
          </button>
          <button type="button" className={secondaryButton} onClick={() => edit({ duration: Math.max(0, videoSecond(videoRef) - draft.startTime) })}>
            {t('clips.markEnd')}
          </button>
        </div>
      )}
      <div className={formStyles.row}>
        <TextField name="start_time" label="clips.start" type="number" min={0} value={draft.startTime} onChange={number('startTime')} errors={fieldErrors} />
        <TextField name="duration" label="clips.length" type="number" min={1} value={draft.duration} onChange={number('duration')} errors={fieldErrors} />
      </div>
      <TextField name="name" label="clips.name" value={draft.name} onChange={(e) => edit({ name: e.target.value })} errors={fieldErrors} required />
      <TextField
        name="tags"
        label="clips.tags"
        hint="clips.tagsHint"
        value={draft.tags.join(',')}
        onChange={(e) => edit({ tags: e.target.value.split(',') })}
        errors={fieldErrors}
      />
      {errors.duration === undefined && failure === null && draft.duration > 0 && (
        <p className={styles.note}>{t('clips.summary', { length: draft.duration, start: formatClock(draft.startTime) })}</p>
      )}
      <SubmitButton busy={busy} label="clips.create" busyLabel="clips.creating" />
    </form>
  );
}

/** The machine's draft fields by the names the form's inputs carry. */
const FIELD_NAMES: Readonly<Record<string, string>> = { startTime: 'start_time', duration: 'duration', name: 'name', tags: 'tags' };

/** The video's position in whole seconds: where the viewer marks the clip. */
function videoSecond(video: RefObject<HTMLVideoElement | null>): number {
  return Math.floor(video.current?.currentTime ?? 0);
}

/** The clip clip creation follows: queued, then processed (its own actor; when its life ends, the flow moves on). */
function FollowedClip({ clip }: { clip: ClipActor }) {
  const { step } = useClip(clip);
  return step === 'queued' ? <Queued clip={clip} /> : step === 'processed' ? <Processed clip={clip} /> : null;
}

function Queued({ clip: actor }: { clip: ClipActor }) {
  const { t } = useTranslation();
  const { clip } = useClip(actor);
  const { startOver } = useClipCreation();
  const waited = useSecondsSince(clip.created_at);
  return (
    <div className={styles.status} data-testid="clip-status" data-status="queued">
      <span className={styles.spinner} aria-hidden="true" />
      {/* The live region holds the sentence only: a counter inside it would be read out every second. */}
      <p role="status">{t('clips.queued', { name: clip.name })}</p>
      <span className={styles.waited}>{t('clips.waiting', { time: formatClock(waited) })}</span>
      {/* Cutting takes up to 5 minutes on the server: the viewer need not wait for it to clip the next moment. */}
      <button type="button" className={secondaryButton} onClick={startOver}>
        {t('clips.another')}
      </button>
    </div>
  );
}

/** Seconds since a moment, counted on screen every second (a display clock, not flow state). */
function useSecondsSince(since: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, Math.floor(now / 1000 - since));
}

function Processed({ clip: actor }: { clip: ClipActor }) {
  const { t } = useTranslation();
  const { clip } = useClip(actor);
  const { startOver } = useClipCreation();
  return (
    <div className={styles.ready} data-testid="clip-status" data-status="processed">
      <FormNotice tone="success">{t('clips.ready', { name: clip.name })}</FormNotice>
      {clip.share_url && (
        <label className={formStyles.field}>
          <span className={formStyles.label}>{t('clips.shareLink')}</span>
          <input className={formStyles.input} readOnly value={clip.share_url} onFocus={(e) => e.currentTarget.select()} />
        </label>
      )}
      <div className={styles.row}>
        <Link href={`/watch_library/${clip.id}`} className={primaryButton}>
          {t('clips.watch')}
        </Link>
        <button type="button" className={secondaryButton} onClick={startOver}>
          {t('clips.another')}
        </button>
      </div>
      <ClipActions clip={actor} />
    </div>
  );
}

function Failed() {
  const { t } = useTranslation();
  const { failure, startOver, step } = useClipCreation();
  return (
    <div className={styles.status} data-testid="clip-status" data-status={step}>
      <p role="alert">{step === 'deleted' ? t('clips.deleted') : failure === 'timeout' ? t('clips.timedOut') : t('clips.failed')}</p>
      <button type="button" className={secondaryButton} onClick={startOver}>
        {t('clips.tryAgain')}
      </button>
    </div>
  );
}
