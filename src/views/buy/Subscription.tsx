/**
 * A plan's own screens on /buy?subscription_id (SPEC §4 "Free trial" and "Subscription auto-renewal"): a plan with
 * free days starts its trial with a card that is charged when they end (the free-trial machine); the viewer sees
 * when that is; once subscribed, the auto-renewal is labelled ("Auto-Renewal", "Auto-Renewal Cancelled") and can be
 * cancelled (the auto-renewal machine). A plan without a trial, or a viewer who had theirs, is bought like any
 * purchase (`buy`).
 */
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CheckoutOffer, SubscriptionPlan } from '../../../machines/resource/commerce.reads';
import { useAutoRenewal, useFreeTrial } from '../../app/facades/payment';
import { AutoRenewalFlow, FreeTrialFlow } from '../../app/flows';
import { primaryButton, secondaryButton } from '../../components/controls.css';
import { FormNotice, RetryNotice } from '../../components/form/Fields';
import { useMessage } from '../../i18n/messages';
import * as form from '../../components/form/form.css';
import { PageLoading } from '../../components/Loader';
import { priceLabel } from '../../format/price';
import { translator } from '../../i18n/i18n';
import * as styles from './buy.css';
import { CardPanel, readNewCard } from './CardPanel';

function useDates() {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  return {
    date: (seconds: number) => new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(seconds * 1000)),
    price: (offer: CheckoutOffer) =>
      priceLabel({ amount: offer.selection.price, currency: offer.currency, period: offer.period }, locale, translator(i18n)),
  };
}

/** The free trial of `plan`, or `buy` (the plan's checkout) when the free-trial machine says there is none to start. */
export function TrialScope({ offer, plan, buy }: { offer: CheckoutOffer; plan: SubscriptionPlan; buy: ReactNode }) {
  return (
    <FreeTrialFlow.Scope input={{ subscriptionId: offer.selection.id, plan }}>
      <TrialScreen offer={offer} buy={buy} />
    </FreeTrialFlow.Scope>
  );
}

function TrialScreen({ offer, buy }: { offer: CheckoutOffer; buy: ReactNode }) {
  const { t } = useTranslation();
  const message = useMessage();
  const trial = useFreeTrial();
  const { date, price } = useDates();
  if (trial.status === 'buy') return buy;
  return (
    <div data-testid="trial" data-status={trial.status}>
      {trial.status === 'loading' && <PageLoading />}
      {trial.status === 'loadFailed' && <RetryNotice message="buy.loadFailed" onRetry={trial.retry} />}
      {(trial.status === 'offer' || trial.status === 'processing') && (
        // Hidden, not gone, while the trial starts: Stripe saves the card with the card element inside it.
        <div hidden={trial.status === 'processing'}>
          <TrialForm offer={offer} />
        </div>
      )}
      {trial.status === 'processing' && (
        <div className={`${styles.panel} ${styles.status}`} role="status">
          <h2 className={styles.panelTitle}>{t('buy.trialStarting')}</h2>
          <progress className={styles.progress} aria-label={t('buy.trialStarting')} />
        </div>
      )}
      {trial.status === 'trial' && (
        <div className={`${styles.panel} ${styles.status}`} role="status">
          <h2 className={styles.panelTitle}>{t('buy.trialRunningTitle')}</h2>
          {trial.plan?.trial_ends_at != null && <p className={form.lead}>{t('buy.trialRunning', { date: date(trial.plan.trial_ends_at) })}</p>}
          <RenewalPanel subscriptionId={offer.selection.id} whileRenewing={<p className={form.lead}>{t('buy.trialThen', { price: price(offer) })}</p>} />
        </div>
      )}
      {trial.status === 'subscribed' && <Subscribed offer={offer} />}
      {trial.errorMessage && trial.status !== 'loadFailed' && <FormNotice tone="error">{message(trial.errorMessage)}</FormNotice>}
    </div>
  );
}

function TrialForm({ offer }: { offer: CheckoutOffer }) {
  const { t } = useTranslation();
  const trial = useFreeTrial();
  const { price } = useDates();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const card = readNewCard(new FormData(event.currentTarget));
    if (card) trial.enterNewCard(card.details);
    trial.startTrial();
  };
  return (
    <form className={styles.checkout} onSubmit={onSubmit} noValidate aria-label={t('buy.trialTitle')}>
      <CardPanel
        cards={trial.savedCards}
        savedCardId={trial.savedCardId}
        cardKind={trial.cardKind}
        onSavedCard={trial.selectSavedCard}
        onNewCard={trial.chooseNewCard}
        onCardForm={trial.showCardForm}
        offerToSave={false}
      />
      <aside className={styles.summary} aria-label={t('buy.summaryTitle')}>
        <h2 className={styles.panelTitle}>{t('buy.trialTitle')}</h2>
        <p className={styles.highlight}>{offer.name}</p>
        <p className={styles.fine}>{t('buy.trialLead', { count: offer.trialDays, price: price(offer) })}</p>
        <dl className={styles.lines}>
          <div className={styles.totalLine}>
            <dt>{t('buy.dueToday')}</dt>
            <dd data-testid="checkout-total">{t('buy.free')}</dd>
          </div>
        </dl>
        <button type="submit" className={`${primaryButton} ${form.submit}`}>
          {t('buy.startTrial')}
        </button>
        <p className={form.hint}>{t('policy.allSalesFinal')}</p>
      </aside>
    </form>
  );
}

/** The viewer holds the plan: its renewal, and the way to stop it. */
export function Subscribed({ offer }: { offer: CheckoutOffer }) {
  const { t } = useTranslation();
  return (
    <div className={`${styles.panel} ${styles.status}`} role="status">
      <h2 className={styles.panelTitle}>{t('buy.subscribedTitle')}</h2>
      <p className={form.lead}>{offer.name}</p>
      <RenewalPanel subscriptionId={offer.selection.id} />
    </div>
  );
}

/**
 * The auto-renewal of the viewer's subscription to a plan: its label, when it renews or ends, and cancelling it;
 * `whileRenewing` says what the renewal will do (it goes once the renewal is cancelled).
 */
function RenewalPanel({ subscriptionId, whileRenewing }: { subscriptionId: number; whileRenewing?: ReactNode }) {
  return (
    <AutoRenewalFlow.Scope input={{ subscriptionId }}>
      <Renewal whileRenewing={whileRenewing} />
    </AutoRenewalFlow.Scope>
  );
}

function Renewal({ whileRenewing }: { whileRenewing: ReactNode }) {
  const { t } = useTranslation();
  const message = useMessage();
  const { date } = useDates();
  const renewal = useAutoRenewal();
  const plan = renewal.plan;
  if (renewal.label === null) return null;
  const { cancelled } = renewal;
  return (
    <div className={styles.status} data-testid="auto-renewal" data-status={renewal.status}>
      {!cancelled && whileRenewing}
      <span className={cancelled ? styles.badge : styles.ownedBadge}>{t(cancelled ? 'renewal.cancelled' : 'renewal.active')}</span>
      {plan?.renews_at != null && <p className={styles.fine}>{t(cancelled ? 'buy.endsOn' : 'buy.renewsOn', { date: date(plan.renews_at) })}</p>}
      {renewal.errorMessage && <FormNotice tone="error">{message(renewal.errorMessage)}</FormNotice>}
      {!cancelled && (
        <button
          type="button"
          className={secondaryButton}
          onClick={renewal.cancel}
          disabled={!renewal.canCancel}
          aria-busy={renewal.cancelling || undefined}
        >
          {t(renewal.cancelling ? 'buy.renewalCancelling' : 'buy.renewalCancel')}
        </button>
      )}
    </div>
  );
}
