/**
 * The profile (SPEC §2 /profile and its children): the viewer's orders (the default child: active orders, with the
 * type, status and activity filters kept in the URL), their transactions, their clips, their favourites and the
 * profile edit. Each
 * page shares the account's tabs; a visitor is asked to log in.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import type { OrderActivityStatus, OrderStatus, PurchaseType, TransactionStatus } from '../../../mesh/client/generated/graphql';
import {
  type OrderFilters,
  ordersRead,
  transactionsRead,
  type ViewerOrder,
  type ViewerTransaction,
} from '../../../machines/resource/profile.reads';
import type { ViewerClip } from '../../../machines/resource/clips.reads';
import { type ClipActor, type ClipStep, useClip, useClipDownloadCapability, useClipList } from '../../app/facades/clips';
import { favouriteKindOf, useFavouritesList } from '../../app/facades/favourites';
import { useRead, type ReadState } from '../../app/facades/read';
import { ClipListFlow } from '../../app/flows';
import { useViewerStatus } from '../../app/facades/session';
import { primaryButton } from '../../components/controls.css';
import { RetryNotice } from '../../components/form/Fields';
import { FavouriteButton } from '../../components/favourites/FavouriteButton';
import { PageLoading } from '../../components/Loader';
import { formatClock } from '../../format/clock';
import { participantDisplayName } from '../../format/event';
import * as page from '../../components/page.css';
import { orderLabel } from '../../format/order';
import { formatMoney } from '../../format/price';
import type { FavouriteKind } from '../../../machines/favourites/favourites.types';
import type { MessageKey } from '../../i18n/locales/en';
import { ClipActions } from '../clips/ClipActions';
import * as styles from './profile.css';

export { ProfileEditView } from './ProfileEditView';

const TABS: ReadonlyArray<{ href: string; label: MessageKey }> = [
  { href: '/profile', label: 'profile.tabOrders' },
  { href: '/profile/transactions', label: 'profile.tabTransactions' },
  { href: '/profile/clips', label: 'profile.tabClips' },
  { href: '/profile/favourites', label: 'profile.tabFavourites' },
  { href: '/profile/edit', label: 'profile.tabEdit' },
];

/** The account's page: its title, the tabs, and the child's content (a visitor is asked to log in instead). */
function ProfilePage({ title, children }: { title: MessageKey; children: ReactNode }) {
  const { t } = useTranslation();
  const [location] = useLocation();
  const status = useViewerStatus();
  return (
    <section className={page.page} aria-labelledby="page-title">
      <h1 id="page-title" className={page.title}>
        {t(title)}
      </h1>
      <nav className={styles.tabs} aria-label={t('profile.sections')}>
        {TABS.map((tab) => (
          <Link key={tab.href} href={tab.href} className={styles.tab} aria-current={location === tab.href ? 'page' : undefined}>
            {t(tab.label)}
          </Link>
        ))}
      </nav>
      {status === 'anonymous' ? (
        <div className={styles.empty}>
          <p className={page.lead}>{t('account.loginRequired')}</p>
          <Link href="/login" className={primaryButton}>
            {t('account.logInSubmit')}
          </Link>
        </div>
      ) : (
        children
      )}
    </section>
  );
}

function useFormat() {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  return {
    money: (cents: number, currency: string) => formatMoney(cents, currency, locale),
    date: (seconds: number) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(seconds * 1000)),
  };
}

/** A read's loading and failure, then its items or the empty state. */
function ReadList<T>({ read, empty, children }: { read: ReadState<T[]>; empty: ReactNode; children(items: T[]): ReactNode }) {
  if (read.status === 'loading') return <PageLoading />;
  if (!read.data) {
    return <RetryNotice message="profile.loadFailed" onRetry={read.retry} />;
  }
  return read.data.length === 0 ? <div className={styles.empty}>{empty}</div> : children(read.data);
}

const TYPES: readonly PurchaseType[] = ['event', 'package', 'subscription'];
const STATUSES: readonly OrderStatus[] = ['paid', 'processing', 'failed', 'refunded'];
const TYPE_KEYS: Record<PurchaseType, MessageKey> = { event: 'profile.typeEvent', package: 'profile.typePackage', subscription: 'profile.typeSubscription' };

/** The orders list's filters from the URL: active orders unless `activity_status=all` (SPEC §2). */
function orderFiltersOf(search: string): OrderFilters {
  const query = new URLSearchParams(search);
  const type = query.get('type');
  const status = query.get('status');
  const activity = query.get('activity_status');
  return {
    type: TYPES.find((known) => known === type) ?? null,
    status: STATUSES.find((known) => known === status) ?? null,
    activityStatus: activity === 'all' ? null : activity === 'inactive' ? 'inactive' : 'active',
  };
}

export function OrdersView() {
  return (
    <ProfilePage title="pages.orders">
      <Orders />
    </ProfilePage>
  );
}

function Orders() {
  const { t } = useTranslation();
  const search = useSearch();
  const [, navigate] = useLocation();
  const filters = orderFiltersOf(search);
  const orders = useRead(ordersRead, filters);
  const choose = (name: string, value: string) => {
    const query = new URLSearchParams(search);
    if (value === '') query.delete(name);
    else query.set(name, value);
    const text = query.toString();
    navigate(text === '' ? '/profile' : `/profile?${text}`, { replace: true });
  };
  const activity: OrderActivityStatus | 'all' = filters.activityStatus ?? 'all';
  return (
    <>
      <form className={styles.filters} aria-label={t('profile.filters')} onSubmit={(event) => event.preventDefault()}>
        <Filter label="profile.filterType" value={filters.type ?? ''} onChange={(value) => choose('type', value)}>
          <option value="">{t('profile.any')}</option>
          {TYPES.map((type) => (
            <option key={type} value={type}>
              {t(TYPE_KEYS[type])}
            </option>
          ))}
        </Filter>
        <Filter label="profile.filterStatus" value={filters.status ?? ''} onChange={(value) => choose('status', value)}>
          <option value="">{t('profile.any')}</option>
          {STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`orderStatus.${status}`)}
            </option>
          ))}
        </Filter>
        <Filter label="profile.filterActivity" value={activity} onChange={(value) => choose('activity_status', value === 'active' ? '' : value)}>
          <option value="active">{t('orderStatus.active')}</option>
          <option value="inactive">{t('orderStatus.inactive')}</option>
          <option value="all">{t('profile.any')}</option>
        </Filter>
      </form>
      <ReadList
        read={orders}
        empty={
          <>
            <p className={page.lead}>{t('profile.noOrders')}</p>
            <Link href="/packages" className={primaryButton}>
              {t('buy.seeOffers')}
            </Link>
          </>
        }
      >
        {(items) => (
          <ul className={styles.list} aria-label={t('pages.orders')}>
            {items.map((order) => (
              <OrderRow key={order.id} order={order} />
            ))}
          </ul>
        )}
      </ReadList>
    </>
  );
}

function Filter({ label, value, onChange, children }: { label: MessageKey; value: string; onChange(value: string): void; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <label className={styles.filter}>
      <span>{t(label)}</span>
      <select className={styles.select} value={value} onChange={(event) => onChange(event.currentTarget.value)}>
        {children}
      </select>
    </label>
  );
}

function OrderRow({ order }: { order: ViewerOrder }) {
  const { t } = useTranslation();
  const { money, date } = useFormat();
  const label = orderLabel(order);
  return (
    <li className={styles.row} data-testid="order">
      <div className={styles.main}>
        <p className={styles.name}>{order.product.name}</p>
        <p className={styles.meta}>
          {t(TYPE_KEYS[order.type])} · {t('profile.orderNumber', { id: order.id })} · {date(order.created_at)}
        </p>
        {order.type === 'subscription' && (
          <p className={styles.meta}>
            {order.subscription_event && t(`subscriptionEvent.${order.subscription_event}`)}
            {order.subscription_event && order.auto_renew !== null && ' · '}
            {order.auto_renew !== null && t(order.auto_renew ? 'renewal.active' : 'renewal.cancelled')}
          </p>
        )}
        {order.expires_at !== null && label === 'active' && <p className={styles.meta}>{t('buy.endsOn', { date: date(order.expires_at) })}</p>}
      </div>
      <div className={styles.side}>
        <span className={styles.badge} data-label={label}>
          {t(`orderStatus.${label}`)}
        </span>
        <span className={styles.amount}>{money(order.amount, order.currency)}</span>
      </div>
    </li>
  );
}

const TRANSACTION_STATUSES: readonly TransactionStatus[] = ['created', 'paid', 'failed', 'refunded'];

export function TransactionsView() {
  return (
    <ProfilePage title="pages.transactions">
      <Transactions />
    </ProfilePage>
  );
}

function Transactions() {
  const { t } = useTranslation();
  const search = useSearch();
  const [, navigate] = useLocation();
  const wanted = new URLSearchParams(search).get('status');
  const status = TRANSACTION_STATUSES.find((known) => known === wanted) ?? null;
  const transactions = useRead(transactionsRead, { status });
  return (
    <>
      <form className={styles.filters} aria-label={t('profile.filters')} onSubmit={(event) => event.preventDefault()}>
        <Filter
          label="profile.filterStatus"
          value={status ?? ''}
          onChange={(value) => navigate(value === '' ? '/profile/transactions' : `/profile/transactions?status=${value}`, { replace: true })}
        >
          <option value="">{t('profile.any')}</option>
          {TRANSACTION_STATUSES.map((known) => (
            <option key={known} value={known}>
              {t(`transactionStatus.${known}`)}
            </option>
          ))}
        </Filter>
      </form>
      <ReadList read={transactions} empty={<p className={page.lead}>{t('profile.noTransactions')}</p>}>
        {(items) => (
          <ul className={styles.list} aria-label={t('pages.transactions')}>
            {items.map((transaction) => (
              <TransactionRow key={transaction.id} transaction={transaction} />
            ))}
          </ul>
        )}
      </ReadList>
    </>
  );
}

function TransactionRow({ transaction }: { transaction: ViewerTransaction }) {
  const { t } = useTranslation();
  const { money, date } = useFormat();
  return (
    <li className={styles.row} data-testid="transaction">
      <div className={styles.main}>
        <p className={styles.name}>{transaction.product_name}</p>
        <p className={styles.meta}>
          {date(transaction.created_at)}
          {transaction.card_last4 && ` · ${t('profile.card', { brand: transaction.card_brand ?? '', last4: transaction.card_last4 })}`}
        </p>
        {transaction.failure_reason && <p className={styles.meta}>{t('profile.failureReason', { reason: transaction.failure_reason })}</p>}
      </div>
      <div className={styles.side}>
        <span className={styles.badge} data-label={transaction.status}>
          {t(`transactionStatus.${transaction.status}`)}
        </span>
        <span className={styles.amount}>{money(transaction.amount, transaction.currency)}</span>
      </div>
    </li>
  );
}

export function ClipsView() {
  return (
    <ProfilePage title="pages.clips">
      <ClipListScope>
        <Clips />
      </ClipListScope>
    </ProfilePage>
  );
}

/** Starts the clip list (it reads the viewer's clips and spawns one clip actor per row) for the signed-in viewer. */
function ClipListScope({ children }: { children: ReactNode }) {
  const canDownload = useClipDownloadCapability();
  if (canDownload === null) return <PageLoading />;
  return <ClipListFlow.Scope input={{ canDownload }}>{children}</ClipListFlow.Scope>;
}

function Clips() {
  const { t } = useTranslation();
  const { status, rows, retry } = useClipList();
  if (status === 'loading') return <PageLoading />;
  if (status === 'failed') return <RetryNotice message="profile.loadFailed" onRetry={retry} />;
  if (rows.length === 0) {
    return (
      <div className={styles.empty}>
        <p className={page.lead}>{t('profile.noClips')}</p>
        <Link href="/live" className={primaryButton}>
          {t('buy.browseGames')}
        </Link>
      </div>
    );
  }
  return (
    <ul className={styles.list} aria-label={t('pages.clips')}>
      {rows.map((row) => (
        <ClipRow key={row.clip.id} listed={row.clip} clip={row.actor} />
      ))}
    </ul>
  );
}

/**
 * A clip of the list, followed by its own clip actor: a queued one turns processed (or failed) on screen, a processed
 * one can be shared, downloaded and deleted; a failed one is only listed. Nothing one row does reaches another.
 */
function ClipRow({ listed, clip }: { listed: ViewerClip; clip: ClipActor }) {
  const { step, clip: followed } = useClip(clip);
  return <ClipRowContent clip={{ ...listed, ...followed }} step={step} actions={<ClipActions clip={clip} name={listed.name} />} />;
}

/** What the row says of the clip in each step of its flow. */
const CLIP_STEP_KEYS: Partial<Record<ClipStep, MessageKey>> = {
  queued: 'profile.clipQueued',
  processed: 'profile.clipProcessed',
  failed: 'profile.clipFailed',
  deleted: 'profile.clipDeleted',
};

function ClipRowContent({ clip, step, actions }: { clip: ViewerClip; step: ClipStep; actions: ReactNode }) {
  const { t } = useTranslation();
  const { date } = useFormat();
  const seconds = formatClock(clip.duration);
  const label = CLIP_STEP_KEYS[step];
  return (
    <li className={styles.row} data-testid="clip" data-status={step}>
      <div className={styles.main}>
        {step === 'processed' ? (
          <Link href={`/watch_library/${clip.id}`} className={styles.nameLink}>
            {clip.name}
          </Link>
        ) : (
          <p className={styles.name}>{clip.name}</p>
        )}
        <p className={styles.meta}>
          {clip.event_name} · {seconds} · {date(clip.created_at)}
        </p>
      </div>
      <div className={styles.side}>
        {label && (
          <span className={styles.badge} data-label={step}>
            {t(label)}
          </span>
        )}
      </div>
      {step === 'processed' && <div className={styles.rowActions}>{actions}</div>}
    </li>
  );
}

export function FavouritesView() {
  return (
    <ProfilePage title="pages.favourites">
      <Favourites />
    </ProfilePage>
  );
}

const FAVOURITE_GROUPS: ReadonlyArray<{ kind: FavouriteKind; title: MessageKey }> = [
  { kind: 'team', title: 'favourites.teams' },
  { kind: 'school', title: 'favourites.schools' },
  { kind: 'sport', title: 'favourites.sports' },
];

/** The teams, schools and sports the viewer follows, from the favourites flow (their one source). */
function Favourites() {
  const { t } = useTranslation();
  const { favourites, status, retry } = useFavouritesList();
  if (status === 'loading' || status === 'loggedOut') return <PageLoading />;
  if (status === 'failed') return <RetryNotice message="favourites.loadFailed" onRetry={retry} />;
  if (favourites.length === 0) {
    return (
      <div className={styles.empty}>
        <p className={page.lead}>{t('favourites.none')}</p>
        <Link href="/schedule" className={primaryButton}>
          {t('favourites.browse')}
        </Link>
      </div>
    );
  }
  return (
    <>
      <p className={page.lead}>{t('favourites.lead')}</p>
      {FAVOURITE_GROUPS.map(({ kind, title }) => {
        const followed = favourites.filter((favourite) => favouriteKindOf(favourite) === kind);
        if (followed.length === 0) return null;
        return (
          <section key={kind} className={styles.group} aria-labelledby={`favourites-${kind}`}>
            <h2 id={`favourites-${kind}`} className={styles.groupTitle}>
              {t(title)}
            </h2>
            <ul className={styles.favourites}>
              {followed.map((favourite) => (
                <li key={favourite.id} className={styles.favourite} data-testid="followed">
                  {favourite.image ? <img className={styles.favouriteImage} src={favourite.image} alt="" /> : <span className={styles.favouriteImage} aria-hidden="true" />}
                  <FavouriteButton target={{ id: favourite.favoritable_id, kind }} name={participantDisplayName(favourite.name)} />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </>
  );
}
