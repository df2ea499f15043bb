import { placeholderView } from '../../components/PagePlaceholder';

export const ShareView = placeholderView('pages.share');
