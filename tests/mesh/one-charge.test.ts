/**
 * One charge per intent (issue 14, point 8) through the whole stack: the reference API behind GraphQL Mesh on an
 * ephemeral port, with a fresh database and the test's own clock. Ten parallel buy-then-confirm attempts of one pass,
 * over REST and over GraphQL, open one order and pay it once; the `Idempotency-Key` of the GraphQL request reaches
 * the API although no mutation has it as an argument; the app's transport and its purchase actor send one key per
 * intent and re-send it on their retry, so an answer lost on the way opens nothing twice.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { createPaymentActors } from '../../machines/payment/payment.actors';
import type { OperationDocument } from '../../mesh/client/document';
import { BuyDocument } from '../../mesh/client/generated/documents/Buy';
import { ConfirmPaymentDocument } from '../../mesh/client/generated/documents/ConfirmPayment';
import { LoginDocument } from '../../mesh/client/generated/documents/Login';
import { card, type Package, Shop } from '../server/commerce-helpers';
import { DEMO_PASSWORD, startTestApi, SUMMIT, type TestApi } from '../server/harness';
import { clientFor } from './client-harness';
import { persistedRequest } from './documents';

interface GraphqlError {
  message: string;
  extensions?: { response?: { status: number; body: { error?: { message: string; errors: Record<string, string[]> } } } };
}
interface Answer<TData> {
  data: TData | null;
  errors: GraphqlError[];
}

/** What one race of parallel purchases did, for the note. */
interface RaceFigures {
  via: 'REST' | 'GraphQL';
  attempts: number;
  requestsSent: number;
  buysAnswered: number;
  confirmsAccepted: number;
  /** The statuses of the other attempts' refusals (a superseded secret: 404; already being paid: 409). */
  refusals: Record<number, number>;
  ordersOpened: number;
  ordersPaid: number;
  transactionsPaid: number;
}

const ATTEMPTS = 10;

let api: TestApi;
let shop: Shop;
let hockey: Package;

beforeAll(async () => {
  api = await startTestApi({}, { graphql: true });
  shop = new Shop(api, await api.apiKey(SUMMIT.channelKey));
  hockey = await shop.pass((p) => p.name === 'Hockey Season Pass');
});
afterAll(() => api.close());

/** Sends one document as the browser does (API key and token as headers), plus any other request headers. */
async function graphql<TData, TVariables>(
  document: OperationDocument<TData, TVariables>,
  variables: TVariables,
  token: string,
  headers: Record<string, string> = {},
): Promise<Answer<TData>> {
  const response = await fetch(api.graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': shop.key, authorization: `Bearer ${token}`, ...headers },
    body: JSON.stringify(persistedRequest(document, variables)),
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { data?: TData | null; errors?: GraphqlError[] };
  return { data: body.data ?? null, errors: body.errors ?? [] };
}

/** The REST status behind a GraphQL answer: 200 when it has no error. */
const restStatus = (answer: Answer<unknown>): number => answer.errors[0]?.extensions?.response?.status ?? (answer.errors.length > 0 ? 0 : 200);

/** The viewer's orders and paid transactions of the hockey pass, from the database. */
function ledger(userId: number) {
  const orders = api.db.prepare<[number, number], { status: string }>('SELECT status FROM orders WHERE user_id = ? AND product_id = ?').all(userId, hockey.id);
  const transactions = api.db
    .prepare<[number, number], { status: string }>('SELECT t.status FROM transactions t JOIN orders o ON o.id = t.order_id WHERE o.user_id = ? AND o.product_id = ?')
    .all(userId, hockey.id);
  return { orders, transactions };
}

/** One attempt: buy the pass, then confirm with the answered secret and the Visa test card. */
async function attempt(via: RaceFigures['via'], token: string): Promise<{ requests: number; buy: number; confirm: number | null }> {
  if (via === 'REST') {
    const bought = await shop.call<{ client_secret: string }>('POST', '/stripe/buy', token, { body: { type: 'package', id: hockey.id } });
    if (bought.status !== 201) return { requests: 1, buy: bought.status, confirm: null };
    const confirmed = await shop.call('POST', '/stripe/confirm', token, { body: { client_secret: bought.body.client_secret, card: card() } });
    return { requests: 2, buy: bought.status, confirm: confirmed.status };
  }
  const bought = await graphql(BuyDocument, { type: 'package', id: hockey.id }, token);
  const secret = bought.data?.purchase?.client_secret;
  if (!secret) return { requests: 1, buy: restStatus(bought), confirm: null };
  const confirmed = await graphql(ConfirmPaymentDocument, { clientSecret: secret, card: card() }, token);
  return { requests: 2, buy: 201, confirm: restStatus(confirmed) };
}

/** A new viewer makes ATTEMPTS parallel attempts; settlement then runs on the API's clock. */
async function race(via: RaceFigures['via']): Promise<RaceFigures> {
  const viewer = await shop.newViewer(`race-${via}`);
  const outcomes = await Promise.all(Array.from({ length: ATTEMPTS }, () => attempt(via, viewer.token)));
  api.clock.advance(3);
  api.runJobs();
  const { orders, transactions } = ledger(viewer.id);
  return {
    via,
    attempts: ATTEMPTS,
    requestsSent: outcomes.reduce((sum, o) => sum + o.requests, 0),
    buysAnswered: outcomes.filter((o) => o.buy === 201).length,
    confirmsAccepted: outcomes.filter((o) => o.confirm === 200).length,
    refusals: Object.fromEntries(
      [...new Set(outcomes.map((o) => o.confirm ?? o.buy).filter((s) => s >= 400))].map((s) => [s, outcomes.filter((o) => (o.confirm ?? o.buy) === s).length]),
    ),
    ordersOpened: orders.length,
    ordersPaid: orders.filter((o) => o.status === 'paid').length,
    transactionsPaid: transactions.filter((t) => t.status === 'paid').length,
  };
}

describe('ten parallel buy-then-confirm attempts of one pass with 4242 4242 4242 4242', () => {
  it('open one order and pay it once, over REST and over GraphQL', async () => {
    const figures = [await race('REST'), await race('GraphQL')];
    // The figures of the note.
    console.info(
      figures
        .map((f) => `${f.via}: ${f.attempts} attempts, ${f.requestsSent} requests sent, ${f.buysAnswered} buys answered, ${f.confirmsAccepted} confirmation accepted, refused ${JSON.stringify(f.refusals)}, ${f.ordersOpened} order opened, ${f.ordersPaid} paid, ${f.transactionsPaid} paid transaction`)
        .join('\n'),
    );
    for (const f of figures) {
      expect(f, f.via).toMatchObject({ confirmsAccepted: 1, ordersOpened: 1, ordersPaid: 1, transactionsPaid: 1 });
      expect(Object.values(f.refusals).reduce((sum, n) => sum + n, 0), f.via).toBe(ATTEMPTS - 1);
    }
  });
});

describe('Idempotency-Key on the GraphQL request', () => {
  it('reaches the API: a repeated Buy answers the first purchase, another one with the key is refused, no key opens nothing new', async () => {
    const viewer = await shop.newViewer('gql-key');
    const key = randomUUID();
    const first = await graphql(BuyDocument, { type: 'package', id: hockey.id }, viewer.token, { 'idempotency-key': key });
    const again = await graphql(BuyDocument, { type: 'package', id: hockey.id }, viewer.token, { 'idempotency-key': key });
    expect(first.errors).toEqual([]);
    expect(again.data?.purchase).toEqual(first.data?.purchase);
    expect(ledger(viewer.id).orders).toHaveLength(1);

    const other = await graphql(BuyDocument, { type: 'package', id: hockey.id, coupon: 'WELCOME10' }, viewer.token, { 'idempotency-key': key });
    expect(restStatus(other)).toBe(422);
    expect(other.errors[0]?.extensions?.response?.body.error?.errors).toEqual({
      'Idempotency-Key': ['Keys for idempotent requests can only be used with the same parameters they were first used with.'],
    });

    // Without the header, and with an empty one (left out on the way), the open order is taken over: a new secret.
    const without: Array<Record<string, string>> = [{}, { 'idempotency-key': '' }];
    for (const headers of without) {
      const plain = await graphql(BuyDocument, { type: 'package', id: hockey.id }, viewer.token, headers);
      expect(plain.errors).toEqual([]);
      expect(plain.data?.purchase?.order.id).toBe(first.data?.purchase?.order.id);
      expect(plain.data?.purchase?.client_secret).not.toBe(first.data?.purchase?.client_secret);
    }
    expect(ledger(viewer.id).orders).toHaveLength(1);
  });

  it('a repeated ConfirmPayment with its key answers the order again instead of refusing it', async () => {
    const viewer = await shop.newViewer('gql-confirm');
    const bought = await graphql(BuyDocument, { type: 'package', id: hockey.id }, viewer.token);
    const variables = { clientSecret: bought.data?.purchase?.client_secret ?? '', card: card() };
    const key = randomUUID();
    const confirmed = await graphql(ConfirmPaymentDocument, variables, viewer.token, { 'idempotency-key': key });
    const repeated = await graphql(ConfirmPaymentDocument, variables, viewer.token, { 'idempotency-key': key });
    expect(confirmed.errors).toEqual([]);
    expect(repeated.data?.order).toEqual(confirmed.data?.order);
    expect(restStatus(await graphql(ConfirmPaymentDocument, variables, viewer.token))).toBe(409);
  });
});

describe('the app sends one key per intent', () => {
  it('the purchase actor’s key is re-sent by the transport’s retry when the first answer is lost: one order, answered once', async () => {
    const viewer = await shop.newViewer('lost-answer');
    const buyKeys: string[] = [];
    let answersToLose = 0;
    const under = clientFor(api, {
      channelKey: SUMMIT.channelKey,
      // The network between the app and the server: the request arrives and is answered, the answer never comes back.
      fetch: async (input, init) => {
        const isBuy = typeof init?.body === 'string' && (JSON.parse(init.body) as { operationName?: string }).operationName === 'Buy';
        const response = await fetch(input, init);
        if (!isBuy) return response;
        buyKeys.push(new Headers(init?.headers).get('idempotency-key') ?? '(none)');
        if (answersToLose === 0) return response;
        answersToLose -= 1;
        await response.text();
        throw new TypeError('fetch failed: the connection dropped');
      },
    });
    const { session } = await under.client.request(LoginDocument, { email: viewer.email, password: DEMO_PASSWORD });
    under.token = session?.token ?? null;
    const { buy } = createPaymentActors({ client: under.client });
    const input = { type: 'package' as const, id: hockey.id, singleEventPackageId: null, participantId: null, coupon: null };

    answersToLose = 1;
    const checkout = await toPromise(createActor(buy, { input }).start());
    expect(buyKeys).toHaveLength(2);
    expect(buyKeys[1]).toBe(buyKeys[0]);
    expect(buyKeys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ledger(viewer.id).orders).toHaveLength(1);

    // A new purchase attempt is a new intent: a new key, and the open order taken over with a new secret.
    const next = await toPromise(createActor(buy, { input }).start());
    expect(buyKeys).toHaveLength(3);
    expect(buyKeys[2]).not.toBe(buyKeys[0]);
    expect(next.order.id).toBe(checkout.order.id);
    expect(next.clientSecret).not.toBe(checkout.clientSecret);
    expect(ledger(viewer.id).orders).toHaveLength(1);
  });
});
