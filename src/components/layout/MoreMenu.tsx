/**
 * "More": the channel's menu links that do not fit in the header's row, behind a disclosure button (the WAI-ARIA
 * disclosure navigation pattern: a button with aria-expanded and aria-controls, a list of plain links). Escape and a
 * press or focus elsewhere close it; Escape gives the focus back to the button; the arrow keys, Home and End move
 * between its links.
 */
import { useEffect, useId, useLayoutEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { MenuItem } from '../../app/facades/channel';
import { MenuLink } from './MenuLink';
import * as styles from './layout.css';

/** The button's words and chevron; the header's unseen copy of its row measures the same. */
export function MoreLabel() {
  const { t } = useTranslation();
  return (
    <>
      {t('shell.more')}
      <svg aria-hidden="true" className={styles.moreChevron} viewBox="0 0 12 12" fill="none" stroke="currentColor" strokeWidth="1.8">
        <path d="M2.5 4.5 6 8l3.5-3.5" />
      </svg>
    </>
  );
}

type Side = 'left' | 'right';

/**
 * Opens towards the wider side of the window: the list is at most 45% of the window wide, so it always stays on
 * screen, at any width and position of the button.
 */
function sideFor(button: HTMLElement | null): Side {
  if (!button) return 'left';
  const box = button.getBoundingClientRect();
  return box.left + box.width / 2 > document.documentElement.clientWidth / 2 ? 'right' : 'left';
}

export function MoreMenu({ items }: { items: readonly MenuItem[] }) {
  const [location] = useLocation();
  const listId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  // Open on the page where it was opened (what the page shows, not a flow), so following one of its links closes it.
  const [opened, setOpened] = useState<{ on: string; side: Side; focusFirst: boolean } | null>(null);
  const open = opened?.on === location;
  const holdsCurrent = items.some((item) => !item.external && item.url === location);

  useEffect(() => {
    if (!open) return;
    const pressElsewhere = (event: PointerEvent) => {
      if (!(event.target instanceof Node) || !root.current?.contains(event.target)) setOpened(null);
    };
    document.addEventListener('pointerdown', pressElsewhere);
    return () => document.removeEventListener('pointerdown', pressElsewhere);
  }, [open]);

  const links = () => [...(list.current?.querySelectorAll<HTMLAnchorElement>('a[href]') ?? [])];
  const openIt = (focusFirst: boolean) => setOpened({ on: location, side: sideFor(button.current), focusFirst });

  // Opened with an arrow key: its first link takes the focus once shown.
  const focusFirst = open && opened.focusFirst;
  useLayoutEffect(() => {
    if (focusFirst) list.current?.querySelector<HTMLAnchorElement>('a[href]')?.focus();
  }, [focusFirst]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      if (!open) return;
      event.preventDefault();
      setOpened(null);
      button.current?.focus();
      return;
    }
    if (!['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(event.key)) return;
    if (!open) {
      if (event.target !== button.current || (event.key !== 'ArrowDown' && event.key !== 'ArrowUp')) return;
      event.preventDefault();
      openIt(true);
      return;
    }
    const all = links();
    if (all.length === 0) return;
    event.preventDefault();
    const at = all.indexOf(document.activeElement as HTMLAnchorElement);
    const last = all.length - 1;
    const next =
      event.key === 'Home' ? 0
      : event.key === 'End' ? last
      : event.key === 'ArrowDown' ? (at < 0 || at === last ? 0 : at + 1)
      : at <= 0 ? last
      : at - 1;
    all[next]?.focus();
  };

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    // Focus gone to another control (Tab past the last link); a press elsewhere, which may focus nothing, is handled
    // by the pointer listener.
    const to = event.relatedTarget;
    if (open && to instanceof Node && !event.currentTarget.contains(to)) setOpened(null);
  };

  return (
    <div ref={root} className={styles.more} onKeyDown={onKeyDown} onBlur={onBlur}>
      <button
        ref={button}
        type="button"
        className={styles.moreButton}
        aria-expanded={open}
        aria-controls={listId}
        data-current={holdsCurrent || undefined}
        onClick={() => (open ? setOpened(null) : openIt(false))}
      >
        <MoreLabel />
      </button>
      <ul ref={list} id={listId} className={styles.moreList} data-side={opened?.side ?? 'left'} hidden={!open}>
        {items.map((item) => (
          <li key={item.id}>
            <MenuLink item={item} current={!item.external && item.url === location} onFollow={() => setOpened(null)} />
          </li>
        ))}
      </ul>
    </div>
  );
}
