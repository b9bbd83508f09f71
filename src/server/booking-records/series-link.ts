// A recurring pick-up's own page (decision 024): signed with the server's secret and tied to one
// series, the customer's secret like the cancel link (in the series' emails and reminders).
import { signedToken, verifySignedToken } from '../signed-token';

export function seriesManageUrl(publicUrl: string, secret: string, seriesId: string): string {
  return `${publicUrl}/series?id=${seriesId}&token=${signedToken(secret, 'series', seriesId)}`;
}

export function verifySeriesToken(secret: string, seriesId: string, token: string | undefined): boolean {
  return verifySignedToken(secret, 'series', seriesId, token);
}
