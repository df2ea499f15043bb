import { useTranslation } from 'react-i18next';
import { placeholderView } from '../../components/PagePlaceholder';
import * as page from '../../components/page.css';
import { PassesFormPanel } from './PassesFormPanel';

/** The passes and packages (the catalogue of offers comes with the buying screens); first the basic pass form. */
export function PackagesView() {
  const { t } = useTranslation();
  return (
    <section className={page.page} aria-labelledby="page-title">
      <h1 id="page-title" className={page.title}>
        {t('pages.packages')}
      </h1>
      <PassesFormPanel />
      <p className={page.lead}>{t('shell.comingSoon')}</p>
    </section>
  );
}

export const BuyView = placeholderView('pages.buy');
export const SelectPackageView = placeholderView('pages.selectPackage');
