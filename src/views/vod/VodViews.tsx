import { placeholderView } from '../../components/PagePlaceholder';

export const VodLibraryView = placeholderView('pages.vodLibrary');
export const VodItemView = placeholderView('pages.vodItem');
