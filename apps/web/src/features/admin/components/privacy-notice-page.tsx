// /admin/privacy: the privacy notice of the shop this address serves (decision 048). Plain
// paragraphs, a blank line between two; the built-in notice until an admin saves one.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { PRIVACY_NOTICE_MAX, queryKeys, type PrivacyNotice } from '@soko/contract';
import { FormAlert, FormStatus } from '../../../components/form/form-messages';
import { inputClass, primaryButton } from '../../../components/form-styles';
import { LoadFailed, Loading } from '../../../components/load-state';
import { ApiError } from '../../../lib/api-client';
import { dataRightsKeys, savePrivacyNotice, useAdminPrivacyNotice } from '../api/data-rights-api';
import { AdminGuard } from './admin-guard';
import { useAdminT } from '../../../lib/staff-i18n';

export function PrivacyNoticePage() {
  return (
    <AdminGuard>
      <PrivacyNoticeEditor />
    </AdminGuard>
  );
}

function PrivacyNoticeEditor() {
  const t = useAdminT();
  const notice = useAdminPrivacyNotice();
  return (
    <section aria-labelledby="privacy-notice-heading" className="mx-auto max-w-3xl space-y-4">
      <h1 id="privacy-notice-heading" className="text-2xl font-bold text-stone-900">
        {t('admin.privacy.privacyNotice')}
      </h1>
      {notice.isPending ? (
        <Loading>{t('admin.privacy.loadingThePrivacyNotice')}</Loading>
      ) : notice.isError ? (
        <LoadFailed onRetry={notice.refetch}>
          {t('admin.privacy.failedToLoadThePrivacy')}
        </LoadFailed>
      ) : (
        <NoticeForm notice={notice.data} />
      )}
    </section>
  );
}

function NoticeForm({ notice }: { notice: PrivacyNotice }) {
  const t = useAdminT();
  const queryClient = useQueryClient();
  const [text, setText] = useState(notice.text);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  return (
    <form
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        setBusy(true);
        setError(null);
        setStatus(null);
        savePrivacyNotice(text)
          .then((saved) => {
            queryClient.setQueryData(dataRightsKeys.notice(), saved);
            queryClient.setQueryData(queryKeys.privacy(), saved);
            setStatus(t('admin.privacy.saved'));
          })
          .catch((caught: unknown) =>
            setError(
              caught instanceof ApiError
                ? (caught.fields?.text ?? caught.message)
                : t('admin.privacy.saveFailed'),
            ),
          )
          .finally(() => setBusy(false));
      }}
    >
      <p className="text-sm text-stone-700">
        {notice.isDefault
          ? t('admin.privacy.showsTheBuiltInNotice', { shopName: notice.shopName })
          : t('admin.privacy.lastSaved', {
              at: new Date(notice.updatedAt ?? '').toLocaleString('en-KE'),
            })}
        {t('admin.privacy.plainTextLeaveABlank')}
      </p>
      <label className="block font-medium text-stone-800">
        {t('admin.privacy.noticeFor', { shopName: notice.shopName })}
        <textarea
          value={text}
          maxLength={PRIVACY_NOTICE_MAX}
          rows={18}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={error !== null}
          className={inputClass}
        />
      </label>
      <FormAlert>{error}</FormAlert>
      <FormStatus message={status} />
      <button type="submit" disabled={busy} className={primaryButton}>
        {busy ? t('owner.common.saving') : t('admin.privacy.saveNotice')}
      </button>
    </form>
  );
}
