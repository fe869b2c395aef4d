import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import RadioButtonCheckedIcon from '@mui/icons-material/RadioButtonChecked';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useWording } from '../components/wording';
import { Countdown } from './Countdown';
import {
  describeEvent,
  isAwaitingSettlement,
  nextStep,
  type StepTone,
  type TimelineStep,
  type TimelineTransaction,
} from './timelineWording';

/** Icon and colour of each tone (colour is never the only signal: the title says it too). */
const TONES: Record<StepTone, { icon: ReactNode; color: string }> = {
  neutral: { icon: <RadioButtonCheckedIcon fontSize="small" />, color: 'info.main' },
  success: { icon: <CheckCircleIcon fontSize="small" />, color: 'success.main' },
  error: { icon: <CancelIcon fontSize="small" />, color: 'error.main' },
  warning: { icon: <WarningAmberIcon fontSize="small" />, color: 'warning.main' },
  pending: { icon: <HourglassTopIcon fontSize="small" />, color: 'text.secondary' },
  done: { icon: <CheckCircleOutlineIcon fontSize="small" />, color: 'text.secondary' },
};

/** Where the transaction is now: a recorded step neither done nor an outcome (waiting, under review, term ended). */
const isCurrent = (step: TimelineStep, at: string | undefined) =>
  Boolean(at) && (step.tone === 'neutral' || step.tone === 'pending');

/**
 * One step: icon on the rail, title, when, its sentences and an optional extra (a countdown). The
 * step the transaction is at is marked aria-current="step", since the icons are hidden from
 * screen readers; `data-tone` names the icon shown.
 */
function Step({ step, at, last, extra }: { step: TimelineStep; at?: string; last: boolean; extra?: ReactNode }) {
  const { t } = useTranslation('dashboard');
  const { stamp } = useWording();
  const tone = TONES[step.tone];
  return (
    <Box
      component="li"
      data-tone={step.tone}
      aria-current={isCurrent(step, at) ? 'step' : undefined}
      sx={{ display: 'flex', gap: 2 }}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }} aria-hidden>
        <Box sx={{ color: tone.color, display: 'flex', pt: 0.25 }}>{tone.icon}</Box>
        {!last && <Box sx={{ flexGrow: 1, width: 2, bgcolor: 'divider', my: 0.5 }} />}
      </Box>
      <Box sx={{ pb: last ? 0 : 3, minWidth: 0 }}>
        <Typography component="h3" variant="subtitle2" sx={{ fontWeight: 700 }}>
          {step.title}
        </Typography>
        {at ? (
          <Typography variant="caption" color="text.secondary" component="time" dateTime={at}>
            {stamp(at)}
          </Typography>
        ) : (
          <Typography variant="caption" color="text.secondary" component="p">
            {t('Still to come')}
          </Typography>
        )}
        {step.lines.map((line) => (
          <Typography key={line} variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
            {line}
          </Typography>
        ))}
        {step.link && (
          <Link
            href={step.link.href}
            target="_blank"
            rel="noopener noreferrer"
            variant="body2"
            sx={{ display: 'inline-block', mt: 0.5 }}
          >
            {step.link.label}
          </Link>
        )}
        {extra}
      </Box>
    </Box>
  );
}

/**
 * A transaction's life, oldest step first (issue 12): each recorded event in the investor's words,
 * a live countdown on the confirmation while the plan runs, and the payout still to come.
 */
export function TransactionTimeline({ transaction }: { transaction: TimelineTransaction }) {
  const { t } = useTranslation('dashboard');
  const wording = useWording();
  const { events } = transaction;
  // The countdown runs until the server says the term ended (due, held or settled).
  const running = isAwaitingSettlement(transaction) && !transaction.settlementState;
  const lastConfirmed = events.map((e) => e.kind).lastIndexOf('CONFIRMED');
  const upcoming = nextStep(transaction, wording);
  return (
    <Box component="ol" aria-label={t('Timeline')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {events.map((event, index) => (
        <Step
          key={event.id}
          step={describeEvent(event, transaction, { passed: index < events.length - 1 }, wording)}
          at={event.at}
          last={index === events.length - 1 && !upcoming}
          extra={
            running && index === lastConfirmed && transaction.maturesAt ? (
              <Chip
                size="small"
                variant="outlined"
                color="secondary"
                sx={{ mt: 1 }}
                label={<Countdown to={transaction.maturesAt} done={t('Term ended: paying out')} />}
              />
            ) : undefined
          }
        />
      ))}
      {upcoming && <Step step={upcoming} last />}
    </Box>
  );
}
