/** Shared steps of the commerce suites: a new viewer, the catalogue of offers, buying, paying and polling. */
import { expect } from 'vitest';
import { type CallResult, DEMO_PASSWORD, type TestApi } from './harness';

export interface List<T> {
  data: T[];
  meta: { total: number; limit: number; offset: number };
}
export interface ErrorBody {
  error: { message: string; errors: Record<string, string[]> };
}
export interface Order {
  id: number;
  type: 'event' | 'package' | 'subscription';
  status: 'processing' | 'paid' | 'failed' | 'refunded';
  activity_status: 'active' | 'inactive';
  product: { id: number; name: string; event_category_id: number | null; participant_id: number | null };
  amount: number;
  service_fee: number;
  currency: string;
  coupon: string | null;
  discount: number;
  created_at: number;
  paid_at: number | null;
  failure_reason: string | null;
  expires_at: number | null;
  subscription_event: 'created' | 'updated' | null;
  auto_renew: boolean | null;
}
interface BuyResponse {
  order: Order;
  client_secret: string | null;
  provider: 'reference' | 'stripe';
  publishable_key: string | null;
}
export interface Package {
  id: number;
  name: string;
  type: string;
  price: number;
  is_team_pass: boolean;
  event_categories: number[];
  participants: number[];
  purchased_participants: number[];
  period: string | null;
  event_id: number | null;
  is_purchased: boolean;
}
export interface Plan {
  id: number;
  name: string;
  price: number;
  period: 'annual' | 'month' | 'monthly';
  trial_period: number;
  status: 'expired' | 'inactive' | 'active' | 'canceled' | null;
  auto_renew: boolean | null;
  renews_at: number | null;
  trial_ends_at: number | null;
  is_purchased: boolean;
}
export interface EventItem {
  id: number;
  name: string;
  currency: string;
  type: 'paid' | 'free';
  has_access: boolean;
  event_category_id: number | null;
  single_event_package_id: number | null;
  base_price: number;
  service_fee: number;
  participants: Array<{ id: number }>;
}
export interface Card {
  id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  is_default: boolean;
}
interface Transaction {
  id: number;
  order_id: number;
  order_type: string;
  amount: number;
  status: 'created' | 'failed' | 'paid' | 'refunded';
  card_brand: string | null;
  card_last4: string | null;
  failure_reason: string | null;
}

export const CARDS = {
  visa: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  declinesAfterSaving: '4000000000000341',
} as const;

export const card = (number: string = CARDS.visa) => ({ number, exp_month: 12, exp_year: new Date().getUTCFullYear() + 2, cvc: '123' });

interface RequestParts {
  body?: unknown;
  query?: Record<string, string | number>;
}

/** The API with a key and viewers of one channel. */
export class Shop {
  private counter = 0;

  constructor(
    readonly api: TestApi,
    readonly key: string,
    private readonly domain = 'summit.test',
  ) {}

  async call<T>(method: string, path: string, token: string | null, options: RequestParts = {}): Promise<CallResult<T>> {
    return this.api.call<T>(method, path, { key: this.key, token, ...options });
  }

  async ok<T>(method: string, path: string, token: string | null, options: RequestParts = {}): Promise<T> {
    const result = await this.call<T>(method, path, token, options);
    expect(result.status, `${method} ${path}: ${JSON.stringify(result.body)}`).toBeLessThan(300);
    return result.body;
  }

  async newViewer(label: string): Promise<{ token: string; id: number; email: string }> {
    const email = `${label}-${++this.counter}@${this.domain}`;
    const result = await this.call<{ token: string; user: { id: number } }>('POST', '/v2/auth/register', null, {
      body: { first_name: 'Pay', last_name: label, email, password: DEMO_PASSWORD, password_confirmation: DEMO_PASSWORD, terms: true },
    });
    expect(result.status).toBe(201);
    return { token: result.body.token, id: result.body.user.id, email };
  }

  async packages(token: string | null = null): Promise<Package[]> {
    return (await this.ok<List<Package>>('GET', '/packages', token)).data;
  }

  async pass(predicate: (p: Package) => boolean, token: string | null = null): Promise<Package> {
    const found = (await this.packages(token)).find(predicate);
    if (!found) throw new Error('No such package in the demo seed');
    return found;
  }

  async plans(token: string | null = null): Promise<Plan[]> {
    return (await this.ok<List<Plan>>('GET', '/subscriptions', token)).data;
  }

  async plan(period: 'monthly' | 'annual', token: string | null = null): Promise<Plan> {
    const found = (await this.plans(token)).find((p) => p.period === period);
    if (!found) throw new Error(`No ${period} plan in the demo seed`);
    return found;
  }

  async events(token: string | null = null, query: Record<string, string | number> = {}): Promise<EventItem[]> {
    return (await this.ok<List<EventItem>>('GET', '/events', token, { query: { no_limit: 1, ...query } })).data;
  }

  async event(id: number, token: string | null): Promise<EventItem> {
    return this.ok<EventItem>('GET', `/events/${id}`, token);
  }

  /** Paid events no viewer has bought (the fan owns one). */
  async paidEvents(): Promise<EventItem[]> {
    return (await this.events()).filter((e) => e.type === 'paid');
  }


  async buy(token: string, body: Record<string, unknown>): Promise<BuyResponse> {
    const result = await this.call<BuyResponse>('POST', '/stripe/buy', token, { body });
    expect(result.status, JSON.stringify(result.body)).toBe(201);
    return result.body;
  }

  async buyEvent(token: string, event: EventItem, extra: Record<string, unknown> = {}): Promise<BuyResponse> {
    return this.buy(token, { type: 'event', id: event.id, single_event_package_id: event.single_event_package_id, ...extra });
  }

  async confirm(token: string, clientSecret: string | null, payment: Record<string, unknown> = { card: card() }): Promise<Order> {
    return this.ok<Order>('POST', '/stripe/confirm', token, { body: { client_secret: clientSecret, ...payment } });
  }

  /**
   * Polls the order as the app does (every 2000 ms, SPEC §9), moving the API's clock instead of waiting and running
   * the jobs due, until it is paid or failed.
   */
  async pollOrder(token: string, id: number): Promise<Order> {
    for (let poll = 0; poll < 5; poll += 1) {
      const order = await this.ok<Order>('GET', `/orders/${id}`, token);
      if (order.status !== 'processing') return order;
      this.api.clock.advance(2);
      this.api.runJobs();
    }
    throw new Error(`Order ${id} never settled`);
  }

  /** Buys an event with its single-event package and pays it (by default with the Visa test card). */
  async purchaseEvent(token: string, event: EventItem, payment: Record<string, unknown> = { card: card() }): Promise<Order> {
    return this.purchase(token, { type: 'event', id: event.id, single_event_package_id: event.single_event_package_id }, payment);
  }

  /** Buys and pays with a card, then polls until the order settles. */
  async purchase(token: string, body: Record<string, unknown>, payment: Record<string, unknown> = { card: card() }): Promise<Order> {
    const bought = await this.buy(token, body);
    expect(bought.order.status).toBe('processing');
    const confirmed = await this.confirm(token, bought.client_secret, payment);
    expect(confirmed.status).toBe('processing');
    return this.pollOrder(token, bought.order.id);
  }

  /** Saves a card through a setup intent; answers the card and the setup intent's id. */
  async saveCard(token: string, number: string = CARDS.visa, setDefault = false): Promise<Card & { setupIntentId: string }> {
    const intent = await this.ok<{ id: string; client_secret: string }>('POST', '/stripe/setup-intent', token, { body: {} });
    const saved = await this.ok<Card>('POST', '/stripe/setup-intent/confirm', token, {
      body: { client_secret: intent.client_secret, card: card(number), set_default: setDefault },
    });
    return { ...saved, setupIntentId: intent.id };
  }

  async transactions(token: string): Promise<Transaction[]> {
    return (await this.ok<List<Transaction>>('GET', '/transactions', token)).data;
  }

  async orders(token: string, query: Record<string, string | number> = {}): Promise<Order[]> {
    return (await this.ok<List<Order>>('GET', '/orders', token, { query })).data;
  }
}
