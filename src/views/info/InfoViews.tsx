import { placeholderView } from '../../components/PagePlaceholder';

export const AboutView = placeholderView('pages.about');
export const PrivacyView = placeholderView('pages.privacy');
export const TermsView = placeholderView('pages.terms');
export const PassesView = placeholderView('pages.passes');
