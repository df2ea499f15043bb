/** Model of order polling (machines/order-polling): what a poll may answer, and the failures it may meet. */
import {
  MAX_CONSECUTIVE_POLL_FAILURES,
  type OrderPollingOutput,
  orderPollingMachine,
} from '../../machines/order-polling/order-polling.machine';
import { defineModel } from '../../statecharts/lib/test-model';
import { requestError } from './client-fixtures';
import { networkDown, order } from './commerce-fixtures';

export const orderPollingModel = defineModel({
  machine: orderPollingMachine,
  input: { orderId: 42 },
  outputs: { fetchOrder: [order('processing'), order('paid'), order('failed')] },
  errors: { fetchOrder: [networkDown, requestError('notFound', 404, 'Order not found')] },
  check: (snapshot) => {
    const { failedPolls, order: last } = snapshot.context;
    if (snapshot.status === 'active') {
      if (!snapshot.hasTag('polling')) throw new Error('polling without the polling tag');
      if (failedPolls >= MAX_CONSECUTIVE_POLL_FAILURES) throw new Error(`still polling after ${failedPolls} failures in a row`);
      if (last !== null && last.status !== 'processing') throw new Error(`still polling an order that is ${last.status}`);
      return;
    }
    const output = snapshot.output as OrderPollingOutput;
    if (snapshot.matches('paid') && !(output.result === 'paid' && output.order.status === 'paid')) throw new Error('paid without the paid order');
    if (snapshot.matches('failed') && !(output.result === 'failed' && output.showPopup && output.order.status === 'failed')) {
      throw new Error('a failed order must reject with the order and the popup flag');
    }
    if (snapshot.matches('unreachable') && !(output.result === 'unknown' && output.showPopup)) {
      throw new Error('giving up must reject with the popup flag');
    }
  },
});
