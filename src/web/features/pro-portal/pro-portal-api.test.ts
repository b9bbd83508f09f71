import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../lib/api';
import { proAccess, statementHref } from './pro-portal-api';

describe('proAccess', () => {
  const refused = (status: number, code: string) => new ApiRequestError(status, { code, message: 'x' });

  it('reads 401 as signed out and 403 as refused (a staff member, a disabled pro)', () => {
    expect(proAccess(refused(401, 'not_authenticated'))).toBe('signed-out');
    expect(proAccess(refused(403, 'pro_access_only'))).toBe('refused');
    expect(proAccess(refused(403, 'pro_access_disabled'))).toBe('refused');
  });

  it('leaves other failures to the load-failure state', () => {
    expect(proAccess(refused(500, 'internal'))).toBeNull();
    expect(proAccess(refused(0, 'network'))).toBeNull();
    expect(proAccess(new Error('boom'))).toBeNull();
    expect(proAccess(null)).toBeNull();
  });
});

describe('statementHref', () => {
  it('is the statement endpoint with the year', () => expect(statementHref(2026)).toBe('/api/pro/statement?year=2026'));
});
