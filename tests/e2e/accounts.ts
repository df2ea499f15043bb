/**
 * Accounts for end-to-end tests: fresh addresses and accounts opened through the API, as the registration form
 * would open them, optionally with the channel's first basic pass chosen so the navigation rules let the viewer go
 * anywhere. The worker's tests share one database: every account is new.
 */
import { BOREAL, SUMMIT } from '../server/harness';
import { type ChannelAlias, expect, type Stack } from './fixtures';

const CHANNEL_KEYS: Record<ChannelAlias, string> = { summit: SUMMIT.channelKey, boreal: BOREAL.channelKey };

/** The password fresh accounts are opened with (SPEC §5: at least 8 characters). */
export const PASSWORD = 'Start-pass-123';

let sequence = 0;
/** An address nobody has used on this stack: the worker's tests share one database. */
export function freshEmail(tag: string): string {
  sequence += 1;
  return `${tag}-${Date.now().toString(36)}-${process.pid}-${sequence}@example.com`;
}

function channelId(stack: Stack, channel: ChannelAlias): number {
  const row = stack.api.db.prepare<[string], { id: number }>('SELECT id FROM channels WHERE alias = ?').get(channel);
  if (!row) throw new Error(`no ${channel} channel in the seed`);
  return row.id;
}

export const summitId = (stack: Stack): number => channelId(stack, 'summit');

/** The first basic pass the channel's passes form offers (what a viewer picks to reach most pages, SPEC §6). */
export function firstBasicPass(stack: Stack, channel: ChannelAlias = 'summit'): { value: string; label: string } {
  const row = stack.api.db
    .prepare<[number], { fields: string }>("SELECT fields FROM custom_forms WHERE channel_id = ? AND alias = 'passes'")
    .get(channelId(stack, channel));
  const fields = JSON.parse(row?.fields ?? '[]') as Array<{ name: string; options?: Array<{ value: string; label: string }> }>;
  const option = fields.find((field) => field.name === 'basic_pass')?.options?.[0];
  if (!option) throw new Error('the passes form offers no basic pass');
  return option;
}

export interface Account {
  email: string;
  password: string;
  token: string;
}

/**
 * Opens an account through the API (as the registration form would) and, with `basicPass`, chooses the first basic
 * pass (or the one whose option value it names), so the navigation rules let the viewer go anywhere. With `noAds`, the viewer has ad-free viewing (as the
 * seed's fan has): what plays is the game itself, never a preroll; unlike the fan, the account has no saved places in
 * replays that another test could have left (continue watching).
 */
export async function openAccount(
  stack: Stack,
  options: { tag?: string; basicPass?: boolean | string; channel?: ChannelAlias; noAds?: boolean } = {},
): Promise<Account> {
  const channel = options.channel ?? 'summit';
  const key = await stack.api.apiKey(CHANNEL_KEYS[channel]);
  const email = freshEmail(options.tag ?? 'viewer');
  const registered = await stack.api.call<{ token: string }>('POST', '/v2/auth/register', {
    key,
    body: { first_name: 'Sam', last_name: 'Rivera', email, password: PASSWORD, password_confirmation: PASSWORD, terms: true },
  });
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  const { token } = registered.body;
  if (options.basicPass) {
    const chosen = await stack.api.call('POST', '/custom-forms/passes', {
      key,
      token,
      body: { values: [{ name: 'basic_pass', value: typeof options.basicPass === 'string' ? options.basicPass : firstBasicPass(stack, channel).value }] },
    });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
  }
  if (options.noAds) {
    const user = stack.api.db.prepare<[string], { id: number; capabilities: string }>('SELECT id, capabilities FROM users WHERE email = ?').get(email)!;
    const capabilities = [...(JSON.parse(user.capabilities) as string[]), 'No_Ads'];
    stack.api.db.prepare('UPDATE users SET capabilities = ? WHERE id = ?').run(JSON.stringify(capabilities), user.id);
  }
  return { email, password: PASSWORD, token };
}

