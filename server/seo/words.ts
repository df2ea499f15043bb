/**
 * The few words of a link preview that do not come from the channel's data, in the languages the app ships
 * (src/i18n/locales: English and French bundled, the others on demand). The server cannot import the app's
 * catalogue (lint keeps server/ apart), so the page names repeat the app's own (`pages.vodLibrary`, `pages.share`).
 */
interface PreviewWords {
  /** The channel's generic preview: what the site offers. */
  site(channel: string): string;
  vodLibrary: string;
  vodLibraryDescription: string;
  sharedClip: string;
  clipOf(game: string): string;
}

const WORDS: Record<string, PreviewWords> = {
  en: {
    site: (channel) => `${channel}: live and on-demand games, passes and clips.`,
    vodLibrary: 'Video library',
    vodLibraryDescription: 'Highlights, recaps and replays, on demand.',
    sharedClip: 'Shared clip',
    clipOf: (game) => `A clip from ${game}.`,
  },
  fr: {
    site: (channel) => `${channel} : matchs en direct et sur demande, laissez-passer et extraits.`,
    vodLibrary: 'Vidéothèque',
    vodLibraryDescription: 'Faits saillants, résumés et reprises, sur demande.',
    sharedClip: 'Extrait partagé',
    clipOf: (game) => `Un extrait de ${game}.`,
  },
  de: {
    site: (channel) => `${channel}: Spiele live und auf Abruf, Pässe und Clips.`,
    vodLibrary: 'Videothek',
    vodLibraryDescription: 'Highlights, Zusammenfassungen und Wiederholungen auf Abruf.',
    sharedClip: 'Geteilter Clip',
    clipOf: (game) => `Ein Clip aus ${game}.`,
  },
  es: {
    site: (channel) => `${channel}: partidos en directo y a la carta, pases y clips.`,
    vodLibrary: 'Videoteca',
    vodLibraryDescription: 'Resúmenes, crónicas y repeticiones a la carta.',
    sharedClip: 'Clip compartido',
    clipOf: (game) => `Un clip de ${game}.`,
  },
  it: {
    site: (channel) => `${channel}: partite in diretta e on demand, pass e clip.`,
    vodLibrary: 'Videoteca',
    vodLibraryDescription: 'Highlights, sintesi e repliche on demand.',
    sharedClip: 'Clip condivisa',
    clipOf: (game) => `Una clip di ${game}.`,
  },
  pt: {
    site: (channel) => `${channel}: jogos em direto e a pedido, passes e clipes.`,
    vodLibrary: 'Videoteca',
    vodLibraryDescription: 'Destaques, resumos e repetições a pedido.',
    sharedClip: 'Clipe partilhado',
    clipOf: (game) => `Um clipe de ${game}.`,
  },
};

/** The preview words of a channel's language (its primary subtag), English when the app has none for it. */
export function previewWords(language: string): PreviewWords {
  return WORDS[language.toLowerCase().split(/[-_]/)[0] ?? ''] ?? (WORDS['en'] as PreviewWords);
}
