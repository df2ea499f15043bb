import { placeholderView } from '../../components/PagePlaceholder';

export { ProfileEditView } from './ProfileEditView';
export const OrdersView = placeholderView('pages.orders');
export const TransactionsView = placeholderView('pages.transactions');
export const ClipsView = placeholderView('pages.clips');
