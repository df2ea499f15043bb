import { placeholderView } from '../../components/PagePlaceholder';

export const ContactsView = placeholderView('pages.contacts');
