/** SPEC §2 "Views are grid or list": two pressed-or-not buttons; the choice is kept by `useCatalogueLayout`. */
import { useTranslation } from 'react-i18next';
import type { CatalogueLayout } from '../../app/facades/catalogue';
import * as styles from './catalogue.css';

export function LayoutToggle({ layout, onChange }: { layout: CatalogueLayout; onChange(layout: CatalogueLayout): void }) {
  const { t } = useTranslation();
  return (
    <div role="group" aria-label={t('catalogue.layout')} className={styles.toggle}>
      {(['grid', 'list'] as const).map((option) => (
        <button
          key={option}
          type="button"
          className={styles.toggleButton}
          aria-pressed={layout === option}
          onClick={() => onChange(option)}
        >
          {t(option === 'grid' ? 'catalogue.grid' : 'catalogue.list')}
        </button>
      ))}
    </div>
  );
}
