import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { AppError } from '../../platform/http/app-error';

/**
 * A phone number as E.164 (+15551234567), read with libphonenumber-js: international numbers
 * as typed, national ones in `defaultCountry`. Anything that is not a valid number fails with
 * SMS_INVALID_NUMBER (or WHATSAPP_INVALID_NUMBER): 'The phone number is not valid.'
 */
export function toE164OrThrow(
  input: string,
  options: { channel?: 'sms' | 'whatsapp'; defaultCountry?: CountryCode } = {},
): string {
  const e164 = toE164(input, options.defaultCountry);
  if (!e164) throw new AppError(options.channel === 'whatsapp' ? 'WHATSAPP_INVALID_NUMBER' : 'SMS_INVALID_NUMBER');
  return e164;
}

/** E.164, or undefined for anything that is not a valid phone number (CSV rows, webhooks). */
export function toE164(input: string, defaultCountry?: CountryCode): string | undefined {
  const cleaned = input.trim().replace(/^whatsapp:/i, '');
  if (!cleaned || cleaned.length > 40) return undefined;
  const parsed = parsePhoneNumberFromString(cleaned, defaultCountry);
  if (!parsed || !parsed.isValid()) return undefined;
  return parsed.number;
}
