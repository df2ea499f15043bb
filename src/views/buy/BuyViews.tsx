import { placeholderView } from '../../components/PagePlaceholder';

export const PackagesView = placeholderView('pages.packages');
export const BuyView = placeholderView('pages.buy');
export const SelectPackageView = placeholderView('pages.selectPackage');
