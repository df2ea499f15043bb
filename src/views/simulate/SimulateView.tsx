import { placeholderView } from '../../components/PagePlaceholder';

export const SimulateView = placeholderView('pages.simulate');
