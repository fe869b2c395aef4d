import Paper from '@mui/material/Paper';
import { useTranslation } from 'react-i18next';
import { DashboardPage } from '../../../components/DashboardPage';
import { StatementDownload } from '../../../components/statements/StatementDownload';
import { StatementsIntro } from '../statements/StatementsIntro';

/** /dashboard/statements: the investor's account statement for a chosen period, as PDF or CSV (issue 38). */
export function StatementsPage() {
  const { t } = useTranslation('dashboard');
  return (
    <DashboardPage title={t('Statements')}>
      <StatementsIntro />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }}>
        <StatementDownload />
      </Paper>
    </DashboardPage>
  );
}
