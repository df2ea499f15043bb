/**
 * The checkout of /select-package/{id} and /buy: what is bought, the team of a team pass, the card (a saved one or
 * a new one, saved on request), a promo code, the totals and "All sales are final", then the payment as the payment
 * machine runs it: processing with a progress indicator while the order is polled, then paid or failed. Every
 * state the page shows is the machine's (`data-status`); the view sends intents and decides nothing.
 */
import type { FormEvent, MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { AppliedCoupon } from '../../../machines/payment/payment.types';
import { checkoutRead, type CheckoutOffer, type CheckoutTarget } from '../../../machines/resource/commerce.reads';
import { useOpenOrder, usePayment, usePollingSignals } from '../../app/facades/payment';
import { useRead } from '../../app/facades/read';
import { useAnonymous } from '../../app/facades/session';
import { PaymentFlow } from '../../app/flows';
import { primaryButton, secondaryButton } from '../../components/controls.css';
import { FormNotice } from '../../components/form/Fields';
import { useMessage } from '../../i18n/messages';
import * as form from '../../components/form/form.css';
import { PageLoading } from '../../components/Loader';
import * as page from '../../components/page.css';
import { participantDisplayName } from '../../format/event';
import { formatMoney, priceLabel } from '../../format/price';
import { translator } from '../../i18n/i18n';
import * as styles from './buy.css';
import { CardPanel, readNewCard } from './CardPanel';
import { Subscribed, TrialScope } from './Subscription';

function useMoney() {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  return {
    money: (amount: number, currency: string) => formatMoney(amount, currency, locale),
    label: (offer: CheckoutOffer) => priceLabel({ amount: offer.basePrice, currency: offer.currency, period: offer.period }, locale, translator(i18n)),
  };
}

/** The checkout page of one offer: its title, then what the viewer may do with it. */
export function CheckoutPage({ target }: { target: CheckoutTarget }) {
  const { t } = useTranslation();
  const anonymous = useAnonymous();
  const offer = useRead(checkoutRead, target);
  return (
    <section className={page.page} aria-labelledby="page-title">
      <h1 id="page-title" className={page.title}>
        {offer.data ? t('buy.checkoutOf', { name: offer.data.name }) : t('buy.checkoutTitle')}
      </h1>
      {offer.status === 'loading' && <PageLoading />}
      {offer.status === 'failed' && <OfferMissing />}
      {offer.data && (anonymous ? <SignInToBuy offer={offer.data} /> : <Purchase key={`${target.type}-${target.id}`} offer={offer.data} />)}
    </section>
  );
}

export function OfferMissing({ message = 'buy.offerNotFound' }: { message?: 'buy.offerNotFound' | 'buy.noSelection' }) {
  const { t } = useTranslation();
  return (
    <div className={styles.status}>
      <p className={page.lead}>{t(message)}</p>
      <Link href="/packages" className={primaryButton}>
        {t('buy.seeOffers')}
      </Link>
    </div>
  );
}

function SignInToBuy({ offer }: { offer: CheckoutOffer }) {
  const { t } = useTranslation();
  return (
    <div className={styles.checkout}>
      <div className={styles.panel}>
        <h2 className={styles.panelTitle}>{t('buy.signInTitle')}</h2>
        <p className={form.lead}>{t('buy.signInLead', { name: offer.name })}</p>
        <div className={styles.actions}>
          <Link href="/login" className={primaryButton}>
            {t('buy.logIn')}
          </Link>
          <Link href="/registration" className={secondaryButton}>
            {t('buy.register')}
          </Link>
        </div>
      </div>
      <OrderSummary offer={offer} />
    </div>
  );
}

/** A plan goes to its free trial, which says whether it starts one or is bought; everything else is paid. */
function Purchase({ offer }: { offer: CheckoutOffer }) {
  const payment = <PaymentScope offer={offer} />;
  return offer.plan ? <TrialScope offer={offer} plan={offer.plan} buy={payment} /> : payment;
}

/** Starts the payment of this offer (resuming the order a reload left), for as long as the page shows it. */
function PaymentScope({ offer }: { offer: CheckoutOffer }) {
  const openOrderId = useOpenOrder(offer.selection);
  return (
    <PaymentFlow.Scope input={{ purchase: offer.selection, openOrderId }}>
      <PaymentScreen offer={offer} />
    </PaymentFlow.Scope>
  );
}

function PaymentScreen({ offer }: { offer: CheckoutOffer }) {
  usePollingSignals();
  const { status } = usePayment();
  return (
    <div data-testid="checkout" data-status={status}>
      {status === 'loading' && <PageLoading />}
      {(status === 'editing' || status === 'processing') && (
        // Hidden, not gone, while the payment is processed: Stripe confirms with the card element inside it.
        <div hidden={status === 'processing'}>
          <CheckoutForm offer={offer} />
        </div>
      )}
      {status === 'purchased' && (offer.plan ? <Subscribed offer={offer} /> : <Purchased offer={offer} />)}
      {status === 'processing' && <Processing />}
      {status === 'success' && <Success offer={offer} />}
      {status === 'error' && <Failed />}
    </div>
  );
}

function StatusPanel({ title, children, tone }: { title: string; children: ReactNode; tone?: 'alert' }) {
  return (
    <div className={`${styles.panel} ${styles.status}`} role={tone ?? 'status'} aria-live={tone ? undefined : 'polite'}>
      <h2 className={styles.panelTitle}>{title}</h2>
      {children}
    </div>
  );
}

function WatchLinks({ offer }: { offer: CheckoutOffer }) {
  const { t } = useTranslation();
  return (
    <div className={styles.actions}>
      {offer.event ? (
        <Link href={`/watch/${offer.event.id}`} className={primaryButton}>
          {t('buy.watchGame')}
        </Link>
      ) : (
        <Link href="/upcoming" className={primaryButton}>
          {t('buy.browseGames')}
        </Link>
      )}
      <Link href="/packages" className={secondaryButton}>
        {t('buy.seeOffers')}
      </Link>
    </div>
  );
}

function Purchased({ offer }: { offer: CheckoutOffer }) {
  const { t } = useTranslation();
  return (
    <StatusPanel title={t('buy.purchasedTitle')}>
      <p className={form.lead}>{t('buy.purchasedLead')}</p>
      <WatchLinks offer={offer} />
    </StatusPanel>
  );
}

function Processing() {
  const { t } = useTranslation();
  return (
    <StatusPanel title={t('buy.processingTitle')}>
      <progress className={styles.progress} aria-label={t('buy.processingTitle')} />
      <p className={form.lead}>{t('buy.processingLead')}</p>
    </StatusPanel>
  );
}

function Success({ offer }: { offer: CheckoutOffer }) {
  const { t } = useTranslation();
  const { order } = usePayment();
  return (
    <StatusPanel title={t('buy.successTitle')}>
      <p className={form.lead}>{t('buy.successLead', { id: order?.id ?? '' })}</p>
      <WatchLinks offer={offer} />
    </StatusPanel>
  );
}

function Failed() {
  const { t } = useTranslation();
  const message = useMessage();
  const { errorMessage, retry } = usePayment();
  return (
    <StatusPanel title={t('errors.paymentFailed')} tone="alert">
      {errorMessage && <p className={form.lead}>{message(errorMessage)}</p>}
      <div className={styles.actions}>
        <button type="button" className={primaryButton} onClick={retry}>
          {t('buy.tryAgain')}
        </button>
        <Link href="/packages" className={secondaryButton}>
          {t('buy.seeOffers')}
        </Link>
      </div>
    </StatusPanel>
  );
}

function CheckoutForm({ offer }: { offer: CheckoutOffer }) {
  const { t } = useTranslation();
  const message = useMessage();
  const payment = usePayment();
  const { money } = useMoney();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const card = readNewCard(new FormData(event.currentTarget));
    if (card) payment.enterNewCard(card.details, card.save);
    payment.submit();
  };
  const applyPromo = (event: MouseEvent<HTMLButtonElement>) => {
    const field = event.currentTarget.form?.elements.namedItem('promo_code');
    payment.applyPromoCode(field instanceof HTMLInputElement ? field.value : '');
  };
  return (
    <form className={styles.checkout} onSubmit={onSubmit} noValidate aria-label={t('buy.checkoutTitle')}>
      <div className={form.form}>
        {payment.asksForTeam && (
          <div className={styles.panel}>
            <label className={styles.panelTitle} htmlFor="checkout-team">
              {t('buy.teamLabel')}
            </label>
            <select
              id="checkout-team"
              name="participant_id"
              className={form.input}
              value={payment.teamId ?? ''}
              onChange={(event) => payment.selectTeam(Number(event.currentTarget.value))}
            >
              <option value="" disabled>
                {t('buy.teamPlaceholder')}
              </option>
              {offer.teams.map((team) => (
                <option key={team.id} value={team.id}>
                  {participantDisplayName(team.name)}
                </option>
              ))}
            </select>
          </div>
        )}
        {payment.asksForCard && (
          <CardPanel
            cards={payment.savedCards}
            savedCardId={payment.savedCardId}
            cardKind={payment.cardKind}
            onSavedCard={payment.selectSavedCard}
            onNewCard={payment.chooseNewCard}
            onCardForm={payment.showCardForm}
            offerToSave
          />
        )}
      </div>
      <aside className={styles.summary} aria-label={t('buy.summaryTitle')}>
        <OrderSummaryLines offer={offer} due={payment.due} coupon={payment.coupon} />
        <div className={form.field}>
          <label className={form.label} htmlFor="checkout-promo">
            {t('buy.promoLabel')}
          </label>
          {payment.coupon ? (
            <div className={styles.promoRow}>
              <p className={form.hint} role="status">
                {t('buy.promoApplied', { code: payment.coupon.code, amount: money(payment.coupon.discount_amount, offer.currency) })}
              </p>
              <button type="button" className={secondaryButton} onClick={payment.removePromoCode}>
                {t('buy.promoRemove')}
              </button>
            </div>
          ) : (
            <div className={styles.promoRow}>
              <input
                id="checkout-promo"
                name="promo_code"
                className={form.input}
                autoComplete="off"
                aria-invalid={payment.promoError ? true : undefined}
                aria-describedby={payment.promoError ? 'checkout-promo-error' : undefined}
              />
              <button type="button" className={secondaryButton} onClick={applyPromo} disabled={payment.applyingPromo} aria-busy={payment.applyingPromo || undefined}>
                {t(payment.applyingPromo ? 'buy.promoApplying' : 'buy.promoApply')}
              </button>
            </div>
          )}
          {payment.promoError && (
            <p id="checkout-promo-error" className={form.fieldError}>
              {message(payment.promoError)}
            </p>
          )}
        </div>
        {payment.validationError && <FormNotice tone="error">{message(payment.validationError)}</FormNotice>}
        <button type="submit" className={`${primaryButton} ${form.submit}`} disabled={!payment.canSubmit}>
          {payment.asksForCard ? t('buy.pay', { amount: money(payment.due, offer.currency) }) : t('buy.getFree')}
        </button>
        <p className={form.hint}>{t('policy.allSalesFinal')}</p>
      </aside>
    </form>
  );
}

/** The summary beside a form that cannot be paid yet (a visitor): the product and its price. */
function OrderSummary({ offer }: { offer: CheckoutOffer }) {
  const { t } = useTranslation();
  return (
    <aside className={styles.summary} aria-label={t('buy.summaryTitle')}>
      <OrderSummaryLines offer={offer} due={offer.selection.price} coupon={null} />
      <p className={form.hint}>{t('policy.allSalesFinal')}</p>
    </aside>
  );
}

/** The product and its lines: price, fee, the promo code's discount, and what is due (`due`, cents). */
function OrderSummaryLines({ offer, due, coupon }: { offer: CheckoutOffer; due: number; coupon: AppliedCoupon | null }) {
  const { t } = useTranslation();
  const { money, label } = useMoney();
  return (
    <>
      <h2 className={styles.panelTitle}>{t('buy.summaryTitle')}</h2>
      <p className={styles.highlight}>{offer.name}</p>
      {offer.description && <p className={styles.fine}>{offer.description}</p>}
      {offer.period && <p className={styles.fine}>{t('buy.billedEvery', { period: t(offer.period === 'annual' ? 'buy.periodAnnual' : 'buy.periodMonthly') })}</p>}
      <dl className={styles.lines}>
        <div className={styles.line}>
          <dt>{t('buy.price')}</dt>
          <dd>{label(offer)}</dd>
        </div>
        {offer.serviceFee > 0 && (
          <div className={styles.line}>
            <dt>{t('buy.fee')}</dt>
            <dd>{money(offer.serviceFee, offer.currency)}</dd>
          </div>
        )}
        {coupon && (
          <div className={styles.line}>
            <dt>{t('buy.discount', { code: coupon.code })}</dt>
            <dd>−{money(coupon.discount_amount, offer.currency)}</dd>
          </div>
        )}
        <div className={styles.totalLine}>
          <dt>{t('buy.total')}</dt>
          <dd data-testid="checkout-total">{money(due, offer.currency)}</dd>
        </div>
      </dl>
    </>
  );
}
