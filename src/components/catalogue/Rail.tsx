/**
 * A horizontal rail of cards with a heading and previous / next buttons. It moves on by itself every 5000 ms (the
 * rail machine, through `useRail`), holds still while pointed at or focused, and never moves by itself for viewers
 * who prefer reduced motion.
 */
import { Children, isValidElement, useEffect, useId, useRef, useSyncExternalStore, type FocusEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRail } from '../../app/facades/catalogue';
import * as styles from './catalogue.css';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeToMotion(onChange: () => void): () => void {
  const query = typeof window.matchMedia === 'function' ? window.matchMedia(REDUCED_MOTION) : null;
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/** The system's reduced-motion preference, following its changes (false where it cannot be asked). */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeToMotion,
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(REDUCED_MOTION).matches : false),
    () => false,
  );
}

export interface RailProps {
  title: string;
  /** The heading's level under the page's own heading. */
  headingLevel?: 2 | 3;
  /** One card per child; each becomes an item of the rail's list. */
  children: ReactNode;
}

export function Rail({ title, headingLevel = 2, children }: RailProps) {
  const { t } = useTranslation();
  const items = Children.toArray(children);
  const reducedMotion = usePrefersReducedMotion();
  const rail = useRail(items.length, reducedMotion);
  const headingId = useId();
  const trackId = useId();
  const track = useRef<HTMLUListElement>(null);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  // Brings the card the machine shows to the start of the track (the machine says which; the DOM says where). The
  // track starts at its first card: nothing to do, and no layout to force, until the machine moves.
  const shown = useRef(0);
  useEffect(() => {
    if (rail.index === shown.current) return;
    shown.current = rail.index;
    const list = track.current;
    const item = list?.children[rail.index];
    if (!list || !(item instanceof HTMLElement) || typeof list.scrollTo !== 'function') return;
    list.scrollTo({ left: item.offsetLeft - list.offsetLeft, behavior: reducedMotion ? 'auto' : 'smooth' });
  }, [rail.index, reducedMotion]);

  const leaveFocus = (event: FocusEvent<HTMLElement>) => {
    // Moving between cards of the same rail keeps it held.
    if (event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)) return;
    rail.focusLeave();
  };

  return (
    <section
      className={styles.rail}
      aria-labelledby={headingId}
      data-testid="rail"
      data-index={rail.index}
      data-moving={rail.moving}
      onPointerEnter={rail.pointerEnter}
      onPointerLeave={rail.pointerLeave}
      onFocus={rail.focusEnter}
      onBlur={leaveFocus}
    >
      <div className={styles.railHeader}>
        <Heading id={headingId} className={styles.sectionTitle}>
          {title}
        </Heading>
        {items.length > 1 && (
          <div className={styles.railButtons}>
            <button
              type="button"
              className={styles.railButton}
              aria-controls={trackId}
              aria-label={t('catalogue.railPrevious', { rail: title })}
              onClick={rail.previous}
            >
              <span aria-hidden="true">‹</span>
            </button>
            <button
              type="button"
              className={styles.railButton}
              aria-controls={trackId}
              aria-label={t('catalogue.railNext', { rail: title })}
              onClick={rail.next}
            >
              <span aria-hidden="true">›</span>
            </button>
          </div>
        )}
      </div>
      {/* A row that scrolls on purpose: the buttons above and the next card cut at the edge say there is more. */}
      <ul id={trackId} ref={track} className={styles.track} data-overflow="scroll">
        {items.map((item, index) => (
          <li key={isValidElement(item) && item.key !== null ? item.key : index} className={styles.trackItem} data-current={index === rail.index || undefined}>
            {item}
          </li>
        ))}
      </ul>
    </section>
  );
}
