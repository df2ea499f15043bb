import { placeholderView } from '../../components/PagePlaceholder';

export const FaqView = placeholderView('pages.faq');
