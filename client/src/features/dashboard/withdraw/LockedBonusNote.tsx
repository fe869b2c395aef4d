import Alert from '@mui/material/Alert';
import { lockedBonusLine } from '../components/lockedBonus';
import { useWording } from '../components/wording';

/**
 * Says why the signup bonus inside the balance can't be withdrawn yet (it unlocks with the first
 * confirmed deposit), so the lower Available figure never looks like a mistake. Nothing otherwise.
 */
export function LockedBonusNote({ lockedBonus }: { lockedBonus: string }) {
  const line = lockedBonusLine(lockedBonus, useWording());
  if (!line) return null;
  return (
    <Alert severity="info" variant="outlined" role="note">
      {line}
    </Alert>
  );
}
