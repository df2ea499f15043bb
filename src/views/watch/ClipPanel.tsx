/**
 * Cutting a clip of the game being watched (SPEC §3 Clip, §4 "Clip creation", §5): for a viewer whose pass includes
 * clipping. On a finished game they mark the start and the end on the video (or type them); on a live game they
 * take the last 30 seconds. Then a name and tags (DEFAULT to begin with). The clip-creation machine checks and sends
 * it, follows it while it is queued (up to 5 minutes), and offers share, download and delete once it is processed. A clip
 * cut earlier is picked up again when the viewer comes back.
 */
import { useEffect, useState, type ChangeEvent, type FormEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { lastSecondsOfLive } from '../../../machines/clip-creation/clip-creation.types';
import { eventClipsRead } from '../../../machines/resource/clips.reads';
import type { WatchedEvent } from '../../../machines/player/player.types';
import { useClipCreation, useClipRights } from '../../app/facades/clips';
import { usePlayer } from '../../app/facades/player';
import { useRead } from '../../app/facades/read';
import { ClipFlow } from '../../app/flows';
import { primaryButton, secondaryButton } from '../../components/controls.css';
import { ErrorNotice, FormNotice, SubmitButton, TextField } from '../../components/form/Fields';
import * as formStyles from '../../components/form/form.css';
import { PageLoading } from '../../components/Loader';
import { ClipActions } from '../clips/ClipActions';
import * as styles from './clip-panel.css';

const clock = (seconds: number): string => `${Math.floor(seconds / 60)}:${String(Math.max(0, Math.floor(seconds % 60))).padStart(2, '0')}`;

export function ClipPanel({ event }: { event: WatchedEvent }) {
  const { t } = useTranslation();
  const rights = useClipRights();
  const { status } = usePlayer();
  // Whether the viewer has unfolded the panel (what the page shows, not the clip's flow): the clip machine, its reads
  // and its polling start only then, not on every watch page; folding it again keeps them (a draft, a queued clip).
  const [opened, setOpened] = useState(false);
  // Nothing to cut before the game starts, or when the viewer may not watch it.
  if (!rights.signedIn || event.stream_status === 'upcoming' || status === 'denied') return null;
  return (
    <details className={styles.panel} data-testid="clip-panel" onToggle={(e) => e.currentTarget.open && setOpened(true)}>
      <summary className={styles.summary}>{t('clips.cut')}</summary>
      {!opened ? null : rights.clipping ? (
        <ClipScope event={event} downloadClip={rights.downloadClip} />
      ) : (
        <p className={styles.note}>
          {t('clips.notIncluded')}{' '}
          <Link href="/packages" className={styles.link}>
            {t('info.seePasses')}
          </Link>
        </p>
      )}
    </details>
  );
}

/** Starts the machine once the viewer's clips of the game are read, so that their latest one is picked up. */
function ClipScope({ event, downloadClip }: { event: WatchedEvent; downloadClip: boolean }) {
  const { status, data } = useRead(eventClipsRead, event.id);
  if (status === 'loading') return <PageLoading />;
  const latest = data?.find((clip) => clip.status !== 'failed') ?? null;
  return (
    <ClipFlow.Scope input={{ eventId: event.id, endTime: event.duration, capabilities: { download_clip: downloadClip }, clip: latest }}>
      <ClipSteps event={event} />
    </ClipFlow.Scope>
  );
}

function ClipSteps({ event }: { event: WatchedEvent }) {
  const { step } = useClipCreation();
  switch (step) {
    case 'editing':
    case 'submitting':
      return <ClipForm event={event} />;
    case 'queued':
      return <Queued />;
    case 'processed':
      return <Processed />;
    case 'failed':
      return <Failed />;
    case 'deleted':
      return <Failed />;
  }
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
            {draft.duration > 0 ? t('clips.range', { start: clock(draft.startTime), end: clock(draft.startTime + draft.duration) }) : t('clips.noRange')}
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
        <p className={styles.note}>{t('clips.summary', { length: draft.duration, start: clock(draft.startTime) })}</p>
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

function Queued() {
  const { t } = useTranslation();
  const { clip } = useClipCreation();
  const waited = useSecondsSince(clip?.created_at ?? null);
  return (
    <div className={styles.status} data-testid="clip-status" data-status="queued">
      <span className={styles.spinner} aria-hidden="true" />
      {/* The live region holds the sentence only: a counter inside it would be read out every second. */}
      <p role="status">{t('clips.queued', { name: clip?.name ?? '' })}</p>
      <span className={styles.waited}>{t('clips.waiting', { time: clock(waited) })}</span>
    </div>
  );
}

/** Seconds since a moment, counted on screen every second (a display clock, not flow state). */
function useSecondsSince(since: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return since === null ? 0 : Math.max(0, Math.floor(now / 1000 - since));
}

function Processed() {
  const { t } = useTranslation();
  const { clip, startOver } = useClipCreation();
  if (!clip) return null;
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
      <ClipActions />
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
