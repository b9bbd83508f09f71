// The keywords a customer may text back (spec: customer-site 4, SMS consent). Opt-out, opt-in and help follow the
// carriers' (CTIA) keywords as Twilio applies them: only a message that is the keyword alone counts,
// so "stop please" is an ordinary message (Twilio does not block on it either). SKIP is ours: skip
// the next pick-up.

export type InboundKeyword = 'stop' | 'start' | 'skip' | 'help';

const keywords: Record<string, InboundKeyword> = {
  STOP: 'stop',
  STOPALL: 'stop',
  UNSUBSCRIBE: 'stop',
  CANCEL: 'stop',
  END: 'stop',
  QUIT: 'stop',
  START: 'start',
  YES: 'start',
  UNSTOP: 'start',
  SKIP: 'skip',
  HELP: 'help',
  INFO: 'help',
};

/** The keyword this message is, ignoring case and surrounding spaces, punctuation and emoji; null
 *  when the message is anything more than one keyword. */
export function parseInboundKeyword(body: string): InboundKeyword | null {
  const word = body
    .normalize('NFKC')
    .replace(/^[\s\p{P}\p{S}]+|[\s\p{P}\p{S}]+$/gu, '')
    .toUpperCase();
  return Object.hasOwn(keywords, word) ? (keywords[word] ?? null) : null;
}
