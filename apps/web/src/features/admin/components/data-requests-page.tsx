// /admin/data-requests: the log of exports, deletions and unsubscribes (decision 048), newest
// first. A reference is a keyed hash of the person's account: one person's requests share it,
// and it names no one.
import { useState } from 'react';
import type { DataRequestKind } from '@soko/contract';
import { LoadFailed, Loading } from '../../../components/load-state';
import { useDataRequests } from '../api/data-rights-api';
import { AdminGuard } from './admin-guard';
import { PageButtons } from './page-buttons';
import { type AdminKey } from '../../../lib/i18n';
import { useAdminT } from '../../../lib/staff-i18n';

const KINDS: Record<DataRequestKind, AdminKey> = {
  export: 'admin.dataRequests.kind.export',
  deletion: 'admin.dataRequests.kind.deletion',
  unsubscribe: 'admin.dataRequests.kind.unsubscribe',
};

export function DataRequestsPage() {
  return (
    <AdminGuard>
      <DataRequestLog />
    </AdminGuard>
  );
}

function DataRequestLog() {
  const t = useAdminT();
  const [page, setPage] = useState(1);
  const log = useDataRequests(page);
  return (
    <section aria-labelledby="data-requests-heading" className="mx-auto max-w-4xl space-y-4">
      <h1 id="data-requests-heading" className="text-2xl font-bold text-stone-900">
        {t('admin.dataRequests.dataRequests')}
      </h1>
      {log.isPending ? (
        <Loading>{t('admin.dataRequests.loadingTheDataRequests')}</Loading>
      ) : log.isError ? (
        <LoadFailed onRetry={log.refetch}>{t('admin.dataRequests.failedToLoadTheData')}</LoadFailed>
      ) : log.data.requests.length === 0 ? (
        <p className="text-stone-600">{t('admin.dataRequests.noDataRequestsYet')}</p>
      ) : (
        <>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead>
                <tr className="border-b border-stone-200">
                  <th scope="col" className="py-2 pr-4">
                    {t('admin.dataRequests.when')}
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    {t('admin.dataRequests.kind')}
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    {t('admin.dataRequests.reference')}
                  </th>
                  <th scope="col" className="py-2">
                    {t('admin.dataRequests.detail')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {log.data.requests.map((request) => (
                  <tr key={request._id} className="border-b border-stone-100">
                    <td className="py-2 pr-4 whitespace-nowrap">
                      {new Date(request.at).toLocaleString('en-KE')}
                    </td>
                    <td className="py-2 pr-4">{t(KINDS[request.kind])}</td>
                    <td className="py-2 pr-4 font-mono">{request.reference}</td>
                    <td className="py-2">{request.detail}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <PageButtons
            page={page}
            pageCount={Math.ceil(log.data.total / log.data.pageSize)}
            onPageChange={setPage}
            label={t('admin.dataRequests.dataRequestPages')}
          />
        </>
      )}
    </section>
  );
}
