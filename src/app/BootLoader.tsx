/**
 * The loader shown while the app's chunk loads, before i18next is there: the same look as the shell's loader, its
 * one line in the viewer's language from a tiny table (the stored choice, else the browser's).
 */
import * as styles from '../components/loader.css';

const LOADING: Readonly<Record<string, string>> = {
  en: 'Loading the channel…',
  fr: 'Chargement de la chaîne…',
  es: 'Cargando el canal…',
  de: 'Der Kanal wird geladen…',
  it: 'Caricamento del canale…',
  pt: 'Carregando o canal…',
};

export function BootLoader({ language }: { language: string }) {
  const primary = language.split('-')[0]?.toLowerCase() ?? 'en';
  return (
    <div className={styles.screen} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      <p className={styles.text} lang={LOADING[primary] ? primary : 'en'}>
        {LOADING[primary] ?? LOADING['en']}
      </p>
    </div>
  );
}
