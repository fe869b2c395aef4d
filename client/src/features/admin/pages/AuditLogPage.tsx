import { useAdminAuditLogQuery } from '../../../generated/hooks';
import { DashboardPage } from '../../../components/DashboardPage';
import { PagedTable, pagedQueryProps } from '../../../components/paged';
import { AuditFilters, type AuditFilterValues } from '../audit/AuditFilters';
import { AUDIT_COLUMNS } from '../audit/auditColumns';
import { dayEnd, dayStart, rangeProblem } from '../audit/auditRange';
import { useAdminWords } from '../components/adminWords';
import { translatedColumns } from '../components/translatedColumns';
import { isoDate, useUrlFilters, type UrlFilterSpec } from '../components/useUrlFilters';

/** How the audit log's filters live in the URL: `?q=ada&action=user.admin_updated&from=…&to=…`. */
const FILTERS: UrlFilterSpec<AuditFilterValues> = {
  action: { parse: (raw) => (/^[a-z_.]{1,64}$/.test(raw) ? raw : undefined) },
  from: { parse: isoDate },
  to: { parse: isoDate },
};

/**
 * /admin/audit (issue 38 "Audit log page"): who did what, newest first — the actor, the action in
 * words, the record it touched (a link to its drawer) and the details — filtered by actor, action
 * and days, paged by cursor like every admin list; the filters live in the URL.
 */
export function AuditLogPage() {
  const { t } = useAdminWords();
  const paging = useUrlFilters<never, AuditFilterValues>({ filters: FILTERS, sortKeys: [] });
  const { search, from, to, ...rest } = paging.variables as typeof paging.variables & Partial<AuditFilterValues>;
  const rangeError = rangeProblem(from, to);
  const query = useAdminAuditLogQuery({
    variables: {
      ...rest,
      ...(search ? { actor: search } : {}),
      ...(from ? { from: dayStart(from) } : {}),
      ...(to ? { to: dayEnd(to) } : {}),
    },
    skip: Boolean(rangeError),
    notifyOnNetworkStatusChange: true,
  });
  return (
    <DashboardPage title={t('Audit log')}>
      <AuditFilters paging={paging} rangeError={rangeError} />
      <PagedTable
        label={t('Audit log')}
        numbered={false}
        columns={translatedColumns(AUDIT_COLUMNS, t)}
        {...pagedQueryProps(query, (query.data ?? query.previousData)?.auditLog, paging)}
        minWidth={760}
        phoneCards
        emptyText={t('Nothing matches these filters.')}
      />
    </DashboardPage>
  );
}
