import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** What a statement holds, said once above the download (issue 38). */
export function StatementsIntro() {
  const { t } = useTranslation('dashboard');
  return (
    <Typography variant="body1" color="text.secondary" sx={{ mb: 3, maxWidth: 720 }}>
      {t(
        'A statement lists what each of your balances held when the period opened and closed, and every change in between with its reason and transaction. The PDF is for reading and printing; the CSV opens in a spreadsheet.',
      )}
    </Typography>
  );
}
