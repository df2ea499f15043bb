/**
 * The FAQ (SPEC §7 GET /faq): the channel's questions in its order, each an accordion item that opens its answer.
 * Native `<details name>` makes it an exclusive accordion with the keyboard and screen readers for free; answers are
 * the channel's HTML, rebuilt by the sanitizer's allow-list before they are shown.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { faqRead } from '../../../machines/resource/channel-page.reads';
import { useRead } from '../../app/facades/read';
import { RetryNotice } from '../../components/form/Fields';
import { PageLoading } from '../../components/Loader';
import * as pageStyles from '../../components/page.css';
import { sanitizeHtml } from '../../components/sanitize-html';
import * as styles from './faq.css';

export function FaqView() {
  const { t } = useTranslation();
  const { status, data, retry } = useRead(faqRead, null);
  const entries = useMemo(() => (data ?? []).map((entry) => ({ ...entry, html: sanitizeHtml(entry.answer) })), [data]);
  return (
    <article className={styles.page}>
      <header className={styles.intro}>
        <h1 className={pageStyles.title}>{t('pages.faq')}</h1>
        <p className={pageStyles.lead}>{t('faq.lead')}</p>
      </header>
      <div className={styles.body}>
        {status === 'loading' && <PageLoading className={styles.status} />}
        {status === 'failed' && <RetryNotice message="faq.failed" onRetry={retry} />}
        {status === 'loaded' && entries.length === 0 && <p className={styles.status}>{t('faq.empty')}</p>}
        {entries.length > 0 && (
          <div className={styles.list}>
            {entries.map((entry) => (
              <details key={entry.id} name="faq" className={styles.item}>
                <summary className={styles.question}>{entry.question}</summary>
                <div className={styles.answer} dangerouslySetInnerHTML={{ __html: entry.html }} />
              </details>
            ))}
          </div>
        )}
      </div>
      <p className={styles.more}>
        {t('faq.stillStuck')}{' '}
        <Link href="/contacts" className={styles.link}>
          {t('faq.contactUs')}
        </Link>
      </p>
    </article>
  );
}
