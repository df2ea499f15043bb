/**
 * The nonce of a social sign-in (src/app/logic/social-link.ts makes it, social-nonce.ts takes it) over the app's own storage: kept between the link to
 * the provider and the code's return, given out once, and never made up when this browser started no sign-in.
 */
import { describe, expect, it } from 'vitest';
import { createExpiringStorage, createMemoryBackend, type StorageBackend } from '../../../src/adapters/storage';
import type { ExpiringStorage } from '../../../src/adapters/storage';
import { keepSocialNonce } from '../../../src/app/logic/social-link';
import { takeSocialNonce } from '../../../src/app/logic/social-nonce';

/** Both halves over one storage, as the links and the session use them. */
const createSocialNonce = (storage: ExpiringStorage) => ({ current: () => keepSocialNonce(storage), take: () => takeSocialNonce(storage) });

describe('the social sign-in nonce', () => {
  it('is one 256-bit, URL-safe value while kept, given out once, then a new one', () => {
    const nonce = createSocialNonce(createExpiringStorage(createMemoryBackend()));
    const first = nonce.current();
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(nonce.current()).toBe(first);
    expect(nonce.take()).toBe(first);
    expect(nonce.take()).toBeNull();
    expect(nonce.current()).not.toBe(first);
  });

  it('is the same for every part of the app over the same storage (the links and the session)', () => {
    const storage = createExpiringStorage(createMemoryBackend());
    const link = createSocialNonce(storage).current();
    expect(createSocialNonce(storage).take()).toBe(link);
  });

  it('lapses after a day: a code that comes back later is not traded', () => {
    let now = 0;
    const storage = createExpiringStorage(createMemoryBackend(), () => now);
    const nonce = createSocialNonce(storage);
    nonce.current();
    now += 24 * 60 * 60 * 1000;
    expect(nonce.take()).toBeNull();
  });

  it('without storage that keeps anything (a private window), gives nothing to trade a code with', () => {
    const refusing: StorageBackend = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    const nonce = createSocialNonce(createExpiringStorage(refusing));
    expect(nonce.current()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(nonce.take()).toBeNull();
  });
});
