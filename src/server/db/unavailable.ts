// Whether an error means the database cannot be reached or did not answer in time (decision 061):
// the request is then answered 503 with "try again", not 500, since nothing the client sent is at fault.

/** Network errors, and PostgreSQL's connection and shutdown classes (08, 57P0x), too many connections, a statement cancelled by its timeout. */
const unavailableCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE', '08000', '08001', '08003', '08004', '08006', '53300', '57014', '57P01', '57P02', '57P03']);

/** node-postgres's own words for a connection that timed out or ended. */
const unavailableMessages = /timeout exceeded when trying to connect|Query read timeout|Connection terminated|Client has encountered a connection error/i;

export function isDatabaseUnavailable(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && unavailableCodes.has(code)) return true;
    if (e instanceof Error && unavailableMessages.test(e.message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
