// @vitest-environment jsdom
/**
 * The loader shown before i18next has loaded keeps its own one-line table (it is in the initial bundle, the locales
 * are not): it must say exactly what the locales say for shell.loading.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BootLoader } from '../../../src/app/BootLoader';
import { loadLocale } from '../../../src/i18n/i18n';
import { SUPPORTED_LANGUAGES } from '../../../machines/language/languages';

afterEach(cleanup);

describe('BootLoader', () => {
  it.each(SUPPORTED_LANGUAGES.map((l) => l.code))('says the locale’s shell.loading in %s', async (language) => {
    const messages = await loadLocale(language);
    render(<BootLoader language={`${language}-XX`} />);
    expect(screen.getByRole('status').textContent).toBe(messages.shell.loading);
    expect(screen.getByText(messages.shell.loading).getAttribute('lang')).toBe(language);
  });

  it('falls back to English for a language the app does not offer', async () => {
    render(<BootLoader language="zh-TW" />);
    expect(screen.getByRole('status').textContent).toBe((await loadLocale('en')).shell.loading);
  });
});
