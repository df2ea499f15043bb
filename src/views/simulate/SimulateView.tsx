/**
 * Simulate (SPEC §2 /simulate): where a channel operator tries the player. They pick a stream type (live, replay,
 * library video) and one of the channel's streams of that type, and watch it with the player machine's state beside
 * it: its statechart state, what the viewer sees, the stream type of the grant, the preroll, and any refusal. The
 * choice lives in the address (`?type=live&id=3`), so a simulation can be shared and reloaded.
 */
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { STREAM_TYPES, type StreamType, type TestStream, testStreamsRead } from '../../../machines/resource/simulate.reads';
import type { PlayerSource } from '../../../machines/player/player.types';
import { PlayerScope, type PlayerStatus, usePlayer, usePlayerInternals } from '../../app/facades/player';
import { useRead } from '../../app/facades/read';
import { RetryNotice } from '../../components/form/Fields';
import { PageLoading } from '../../components/Loader';
import * as pageStyles from '../../components/page.css';
import { PlayerSurface } from '../../components/player/Player';
import { eventTitle } from '../../format/event';
import type { MessageKey } from '../../i18n/locales/en';
import * as styles from './simulate.css';

const TYPE_LABELS: Readonly<Record<StreamType, MessageKey>> = { live: 'simulate.live', replay: 'simulate.replay', vod: 'simulate.vod' };

// What the machine reports, in the viewer's language (its state's own name stays as the diagram writes it).
const STATUS_LABELS: Readonly<Record<PlayerStatus, MessageKey>> = {
  loading: 'simulate.statusLoading',
  buffering: 'simulate.statusBuffering',
  playing: 'simulate.statusPlaying',
  ended: 'simulate.statusEnded',
  error: 'simulate.statusError',
  denied: 'simulate.statusDenied',
};
const GRANT_LABELS: Readonly<Record<'live' | 'vod', MessageKey>> = { live: 'simulate.grantLive', vod: 'simulate.grantVod' };

const isStreamType = (text: string | null): text is StreamType => STREAM_TYPES.some((type) => type === text);

function sourceOf(stream: TestStream): PlayerSource {
  return stream.kind === 'event' ? { kind: 'event', id: stream.event.id } : { kind: 'vod', id: stream.item.id };
}

const streamId = (stream: TestStream): number => (stream.kind === 'event' ? stream.event.id : stream.item.id);

export function SimulateView() {
  const { t } = useTranslation();
  const params = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const type = isStreamType(params.get('type')) ? (params.get('type') as StreamType) : 'live';
  const { status, data, retry } = useRead(testStreamsRead, type);
  const streams = data ?? [];
  const chosenId = Number(params.get('id'));
  const chosen = streams.find((stream) => streamId(stream) === chosenId) ?? streams[0] ?? null;

  const choose = (next: { type: StreamType; id?: number }) =>
    navigate(`/simulate?type=${next.type}${next.id === undefined ? '' : `&id=${next.id}`}`, { replace: true });

  return (
    <article className={pageStyles.page}>
      <h1 className={pageStyles.title}>{t('pages.simulate')}</h1>
      <p className={pageStyles.lead}>{t('simulate.lead')}</p>
      <div className={styles.controls}>
        <label className={styles.control}>
          {t('simulate.streamType')}
          <select className={styles.select} value={type} onChange={(e: ChangeEvent<HTMLSelectElement>) => choose({ type: e.target.value as StreamType })}>
            {STREAM_TYPES.map((option) => (
              <option key={option} value={option}>
                {t(TYPE_LABELS[option])}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.control}>
          {t('simulate.testStream')}
          <select
            className={styles.select}
            value={chosen ? streamId(chosen) : ''}
            disabled={streams.length === 0}
            onChange={(e: ChangeEvent<HTMLSelectElement>) => choose({ type, id: Number(e.target.value) })}
          >
            {streams.map((stream) => (
              <option key={streamId(stream)} value={streamId(stream)}>
                {stream.kind === 'event' ? eventTitle(stream.event) : stream.item.title}
              </option>
            ))}
          </select>
        </label>
      </div>
      {status === 'loading' && <PageLoading />}
      {status === 'failed' && <RetryNotice message="simulate.failed" onRetry={retry} />}
      {status === 'loaded' && !chosen && <p className={styles.empty}>{t('simulate.none')}</p>}
      {chosen && (
        <PlayerScope source={sourceOf(chosen)}>
          <div className={styles.layout}>
            <PlayerSurface />
            <PlayerState />
          </div>
        </PlayerScope>
      )}
    </article>
  );
}

function PlayerState() {
  const { t } = useTranslation();
  const { status, denial, isPreroll } = usePlayer();
  const { state, streamType, prerollUrl } = usePlayerInternals();
  const rows: Array<[MessageKey, string]> = [
    ['simulate.machineState', state],
    ['simulate.status', t(STATUS_LABELS[status])],
    ['simulate.grant', streamType ? t(GRANT_LABELS[streamType]) : '—'],
    ['simulate.preroll', isPreroll ? (prerollUrl ?? '—') : t('simulate.noPreroll')],
    ['simulate.denial', denial ?? '—'],
  ];
  return (
    <section className={styles.state} aria-labelledby="simulate-state" aria-live="polite">
      <h2 id="simulate-state" className={styles.stateTitle}>
        {t('simulate.playerState')}
      </h2>
      <dl className={styles.stateList} data-testid="simulate-state">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{t(label)}</dt>
            <dd>
              <code>{value}</code>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
