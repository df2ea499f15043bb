/**
 * A channel page (SPEC §2: one route per page, titled with its name): its HTML content, rebuilt by the allow-list
 * of sanitize-html before it is shown. Links inside it to this site navigate within the app.
 */
import { useMemo, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { ChannelPage } from '../../app/facades/channel';
import { useChannelPageContent } from '../../app/facades/channel-page';
import { primaryButton } from '../../components/controls.css';
import { PageLoading } from '../../components/Loader';
import * as pageStyles from '../../components/page.css';
import { sanitizeHtml } from '../../components/sanitize-html';
import * as styles from './channel-page.css';

export function ChannelPageView({ page }: { page: ChannelPage }) {
  const { t } = useTranslation();
  const { status, content, retry } = useChannelPageContent(page.alias);
  const html = useMemo(() => (content === null ? '' : sanitizeHtml(content)), [content]);
  const [, navigate] = useLocation();

  const followSiteLink = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || !event.currentTarget.contains(link)) return;
    const url = new URL(link.href, window.location.href);
    if (url.origin !== window.location.origin) return;
    event.preventDefault();
    navigate(`${url.pathname}${url.search}${url.hash}`);
  };

  return (
    <article className={pageStyles.page}>
      <h1 className={pageStyles.title}>{page.name}</h1>
      {status === 'loading' && <PageLoading className={pageStyles.lead} />}
      {status === 'failed' && (
        <div className={styles.failure}>
          <p role="alert" className={styles.message}>
            {t('errors.somethingWentWrong')}
          </p>
          <button type="button" className={primaryButton} onClick={retry}>
            {t('shell.retry')}
          </button>
        </div>
      )}
      {status === 'loaded' && (
        // Clicks are delegated here only to keep the site's own links inside the app; the links stay ordinary links.
        <div className={styles.content} onClick={followSiteLink} dangerouslySetInnerHTML={{ __html: html }} />
      )}
    </article>
  );
}
