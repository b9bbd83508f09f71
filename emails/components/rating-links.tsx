// The five rating links of the delivery email (decision 063): each opens the rating page with its
// stars chosen, where the customer confirms it and may add a comment. Following a link rates
// nothing, so a mail scanner that opens every link gives no rating.
import { Link } from '@react-email/components';
import type { CSSProperties } from 'react';
import { ratingStars, ratingWords } from '../../src/shared/ratings';
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

/** "5 stars": what each link says. */
export function starsLabel(count: number): string {
  return `${count} ${count === 1 ? 'star' : 'stars'}`;
}

export function RatingLinks({ ratingUrl }: { ratingUrl: string }) {
  return (
    <table role="presentation" cellPadding={0} cellSpacing={0} border={0} style={styles.table}>
      <tbody>
        <tr>
          {ratingStars.map((count) => (
            <td key={count} style={cell}>
              <Link href={`${ratingUrl}&stars=${count}`} style={ratingLink} title={ratingWords[count]}>
                <span aria-hidden="true" data-skip-in-text="true" style={stars}>
                  {'★'.repeat(count)}
                </span>
                {starsLabel(count)}
              </Link>
            </td>
          ))}
        </tr>
      </tbody>
    </table>
  );
}
