import { placeholderView } from '../../components/PagePlaceholder';

export const WatchView = placeholderView('pages.watch');
export const WatchEmbedView = placeholderView('pages.watch');
export const WatchLibraryView = placeholderView('pages.watchLibrary');
