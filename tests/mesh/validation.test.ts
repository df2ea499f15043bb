/** SPEC §5 validation rules (mesh/validation.ts), and their limits against the REST contract's schemas. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  clipFitsEndTime,
  clipMessages,
  EMAIL_PATTERN,
  emailMessage,
  fieldTooLong,
  fieldTooShort,
  isEmail,
  isLoginText,
  isPhone,
  LIMITS,
  loginMessages,
  normalizedClip,
  NUMERIC_LOGIN_PATTERN,
  passwordMessages,
  PHONE_PATTERN,
  phoneMessage,
  profileMessages,
  registrationMessages,
  toFieldErrors,
  VALIDATION_MESSAGES as M,
} from '../../mesh/validation';

describe('email and login-like text (SPEC §5)', () => {
  it('accepts a local part, @ and a domain with a suffix of 2 or more letters, or an IP literal', () => {
    for (const ok of ['fan@summit.test', 'first.last+tag@mail.example.co', "o'brien@x.io", 'admin@[192.168.0.1]']) {
      expect(isEmail(ok), ok).toBe(true);
    }
    for (const bad of ['', 'fan', 'fan@', '@summit.test', 'fan@summit', 'fan@summit.t', 'fan@summit.123', 'fan @summit.test', 'a@[300.1.1.1]']) {
      expect(isEmail(bad), bad).toBe(false);
    }
    expect(isEmail(`${'a'.repeat(250)}@x.io`)).toBe(false);
  });

  it('takes a numeric login (digits and brackets) where a login is asked for, not where an email is', () => {
    expect(isLoginText('12345')).toBe(true);
    expect(isLoginText('1234[56]')).toBe(true);
    expect(isLoginText('fan@summit.test')).toBe(true);
    expect(isLoginText('[]')).toBe(false);
    expect(isLoginText('12a45')).toBe(false);
    expect(isEmail('12345')).toBe(false);
    expect(NUMERIC_LOGIN_PATTERN.test('(12)')).toBe(false);
  });

  it('says "Enter your Email" for an empty field and "A valid email address is required" otherwise', () => {
    expect(emailMessage('  ')).toBe(M.emailRequired);
    expect(emailMessage('fan@summit')).toBe(M.emailInvalid);
    expect(emailMessage(' fan@summit.test ')).toBeUndefined();
  });
});

describe('phone (SPEC §5)', () => {
  it('takes an optional plus, then 10 to 14 digits with separators', () => {
    for (const ok of ['0123456789', '+33 6 12 34 56 78', '(555) 123-4567', '+1.555.123.4567', '12345678901234']) expect(isPhone(ok), ok).toBe(true);
    for (const bad of ['123456789', '123456789012345', '+33 6 12 34 56 7x', '1+234567890', '']) expect(isPhone(bad), bad).toBe(false);
  });

  it('is optional, and counts the digits in its messages', () => {
    expect(phoneMessage(null)).toBeUndefined();
    expect(phoneMessage('')).toBeUndefined();
    expect(phoneMessage('+33 6 12 34 56 78')).toBeUndefined();
    expect(phoneMessage('12 34')).toEqual({ key: 'validation.fieldTooShort', params: { number: 9 } });
    expect(phoneMessage('1234567890123456')).toEqual({ key: 'validation.fieldTooLong', params: { number: 15 } });
    expect(phoneMessage('call me')).toBe(M.fieldRequired);
  });
});

describe('passwords (SPEC §5)', () => {
  it('needs 8 characters and a matching confirmation', () => {
    expect(passwordMessages({ password: 'short', password_confirmation: 'short' })).toEqual({ password: M.passwordTooShort });
    expect(passwordMessages({ password: 'Password123!', password_confirmation: 'Password123' })).toEqual({
      password_confirmation: M.passwordsDontMatch,
    });
    expect(passwordMessages({ password: 'p'.repeat(201), password_confirmation: 'p'.repeat(201) })).toEqual({ password: fieldTooLong(200) });
    expect(passwordMessages({ password: 'Password123!', password_confirmation: 'Password123!' })).toEqual({});
  });

  it('lets the profile edit leave the new password empty, but not a confirmation alone', () => {
    expect(passwordMessages({}, { optional: true })).toEqual({});
    expect(passwordMessages({ password: null, password_confirmation: '' }, { optional: true })).toEqual({});
    expect(passwordMessages({ password_confirmation: 'Password123!' }, { optional: true })).toEqual({ password_confirmation: M.passwordsDontMatch });
    expect(passwordMessages({ password: 'short', password_confirmation: 'short' }, { optional: true })).toEqual({ password: M.passwordTooShort });
    expect(passwordMessages({})).toEqual({ password: M.passwordTooShort });
  });
});

describe('forms', () => {
  it('profile edit: names required, phone optional, the new password optional unless a temporary one must go', () => {
    const fields = { first_name: 'Fan', last_name: 'Summit', phone: '', password: '', password_confirmation: '' };
    expect(profileMessages(fields)).toEqual({});
    expect(profileMessages(fields, { passwordRequired: true })).toEqual({ password: M.passwordTooShort });
    expect(profileMessages({ ...fields, first_name: ' ', phone: '12', password: 'Longenough1', password_confirmation: 'other' })).toEqual({
      first_name: M.firstNameRequired,
      phone: fieldTooShort(LIMITS.phoneMinDigits),
      password_confirmation: M.passwordsDontMatch,
    });
  });

  const registration = {
    first_name: 'New',
    last_name: 'Viewer',
    email: 'new@summit.test',
    password: 'Password123!',
    password_confirmation: 'Password123!',
    terms: true,
  };

  it('checks a registration: names, email, password rules, phone and terms, with SPEC\'s words', () => {
    expect(registrationMessages(registration)).toEqual({});
    expect(registrationMessages({ ...registration, phone: '+33 6 12 34 56 78' })).toEqual({});
    expect(
      registrationMessages({ first_name: ' ', last_name: '', email: '', password: 'short', password_confirmation: 'other', phone: '12', terms: false }),
    ).toEqual({
      first_name: M.firstNameRequired,
      last_name: M.lastNameRequired,
      email: M.emailRequired,
      phone: fieldTooShort(10),
      password: M.passwordTooShort,
      password_confirmation: M.passwordsDontMatch,
      terms: M.acceptTerms,
    });
    expect(registrationMessages({ ...registration, first_name: 'n'.repeat(101) })).toEqual({ first_name: fieldTooLong(100) });
    // The API's body carries no terms box: only a form that has one is checked for it.
    expect(registrationMessages({ ...registration, terms: undefined })).toEqual({});
  });

  it('checks a login: a login-like text and a password', () => {
    expect(loginMessages({ email: '1234[56]', password: 'x' })).toEqual({});
    expect(loginMessages({ email: 'fan', password: '' })).toEqual({ email: M.emailInvalid, password: M.fieldRequired });
  });

  it("turns messages into the API's error envelope", () => {
    expect(toFieldErrors({ email: M.emailInvalid, password: undefined })).toEqual({ email: [M.emailInvalid] });
  });
});

describe('clips (SPEC §5)', () => {
  const clip = { name: 'Goal', start_time: 30, duration: 15, tags: ['DEFAULT'] };

  it('needs a name and a tag, and a duration within what the end time allows', () => {
    expect(clipMessages(clip, 600)).toEqual({});
    expect(clipMessages({ ...clip, start_time: 585 }, 600)).toEqual({});
    expect(clipMessages({ name: '  ', start_time: 590, duration: 20, tags: [' '] }, 600)).toEqual({
      name: M.fillInput,
      tags: M.selectTag,
      duration: M.clipTooLong,
    });
    expect(clipMessages({ ...clip, start_time: -1, duration: 0.5 }, 600)).toEqual({ start_time: M.fieldRequired, duration: M.fieldRequired });
  });

  it('lets a clip end exactly at the end time, and not a second later', () => {
    expect(clipFitsEndTime(585, 15, 600)).toBe(true);
    expect(clipFitsEndTime(586, 15, 600)).toBe(false);
  });

  it('keeps names and tags within the contract', () => {
    expect(clipMessages({ ...clip, name: 'n'.repeat(121), tags: ['t'.repeat(41)] }, 600)).toEqual({
      name: { key: 'validation.fieldTooLong', params: { number: 121 } },
      tags: { key: 'validation.fieldTooLong', params: { number: 41 } },
    });
    const many = Array.from({ length: 21 }, (_, i) => `tag${i}`);
    expect(clipMessages({ ...clip, tags: many }, 600)).toEqual({ tags: fieldTooLong(20) });
  });

  it('trims the name and the tags, and drops blank and repeated tags', () => {
    expect(normalizedClip({ ...clip, name: ' Goal ', tags: [' A', 'A', '', 'B '] })).toEqual({ ...clip, tags: ['A', 'B'] });
  });
});

describe('the REST contract states the same limits (mesh/openapi.yaml)', () => {
  type Schema = { pattern?: string; minLength?: number; maxLength?: number; maxItems?: number; properties?: Record<string, Schema> };
  const contract = parse(readFileSync(new URL('../../mesh/openapi.yaml', import.meta.url), 'utf8')) as {
    components: { schemas: Record<string, Schema> };
  };
  const schemas = contract.components.schemas;
  const schema = (name: string): Schema => {
    const found = schemas[name];
    if (!found) throw new Error(`no schema ${name} in the contract`);
    return found;
  };

  it('for phones, passwords, names and emails', () => {
    expect(schema('PhoneNumber').pattern).toBe(PHONE_PATTERN.source);
    expect(schema('NewPassword')).toMatchObject({ minLength: LIMITS.passwordMinLength, maxLength: LIMITS.passwordMaxLength });
    expect(schema('PersonName').maxLength).toBe(LIMITS.nameMaxLength);
    expect(schema('RegisterRequest').properties?.['email']?.maxLength).toBe(LIMITS.emailMaxLength);
    expect(EMAIL_PATTERN.test('fan@summit.test')).toBe(true);
  });

  it('for clips', () => {
    expect(schema('ClipName').maxLength).toBe(LIMITS.clipNameMaxLength);
    expect(schema('ClipTag').maxLength).toBe(LIMITS.clipTagMaxLength);
    expect(schema('ClipCreateRequest').properties?.['tags']?.maxItems).toBe(LIMITS.clipMaxTags);
  });
});
