/**
 * The channel's header, one row on a wide screen: its logo (home), its menu, the language switcher and the viewer's
 * account links, then its announcement. The menu's links that do not fit in the row, in the channel's order, go
 * under "More" at the row's end, so no label is ever cut. On a phone the bar holds the logo and a Menu button, behind
 * which the whole menu, the language and the account fold.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { useChannelLogo, useChannelMenu, useChannelName, useStaticBlock } from '../../app/facades/channel';
import { useLoggingOut, useSessionSenders, useViewerStatus } from '../../app/facades/session';
import { LanguageSwitcher } from '../LanguageSwitcher';
import { MenuLink } from './MenuLink';
import { MoreLabel, MoreMenu } from './MoreMenu';
import * as styles from './layout.css';
import { useFittingCount, useHeaderNarrow } from './use-fitting-count';

export function Header() {
  const { t } = useTranslation();
  const name = useChannelName();
  const logo = useChannelLogo();
  const announcement = useStaticBlock('header:announcement');
  const items = useChannelMenu();
  const [location] = useLocation();
  const panelId = useId();
  // Whether the viewer unfolded the menu on a phone (what the page shows, not a flow): it stays open on the page where
  // it was opened, so following one of its links folds it again.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location;
  const title = name ?? t('pages.home');
  // Folded on a phone, the menu is a column that shows every link; only the row needs measuring.
  const measuring = !useHeaderNarrow() && items.length > 0;
  const { count, roomRef, copyRef } = useFittingCount(items.length, measuring, [...items.map((item) => item.title), t('shell.more')].join('\n'));
  const inRow = items.slice(0, count);
  const inMore = items.slice(count);
  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <Link href="/" className={styles.brand} data-testid="channel-home">
          {logo ? (
            <img className={styles.logo} src={logo} alt={title} height={40} />
          ) : (
            // No logo: a monogram in the channel's colours beside its name, so the brand is still a mark, not a line.
            <>
              <span className={styles.monogram} aria-hidden="true">
                {title.charAt(0).toUpperCase()}
              </span>
              <span>{title}</span>
            </>
          )}
        </Link>
        <button type="button" className={styles.menuToggle} aria-expanded={open} aria-controls={panelId} onClick={() => setOpenOn(open ? null : location)}>
          {t('shell.menu')}
        </button>
        {/* One row on a wide screen; on a phone, the menu, the language and the account fold behind the button. */}
        <div id={panelId} className={styles.panel} data-open={open}>
          {items.length > 0 && (
            <nav className={styles.nav} aria-label={t('shell.mainNav')}>
              <ul className={styles.menu}>
                {inRow.map((item) => (
                  <li key={item.id}>
                    <MenuLink item={item} current={!item.external && item.url === location} />
                  </li>
                ))}
                {inMore.length > 0 && (
                  <li>
                    <MoreMenu items={inMore} />
                  </li>
                )}
              </ul>
              {measuring && (
                <>
                  <div ref={roomRef} className={styles.menuRoom} />
                  <div ref={copyRef} className={`${styles.menu} ${styles.menuCopy}`} aria-hidden="true">
                    {items.map((item) => (
                      <span key={item.id} className={styles.menuLink}>
                        {item.title}
                      </span>
                    ))}
                    <span className={styles.moreButton}>
                      <MoreLabel />
                    </span>
                  </div>
                </>
              )}
            </nav>
          )}
          <div className={styles.tools}>
            <LanguageSwitcher />
            <Account />
          </div>
        </div>
      </div>
      {announcement && <p className={styles.announcement}>{announcement}</p>}
    </header>
  );
}

/**
 * Log in and register for a visitor; the account and log out for a viewer (SPEC §4: the session allows a logout only
 * with the passes-form flag, and otherwise says "user can't be logged out"); nothing while the session restores.
 */
function Account() {
  const { t } = useTranslation();
  const status = useViewerStatus();
  const { logOut } = useSessionSenders();
  const loggingOut = useLoggingOut();
  if (status === 'pending') return null;
  if (status === 'anonymous') {
    return (
      <div className={styles.account}>
        <Link className={styles.accountLink} href="/login">
          {t('shell.logIn')}
        </Link>
        <Link className={styles.accountLink} href="/registration">
          {t('shell.register')}
        </Link>
      </div>
    );
  }
  return (
    <div className={styles.account}>
      <Link className={styles.accountLink} href="/profile">
        {t('shell.profile')}
      </Link>
      <button type="button" className={styles.accountButton} onClick={logOut} disabled={loggingOut} aria-busy={loggingOut || undefined}>
        {t('shell.logOut')}
      </button>
    </div>
  );
}
