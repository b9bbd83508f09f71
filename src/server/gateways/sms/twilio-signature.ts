// Twilio's request signature (X-Twilio-Signature) on its webhooks to us, e.g. an inbound text:
// base64(HMAC-SHA1(authToken, fullUrl + each POST param's name and value, sorted by name)).
// The URL is the one Twilio called, query string included, exactly as configured at Twilio.
import { createHmac, timingSafeEqual } from 'node:crypto';

export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  let data = url;
  for (const name of Object.keys(params).sort()) data += name + params[name];
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

/**
 * True when the header is Twilio's signature of this URL and these params. Twilio's own helper
 * libraries also accept the URL with the scheme's default port added or removed (Twilio has signed
 * both forms), so this does too. A missing or empty header is false.
 */
export function verifyTwilioSignature(
  authToken: string,
  url: string,
  params: Record<string, string>,
  signatureHeader: string | undefined,
): boolean {
  if (!signatureHeader) return false;
  const given = Buffer.from(signatureHeader, 'utf8');
  let ok = false;
  for (const candidate of urlVariants(url)) {
    const expected = Buffer.from(twilioSignature(authToken, candidate, params), 'utf8');
    // Every candidate is checked (no early return), each comparison in constant time.
    if (given.length === expected.length && timingSafeEqual(given, expected)) ok = true;
  }
  return ok;
}

function urlVariants(url: string): string[] {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return [url];
  }
  const defaultPort = parsed.protocol === 'https:' ? '443' : parsed.protocol === 'http:' ? '80' : null;
  if (!defaultPort) return [url];
  // WHATWG URL drops a default port, so rebuild the two spellings around the authority by hand.
  const match = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#]*)(.*)$/is.exec(url);
  if (!match) return [url];
  const [, scheme = '', authority = '', rest = ''] = match;
  const withoutPort = authority.replace(new RegExp(`:${defaultPort}$`), '');
  const hasOtherPort = /:\d+$/.test(withoutPort) && !withoutPort.endsWith(']');
  if (hasOtherPort) return [url];
  const variants = [url, `${scheme}${withoutPort}${rest}`, `${scheme}${withoutPort}:${defaultPort}${rest}`];
  return [...new Set(variants)];
}
