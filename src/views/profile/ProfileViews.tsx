import { placeholderView } from '../../components/PagePlaceholder';

export const OrdersView = placeholderView('pages.orders');
export const TransactionsView = placeholderView('pages.transactions');
export const ClipsView = placeholderView('pages.clips');
export const ProfileEditView = placeholderView('pages.profileEdit');
