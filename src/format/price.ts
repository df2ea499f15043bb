/** SPEC.md §2 price label. Pure: wording comes through a `Translate` function, numbers through Intl. */
import type { BillingPeriod } from '../../mesh/client/generated/graphql';
import type { Translate } from '../i18n/i18n';
import { numberFormat } from './intl';

export interface Price {
  /** Minor units (cents), as the API sends `base_price` and `price`. */
  amount: number;
  /** ISO 4217 code, e.g. `USD`, `CAD`. */
  currency: string;
  /** How often it is charged; absent or null for a one-off purchase. */
  period?: BillingPeriod | null | undefined;
}

// SPEC.md §2: USD and CAD both show "$". Intl's "symbol" would write CA$ for CAD in en-US (and US$ for USD in
// fr-CA); "narrowSymbol" gives $ for both. Other currencies keep their standard symbol, where $ would mislead.
const dollarCurrencies = new Set(['USD', 'CAD']);

/** The money amount alone, in the viewer's locale: "$49.99" (en-US), "49,99 $" (fr-CA, also for CAD). */
export function formatMoney(amountInCents: number, currency: string, locale: string): string {
  const code = currency.toUpperCase();
  return numberFormat(locale, {
    style: 'currency',
    currency: code,
    currencyDisplay: dollarCurrencies.has(code) ? 'narrowSymbol' : 'symbol',
  }).format(amountInCents / 100);
}

/**
 * The price label: the base price with its currency symbol, then a per-period suffix for subscriptions
 * ("$12.99 / month" for month and monthly, "$129.90 / year" for annual), worded by the active language.
 */
export function priceLabel(price: Price, locale: string, t: Translate): string {
  const money = formatMoney(price.amount, price.currency, locale);
  switch (price.period) {
    case 'month':
    case 'monthly':
      return t('price.perMonth', { price: money });
    case 'annual':
      return t('price.perYear', { price: money });
    default:
      return money;
  }
}

