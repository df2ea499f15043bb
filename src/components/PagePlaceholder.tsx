/**
 * What a route shows until its view is built: the page's title and a line saying the page is on its way, never an
 * empty screen.
 */
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../i18n/locales/en';
import * as styles from './page.css';

function PagePlaceholder({ title }: { title: MessageKey }) {
  const { t } = useTranslation();
  return (
    <section className={styles.page} aria-labelledby="page-title">
      <h1 id="page-title" className={styles.title}>
        {t(title)}
      </h1>
      <p className={styles.lead}>{t('shell.comingSoon')}</p>
    </section>
  );
}

/** A view component that shows the placeholder for `title`; lazy view modules export these until they are built. */
export function placeholderView(title: MessageKey) {
  const View = () => <PagePlaceholder title={title} />;
  View.displayName = `Placeholder(${title})`;
  return View;
}
