/**
 * The buying screens (SPEC §2): /packages (the channel's offers, after the basic pass form of a viewer who has none),
 * /select-package/{id} (one package's checkout) and /buy, whose query names what is bought: `subscription_id`,
 * `package_id`, or a paid game with `event_id` and its `single_event_package_id`.
 */
import { useTranslation } from 'react-i18next';
import { useParams, useSearch } from 'wouter';
import type { CheckoutTarget } from '../../../machines/resource/commerce.reads';
import * as page from '../../components/page.css';
import { CheckoutPage, OfferMissing } from './Checkout';
import { OfferCatalogue } from './OfferCatalogue';
import { PassesFormPanel } from './PassesFormPanel';

export function PackagesView() {
  const { t } = useTranslation();
  return (
    <section className={page.page} aria-labelledby="page-title">
      <h1 id="page-title" className={page.title}>
        {t('pages.packages')}
      </h1>
      <PassesFormPanel />
      <OfferCatalogue />
    </section>
  );
}

export function SelectPackageView() {
  const { id } = useParams<{ id: string }>();
  return <CheckoutPage target={{ type: 'package', id: Number(id) }} />;
}

/** A positive whole number from the query, else null. */
function idOf(query: URLSearchParams, name: string): number | null {
  const value = query.get(name);
  return value !== null && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}

/** What /buy's query names, or null when it names nothing that can be bought. */
export function checkoutTargetOf(search: string): CheckoutTarget | null {
  const query = new URLSearchParams(search);
  const subscription = idOf(query, 'subscription_id');
  if (subscription !== null) return { type: 'subscription', id: subscription };
  const pack = idOf(query, 'package_id');
  if (pack !== null) return { type: 'package', id: pack };
  const event = idOf(query, 'event_id');
  const single = idOf(query, 'single_event_package_id');
  return event !== null && single !== null ? { type: 'event', id: event, singleEventPackageId: single } : null;
}

export function BuyView() {
  const { t } = useTranslation();
  const target = checkoutTargetOf(useSearch());
  if (target) return <CheckoutPage target={target} />;
  return (
    <section className={page.page} aria-labelledby="page-title">
      <h1 id="page-title" className={page.title}>
        {t('buy.checkoutTitle')}
      </h1>
      <OfferMissing message="buy.noSelection" />
    </section>
  );
}
