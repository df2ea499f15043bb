import type { Translate } from '../i18n/i18n';

/**
 * SPEC.md §2: gender values male and female are shown as Men and Women (in the active language). Any other value
 * (participant properties are free-form) is shown as given.
 */
export function genderLabel(gender: string, t: Translate): string {
  if (gender === 'male') return t('gender.male');
  if (gender === 'female') return t('gender.female');
  return gender;
}
