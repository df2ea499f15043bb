import { placeholderView } from '../../components/PagePlaceholder';

export const HomeView = placeholderView('pages.home');
