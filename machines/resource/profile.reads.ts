/**
 * The profile's reads (SPEC §2 /profile and its children, §7 Payments): the viewer's orders with the list's filters
 * and their transactions (their clips are read by the clip list: clips.reads.ts). They go to the client itself,
 * never through the store cache: they are the viewer's own and change with every purchase.
 */
import { OrdersDocument } from '../../mesh/client/generated/documents/Orders';
import { TransactionsDocument } from '../../mesh/client/generated/documents/Transactions';
import type {
  OrderActivityStatus,
  OrderFieldsFragment,
  OrderStatus,
  PurchaseType,
  TransactionStatus,
  TransactionsQuery,
} from '../../mesh/client/generated/graphql';
import { defineRead, present } from './read';

/** @public */
export type ViewerOrder = OrderFieldsFragment;
/** @public */
export type ViewerTransaction = NonNullable<NonNullable<TransactionsQuery['transactions']>['data'][number]>;

/** The orders list's filters (SPEC §7 GET orders: type, status, activity_status); null is "any". */
export interface OrderFilters {
  type: PurchaseType | null;
  status: OrderStatus | null;
  activityStatus: OrderActivityStatus | null;
}

/** Every order that answers the filters (SPEC §5: no_limit=1), the newest first. */
export const ordersRead = defineRead<OrderFilters, ViewerOrder[]>('orders', async ({ client }, filters, signal) => {
  const { orders } = await client.request(OrdersDocument, filters, { signal });
  return present(orders?.data).sort((a, b) => b.created_at - a.created_at);
});

/** The viewer's payments, optionally of one status, the newest first. */
export const transactionsRead = defineRead<{ status: TransactionStatus | null }, ViewerTransaction[]>(
  'transactions',
  async ({ client }, params, signal) => {
    const { transactions } = await client.request(TransactionsDocument, { status: params.status, limit: 100 }, { signal });
    return present(transactions?.data).sort((a, b) => b.created_at - a.created_at);
  },
);
