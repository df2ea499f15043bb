/** The 404 page (SPEC §2): the not-found message and a way back home. */
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import * as pageStyles from '../../components/page.css';

export function NotFoundView() {
  const { t } = useTranslation();
  return (
    <section className={pageStyles.page}>
      <h1 className={pageStyles.title}>{t('notFound.message')}</h1>
      <p className={pageStyles.lead}>
        <Link href="/">{t('notFound.backHome')}</Link>
      </p>
    </section>
  );
}
