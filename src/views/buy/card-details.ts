/** The reference processor's card form, read into the card's details. Pure. */
import type { CardDetails } from '../../../machines/card-entry/card-entry.types';

/** "MM/YY", "MM / YYYY" or "MMYY", as people type an expiry. */
const EXPIRY = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/;

/**
 * The details as typed: the number without its spaces or dashes, the expiry split into month and four-digit year
 * (0 when it cannot be read, which the processor refuses with its own words), the CVC trimmed.
 */
export function cardDetailsOf(number: string, expiry: string, cvc: string): CardDetails {
  const match = EXPIRY.exec(expiry);
  const month = match?.[1] ?? '0';
  const year = match?.[2] ?? '0';
  return {
    number: number.replace(/[\s-]/g, ''),
    exp_month: Number(month),
    exp_year: year.length === 2 ? 2000 + Number(year) : Number(year),
    cvc: cvc.trim(),
  };
}
