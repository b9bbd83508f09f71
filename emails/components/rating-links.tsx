// The five rating links of the delivery email. There is no rating page: each link is a mailto: to
// the business whose subject carries the rating, so sending that mail is the rating. In the plain
// text version each link becomes a line with the address and subject to write (see
// mailtoSubjectText in ../render.ts, picked by data-text-format="mailto-subject").
import { Link } from '@react-email/components';
import type { CSSProperties } from 'react';
import { ratingMailto, ratingStars } from '../format';
import { brand, styles } from './styles';

const cell: CSSProperties = { padding: '4px 4px 4px 0', verticalAlign: 'top' };
const ratingLink: CSSProperties = {
  display: 'inline-block',
  border: `1px solid ${brand}`,
  borderRadius: '6px',
  padding: '8px 10px',
  color: brand,
  fontSize: '14px',
  lineHeight: '20px',
  fontWeight: 600,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
};
const stars: CSSProperties = { display: 'block', color: '#f59e0b', fontSize: '12px', lineHeight: '16px', letterSpacing: '1px' };

export function RatingLinks({ confirmation }: { confirmation: string }) {
  return (
    <table role="presentation" cellPadding={0} cellSpacing={0} border={0} style={styles.table}>
      <tbody>
        <tr>
          {ratingStars.map((count) => {
            const rating = ratingMailto(confirmation, count);
            return (
              <td key={count} style={cell}>
                <Link href={rating.href} style={ratingLink} data-text-format="mailto-subject">
                  <span aria-hidden="true" data-skip-in-text="true" style={stars}>
                    {'★'.repeat(count)}
                  </span>
                  {rating.label}
                </Link>
              </td>
            );
          })}
        </tr>
      </tbody>
    </table>
  );
}
