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
