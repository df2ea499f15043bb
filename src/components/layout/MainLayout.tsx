/**
 * The page frames. MainLayout: a skip link, the header, the page in <main>, the footer. PlainLayout (/watch_embed):
 * the page alone. Both carry the global error banner, the toasts and the popups.
 */
import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { GlobalErrorSlot } from '../../app/global-error-slot';
import '../../theme/global.css';
import { PopupHost, type PopupRenderer } from '../feedback/PopupHost';
import { ToastHost } from '../feedback/ToastHost';
import { Footer } from './Footer';
import { Header } from './Header';
import * as styles from './layout.css';

interface LayoutProps {
  children: ReactNode;
  /** How features show their popup kinds (see PopupHost). */
  popupRenderers?: Partial<Record<string, PopupRenderer>>;
}

export function MainLayout({ children, popupRenderers }: LayoutProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.shell}>
      <a className={styles.skipLink} href="#main" onClick={skipToMain}>
        {t('shell.skipToContent')}
      </a>
      <GlobalErrorSlot />
      <Header />
      <main id="main" tabIndex={-1} className={styles.main}>
        {children}
      </main>
      <Footer />
      <ToastHost />
      <PopupHost renderers={popupRenderers} />
    </div>
  );
}

export function PlainLayout({ children, popupRenderers }: LayoutProps) {
  return (
    <div className={styles.shell}>
      <GlobalErrorSlot />
      <main id="main" tabIndex={-1} className={styles.main}>
        {children}
      </main>
      <ToastHost />
      <PopupHost renderers={popupRenderers} />
    </div>
  );
}

/** Moves focus to the page itself, without a `#main` in the address (the router and analytics see paths only). */
function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById('main');
  if (!main) return;
  event.preventDefault();
  main.focus(); // which also scrolls to it
}
