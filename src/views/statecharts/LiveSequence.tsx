/**
 * The live view's sequence diagram of one tab (issue 29): the messages its actors send one another (what `sendTo` and
 * `system.get(...).send` carry, and an invoked child's answer to its parent), one lane per actor, time flowing down.
 * Lanes and messages come from statecharts/live-sequence.ts; this draws them and lets the reader pick one to read its
 * payload.
 *
 * Drawn in HTML rather than SVG: each message is a button in an ordered list, so a screen reader reads the list in
 * time order, each item as a sentence ("12:03:04.120 payment → cardEntry: card.confirm"), a keyboard reaches and picks
 * each one, and the lanes, the time and the arrows are CSS grid columns of the same rows, so they stay aligned at any
 * width without measuring text. The drawing itself (lifelines, arrows) is hidden from assistive technology: the
 * sentence says what it shows.
 */
import { Fragment, useId, useLayoutEffect, useRef, useState } from 'react';
import { useSearchParams } from 'wouter';
import { assignInlineVars } from '@vanilla-extract/dynamic';
import { visuallyHidden } from '../../components/controls.css';
import { formatStateValue } from '../../../statecharts/model-testing/describe';
import { PAGE_LANE, type SequenceLane, type SequenceMessage, type SequenceTabLike, buildSequence } from '../../../statecharts/live-sequence';
import { useStudioTranslation } from './studio-i18n';
import { liveClock } from './live-clock';
import * as styles from './statecharts.css';

/**
 * What the reader chose to show, kept in the page's address as the live view keeps its picked actor: a link shows the
 * same. The page's events are shown unless turned off (a viewer's click starts most stories), XState's own only when
 * asked for.
 */
const HIDE_PAGE = 'seqPage';
const SHOW_INTERNAL = 'seqInternal';

/** Within this many pixels of the end, the reader is following the newest messages: the box keeps up with them. */
const AT_THE_END = 24;

export function LiveSequence({ tab }: { tab: SequenceTabLike }) {
  const { t } = useStudioTranslation();
  const hintId = useId();
  const [search, setSearch] = useSearchParams();
  const includePage = search.get(HIDE_PAGE) !== 'off';
  const includeInternal = search.get(SHOW_INTERNAL) === 'on';
  const { lanes, messages, earlier } = buildSequence(tab, { includePage, includeInternal });
  // The message whose payload is read below it: the view's own state, not a flow's. Not in the address: the window
  // slides past a message within a minute, and another browser never had it.
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const selected = messages.find((message) => message.key === selectedKey);

  const box = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  const newest = messages.at(-1)?.key;
  useLayoutEffect(() => {
    const element = box.current;
    if (element && following.current) element.scrollTop = element.scrollHeight;
  }, [newest]);

  const setOption = (name: string, value: string | null) =>
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value === null) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );

  const laneName = (key: string) => {
    const lane = lanes.find((l) => l.key === key);
    return !lane || lane.kind === 'page' ? t('studio.seqPage') : lane.label;
  };
  // Names and an event type joined by symbols: the same in every language.
  const sentence = (message: SequenceMessage) =>
    `${laneName(message.from)} → ${laneName(message.to)}: ${message.event}${message.taken ? '' : ` (${t('studio.ignored')})`}`;
  const column = (key: string) => lanes.findIndex((lane) => lane.key === key);

  return (
    <section className={styles.sequence} data-testid="live-sequence">
      <h3 className={styles.panelSubtitle}>{t('studio.seqTitle')}</h3>
      <div className={styles.seqOptions}>
        <label className={styles.followToggle}>
          <input type="checkbox" checked={includePage} onChange={(event) => setOption(HIDE_PAGE, event.target.checked ? null : 'off')} />
          {t('studio.seqShowPage')}
        </label>
        <label className={styles.followToggle}>
          <input type="checkbox" checked={includeInternal} onChange={(event) => setOption(SHOW_INTERNAL, event.target.checked ? 'on' : null)} />
          {t('studio.seqShowInternal')}
        </label>
      </div>
      {messages.length === 0 ? (
        <p className={styles.hint}>{t('studio.seqNone')}</p>
      ) : (
        <div className={styles.seqFrame}>
          <p id={hintId} className={styles.seqScrollHint} data-lanes={lanes.length > 12 ? 'many' : lanes.length}>
            {t('studio.seqScroll')}
          </p>
          {/* Focusable: it scrolls on its own, both ways, and a keyboard must reach what is beyond. */}
          <div
            ref={box}
            className={styles.seqScroll}
            role="region"
            aria-label={t('studio.seqDiagram')}
            aria-describedby={hintId}
            tabIndex={0}
            onScroll={(event) => {
              const element = event.currentTarget;
              following.current = element.scrollHeight - element.scrollTop - element.clientHeight <= AT_THE_END;
            }}
          >
            <div className={styles.seqGrid} style={assignInlineVars({ [styles.seqLaneCount]: String(lanes.length) })}>
              <ul className={styles.seqHeader} aria-label={t('studio.seqLanes')}>
                {lanes.map((lane) => (
                  <LaneHeader key={lane.key} lane={lane} />
                ))}
              </ul>
              {earlier > 0 && <p className={styles.seqEarlier}>{t('studio.seqEarlier', { count: earlier })}</p>}
              <ol className={styles.seqRows} aria-label={t('studio.seqMessages')}>
                {messages.map((message) => {
                  const from = column(message.from);
                  const to = column(message.to);
                  const direction = from === to ? 'self' : from < to ? 'right' : 'left';
                  return (
                    <li key={message.key}>
                      <button
                        type="button"
                        className={styles.seqRow}
                        aria-pressed={message.key === selectedKey}
                        onClick={() => setSelectedKey(message.key === selectedKey ? null : message.key)}
                        data-testid="seq-message"
                        data-event={message.event}
                      >
                        {/* The sentence is the button's whole name, the time in it: names joined from pieces lose their spaces. */}
                        <span className={styles.seqTime} aria-hidden="true">
                          {liveClock(message.at)}
                        </span>
                        <span className={visuallyHidden}>{`${liveClock(message.at)} ${sentence(message)}`}</span>
                        <span
                          aria-hidden="true"
                          className={styles.seqArrow}
                          data-direction={direction}
                          data-kind={message.kind}
                          data-taken={message.taken}
                          style={assignInlineVars({
                            // Column 1 is the time.
                            [styles.seqArrowStart]: String(Math.min(from, to) + 2),
                            [styles.seqArrowSpan]: String(Math.abs(to - from) + 1),
                          })}
                        >
                          <span className={styles.seqArrowLabel}>
                            <EventType type={message.event} />
                          </span>
                          <span className={styles.seqArrowLine} />
                        </span>
                      </button>
                    </li>
                  );
                })}
              </ol>
            </div>
          </div>
        </div>
      )}
      {selected ? (
        <div className={styles.detail} data-testid="seq-detail" data-pinned="">
          <h4 className={styles.detailHeading}>{t('studio.seqSelected')}</h4>
          <p className={styles.detailTitle}>
            {liveClock(selected.at)} {sentence(selected)}
          </p>
          <dl className={styles.detailRows}>
            <div>
              <dt>{t('studio.seqThen', { actor: laneName(selected.to) })}</dt>
              <dd>
                {formatStateValue(selected.receiverValueAfter)}
                {selected.taken ? '' : ` (${t('studio.ignored')})`}
              </dd>
            </div>
            <div>
              <dt>{t('studio.seqPayload')}</dt>
              <dd data-testid="seq-payload">{selected.payload || t('studio.seqNoPayload')}</dd>
            </div>
          </dl>
        </div>
      ) : (
        messages.length > 0 && <p className={styles.hint}>{t('studio.seqPick')}</p>
      )}
    </section>
  );
}

function LaneHeader({ lane }: { lane: SequenceLane }) {
  const { t } = useStudioTranslation();
  if (lane.kind === 'page') {
    return (
      <li className={styles.seqLane} data-lane={PAGE_LANE}>
        <span className={styles.seqLaneName}>{t('studio.seqPage')}</span>
        <span className={styles.seqLaneState}>
          <span className={visuallyHidden}>: </span>
          {t('studio.seqPageWhat')}
        </span>
      </li>
    );
  }
  return (
    <li className={styles.seqLane} data-lane={lane.label}>
      <span className={styles.seqLaneName}>{lane.label}</span>
      {lane.actor && (
        <span className={styles.seqLaneState}>
          <span className={visuallyHidden}>: </span>
          {formatStateValue(lane.actor.value)}
        </span>
      )}
    </li>
  );
}

/** An event type that may break after its dots (`xstate.done.actor.cardEntry`): over a lane or two it wraps at a word. */
function EventType({ type }: { type: string }) {
  const parts = type.split('.');
  return parts.map((part, i) => (
    <Fragment key={i}>
      {part}
      {i < parts.length - 1 && (
        <>
          .<wbr />
        </>
      )}
    </Fragment>
  ));
}
