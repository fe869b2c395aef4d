import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useFormat } from '../../../app/i18n/useFormat';

/** Props of MoneyCard. */
export interface MoneyCardProps {
  /** The card's heading, already in the reader's language. */
  label: string;
  /** Decimal string from the API (Money scalar); shown in dollars and cents ("$33,000.50"). */
  amount: string | null | undefined;
  icon?: ReactNode;
  /** Optional link under the amount, e.g. 'invest now'. */
  link?: { label: string; to: string };
  /** Heading level of the label, so headings stay in order (default h2). */
  headingLevel?: 'h2' | 'h3';
  /** A small caption under the amount, e.g. what part of it is a locked bonus. */
  note?: string;
}

/** One summary card (Balance, Investment, Profit, a coin balance...): label, amount, optional link. */
export function MoneyCard({ label, amount, icon, link, headingLevel = 'h2', note }: MoneyCardProps) {
  const { money } = useFormat();
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
        {icon && (
          <Typography component="span" color="secondary" sx={{ display: 'flex', mt: 0.5 }} aria-hidden>
            {icon}
          </Typography>
        )}
        <div>
          <Typography variant="body2" color="text.secondary" component={headingLevel}>
            {label}
          </Typography>
          <Typography variant="h6" component="p" sx={{ fontWeight: 700, wordBreak: 'break-all' }}>
            {money(amount, { maxDecimals: 2 })}
          </Typography>
          {note && (
            <Typography variant="caption" color="text.secondary" component="p">
              {note}
            </Typography>
          )}
          {link && (
            <Link component={RouterLink} to={link.to} variant="body2" underline="always">
              {link.label}
            </Link>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
