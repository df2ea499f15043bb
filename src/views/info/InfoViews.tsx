/**
 * The information and legal pages of SPEC §2 (/about, /privacy_policy, /terms_conditions, /passes): each is the
 * channel's page of that alias (GET /pages/{alias}), shown like any channel page. A channel that has not published
 * one gets its title, a plain sentence saying so and a way to reach the channel, never an empty screen.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useChannelPages } from '../../app/facades/channel';
import * as pageStyles from '../../components/page.css';
import type { MessageKey } from '../../i18n/locales/en';
import { ChannelPageView } from '../channel-page/ChannelPageView';
import * as styles from './info.css';

function InfoPage({ alias, title, more }: { alias: string; title: MessageKey; more?: { href: string; label: MessageKey } }) {
  const { t } = useTranslation();
  const page = useChannelPages().find((candidate) => candidate.alias === alias);
  return (
    <>
      {page ? (
        <ChannelPageView page={page} />
      ) : (
        <article className={pageStyles.page}>
          <h1 className={pageStyles.title}>{t(title)}</h1>
          <p className={pageStyles.lead}>{t('info.notPublished')}</p>
          <p>
            <Link href="/contacts" className={styles.link}>
              {t('faq.contactUs')}
            </Link>
          </p>
        </article>
      )}
      {more && (
        <div className={styles.more}>
          <Link href={more.href} className={styles.button}>
            {t(more.label)}
          </Link>
        </div>
      )}
    </>
  );
}

export const AboutView = () => <InfoPage alias="about" title="pages.about" />;
export const PrivacyView = () => <InfoPage alias="privacy_policy" title="pages.privacy" />;
export const TermsView = () => <InfoPage alias="terms_conditions" title="pages.terms" />;
export const PassesView = () => <InfoPage alias="passes" title="pages.passes" more={{ href: '/packages', label: 'info.seePasses' }} />;
