/**
 * The language switcher: every offered language by its own name. Languages other than English and French load as a
 * chunk the first time they are chosen; the control is disabled until it arrived.
 */
import { useId, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../app/facades/language';
import * as styles from './language-switcher.css';

export function LanguageSwitcher() {
  const { t } = useTranslation();
  const { language, languages, pending, choose } = useLanguage();
  const id = useId();
  const onChange = (event: ChangeEvent<HTMLSelectElement>) => {
    const next = languages.find((entry) => entry.code === event.target.value)?.code;
    if (next) choose(next);
  };
  return (
    <div className={styles.switcher}>
      <svg aria-hidden="true" className={styles.globe} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8">
        <circle cx="12" cy="12" r="9" />
        <path d="M3 12h18M12 3c2.5 2.7 3.6 5.7 3.6 9s-1.1 6.3-3.6 9c-2.5-2.7-3.6-5.7-3.6-9S9.5 5.7 12 3z" />
      </svg>
      <label htmlFor={id} className={styles.label}>
        {t('language.label')}
      </label>
      <select
        id={id}
        className={styles.select}
        data-testid="language-switcher"
        value={pending ?? language}
        disabled={pending !== null}
        aria-busy={pending !== null || undefined}
        onChange={onChange}
      >
        {languages.map(({ code, nativeName }) => (
          <option key={code} value={code} lang={code} className={styles.option}>
            {nativeName}
          </option>
        ))}
      </select>
    </div>
  );
}
