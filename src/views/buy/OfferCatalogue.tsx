/**
 * /packages: every offer of the channel, grouped as a viewer compares them (SPEC §2, §3 Package and Subscription):
 * subscriptions with their period and trial, passes and pay-per-view packs, team passes, and the basic passes of
 * the season. Each shows its price label (SPEC §2: currency symbol, base price, per-period suffix) and service fee,
 * and what the viewer already has (the API's purchased flags, SPEC §4): "Active" on their plan, "Purchased" on a pass
 * they bought, "Included" on the passes their plan covers, "Your basic pass" on the one chosen.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { offersRead, type Pass, type PassStanding, passStanding, type SubscriptionPlan } from '../../../machines/resource/commerce.reads';
import { useTrialStanding } from '../../app/facades/payment';
import { useRead } from '../../app/facades/read';
import { primaryButton, secondaryButton, visuallyHidden } from '../../components/controls.css';
import { RetryNotice } from '../../components/form/Fields';
import { PageLoading } from '../../components/Loader';
import { formatMoney, priceLabel } from '../../format/price';
import { translator } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/locales/en';
import * as styles from './buy.css';

const STANDING_KEYS: Record<Exclude<PassStanding, 'available'>, MessageKey> = {
  purchased: 'buy.purchased',
  included: 'buy.included',
  basicPass: 'buy.basicPassChosen',
};

const KIND_KEYS: Record<Pass['type'], MessageKey> = {
  free: 'buy.kindFree',
  register: 'buy.kindRegister',
  paid: 'buy.kindPaid',
  ppv: 'buy.kindPpv',
};

function useMoney() {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  return {
    locale,
    label: (amount: number, currency: string, period?: Pass['period']) =>
      amount === 0 ? t('buy.free') : priceLabel({ amount, currency, period }, locale, translator(i18n)),
    money: (amount: number, currency: string) => formatMoney(amount, currency, locale),
    date: (seconds: number) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(seconds * 1000)),
  };
}

export function OfferCatalogue() {
  const { t } = useTranslation();
  const offers = useRead(offersRead, null);
  if (offers.status === 'loading') return <PageLoading />;
  if (!offers.data) {
    return <RetryNotice message="buy.loadFailed" onRetry={offers.retry} />;
  }
  const catalogue = offers.data;
  const { passes, subscriptions } = catalogue;
  const basic = passes.filter((pass) => pass.type === 'free' || pass.type === 'register');
  const teams = passes.filter((pass) => pass.is_team_pass && !basic.includes(pass));
  const others = passes.filter((pass) => !basic.includes(pass) && !teams.includes(pass));
  if (passes.length === 0 && subscriptions.length === 0) return <p className={styles.intro}>{t('buy.empty')}</p>;
  return (
    <>
      <p className={styles.intro}>{t('buy.catalogueLead')}</p>
      <div className={styles.groups}>
        <OfferGroup id="subscriptions" title="buy.subscriptionsTitle" lead="buy.subscriptionsLead">
          {subscriptions.map((plan) => (
            <PlanCard key={plan.id} plan={plan} />
          ))}
        </OfferGroup>
        <OfferGroup id="passes" title="buy.passesTitle" lead="buy.passesLead">
          {others.map((pass) => (
            <PassCard key={pass.id} pass={pass} standing={passStanding(pass, catalogue)} />
          ))}
        </OfferGroup>
        <OfferGroup id="team-passes" title="buy.teamPassesTitle" lead="buy.teamPassesLead">
          {teams.map((pass) => (
            <PassCard key={pass.id} pass={pass} standing={passStanding(pass, catalogue)} />
          ))}
        </OfferGroup>
        <OfferGroup id="basic-passes" title="buy.basicPassesTitle" lead="passes.basicPassSeason">
          {basic.map((pass) => (
            <PassCard key={pass.id} pass={pass} standing={passStanding(pass, catalogue)} />
          ))}
        </OfferGroup>
      </div>
    </>
  );
}

function OfferGroup({ id, title, lead, children }: { id: string; title: MessageKey; lead: MessageKey; children: React.ReactNode[] }) {
  const { t } = useTranslation();
  if (children.length === 0) return null;
  return (
    <section className={styles.group} aria-labelledby={`${id}-title`}>
      <header className={styles.groupHeader}>
        <h2 id={`${id}-title`} className={styles.groupTitle}>
          {t(title)}
        </h2>
        <p className={styles.groupLead}>{t(lead)}</p>
      </header>
      <ul className={styles.offers}>{children}</ul>
    </section>
  );
}

function PassCard({ pass, standing }: { pass: Pass; standing: PassStanding }) {
  const { t } = useTranslation();
  const { label, money } = useMoney();
  const categories = pass.categories.flatMap((category) => (category ? [category.name] : []));
  const teams = pass.participants.length;
  return (
    <li>
      <article className={styles.offer} aria-labelledby={`pass-${pass.id}`} data-owned={pass.is_purchased} data-standing={standing} data-testid="offer">
        <div className={styles.badges}>
          <span className={styles.badge}>{t(KIND_KEYS[pass.type])}</span>
          {standing !== 'available' && <span className={styles.ownedBadge}>{t(STANDING_KEYS[standing])}</span>}
        </div>
        <h3 id={`pass-${pass.id}`} className={styles.offerName}>
          {pass.name}
        </h3>
        <p className={styles.price}>{label(pass.base_price, pass.currency, pass.period)}</p>
        {pass.service_fee > 0 && <p className={styles.fine}>{t('buy.serviceFee', { fee: money(pass.service_fee, pass.currency) })}</p>}
        {standing === 'included' && <p className={styles.highlight}>{t('buy.includedLead')}</p>}
        {pass.is_team_pass && teams > 0 && standing === 'available' && <p className={styles.highlight}>{t('buy.teamsCount', { count: teams })}</p>}
        <p className={styles.description}>{pass.description}</p>
        {categories.length > 0 && <p className={styles.fine}>{t('buy.covers', { categories: categories.join(', ') })}</p>}
        <Link href={`/select-package/${pass.id}`} className={`${pass.is_purchased ? secondaryButton : primaryButton} ${styles.cta}`}>
          {t(pass.is_purchased ? 'buy.owned' : 'buy.choose')}
          <span className={visuallyHidden}> {pass.name}</span>
        </Link>
      </article>
    </li>
  );
}

function PlanCard({ plan }: { plan: SubscriptionPlan }) {
  const { t } = useTranslation();
  const { label, money, date } = useMoney();
  const active = plan.status === 'active' && plan.is_purchased;
  // As the plan's checkout will decide it (SPEC §3 trial_period_used: one free trial per viewer; a visitor is offered it).
  const standing = useTrialStanding(plan);
  const offersTrial = standing === 'offered';
  const inTrial = standing === 'inTrial';
  return (
    <li>
      <article className={styles.offer} aria-labelledby={`plan-${plan.id}`} data-owned={active} data-testid="offer">
        <div className={styles.badges}>
          <span className={styles.badge}>{t('buy.kindSubscription')}</span>
          {active && <span className={styles.ownedBadge}>{t('buy.active')}</span>}
          {active && plan.auto_renew !== null && <span className={styles.badge}>{t(plan.auto_renew ? 'renewal.active' : 'renewal.cancelled')}</span>}
        </div>
        <h3 id={`plan-${plan.id}`} className={styles.offerName}>
          {plan.name}
        </h3>
        <p className={styles.price}>{label(plan.base_price, plan.currency, plan.period)}</p>
        {plan.service_fee > 0 && <p className={styles.fine}>{t('buy.serviceFee', { fee: money(plan.service_fee, plan.currency) })}</p>}
        {offersTrial && <p className={styles.highlight}>{t('buy.trialDays', { count: plan.trial_period })}</p>}
        {inTrial && plan.trial_ends_at !== null && <p className={styles.highlight}>{t('buy.trialUntil', { date: date(plan.trial_ends_at) })}</p>}
        {active && !inTrial && plan.renews_at !== null && (
          <p className={styles.fine}>{t(plan.auto_renew ? 'buy.renewsOn' : 'buy.endsOn', { date: date(plan.renews_at) })}</p>
        )}
        <p className={styles.description}>{plan.description}</p>
        <Link href={`/buy?subscription_id=${plan.id}`} className={`${active ? secondaryButton : primaryButton} ${styles.cta}`}>
          {t(active ? 'buy.owned' : offersTrial ? 'buy.startTrial' : 'buy.subscribe')}
          <span className={visuallyHidden}> {plan.name}</span>
        </Link>
      </article>
    </li>
  );
}
