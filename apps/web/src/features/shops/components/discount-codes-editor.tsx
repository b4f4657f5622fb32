// The discount codes screen's body (issue 32, decision 038), for an owner's shop
// (/shops/:shopId/codes) and for admins (/admin/codes: the marketplace's codes, and every
// shop's). A code's terms are checked by the contract's schema here and again by the server,
// whose field errors land on the fields they name.
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  discountCodeInputSchema,
  formatKsh,
  type DiscountCodeInput,
  type DiscountCodeView,
} from '@soko/contract';
import { Field } from '../../../components/form/field';
import { FormAlert, FormStatus } from '../../../components/form/form-messages';
import { focusRing, primaryButton, secondaryButton } from '../../../components/form-styles';
import { LoadFailed, Loading } from '../../../components/load-state';
import { ApiError } from '../../../lib/api-client';
import {
  deleteDiscountCode,
  discountCodeKeys,
  saveDiscountCode,
  useDiscountCodes,
  type CodesOwner,
} from '../api/discount-codes';
import { type OwnerKey, type Translate } from '../../../lib/i18n';
import { useOwnerT } from '../../../lib/staff-i18n';

/** The form as typed: every field a string, dates in the browser's local time. */
type CodeForm = {
  code: string;
  kind: 'percent' | 'fixed';
  value: string;
  minOrder: string;
  startsAt: string;
  endsAt: string;
  usageLimit: string;
  perShopperLimit: string;
  active: boolean;
};

const EMPTY_FORM: CodeForm = {
  code: '',
  kind: 'percent',
  value: '',
  minOrder: '',
  startsAt: '',
  endsAt: '',
  usageLimit: '',
  perShopperLimit: '',
  active: true,
};

const pad = (n: number) => String(n).padStart(2, '0');
/** An instant as a datetime-local input shows it (the browser's time zone). */
function localInput(iso: string | null): string {
  if (!iso) return '';
  const at = new Date(iso);
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}
const instant = (local: string) => (local ? new Date(local).toISOString() : null);
const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

const formOf = (code: DiscountCodeView): CodeForm => ({
  code: code.code,
  kind: code.kind,
  value: String(code.value),
  minOrder: code.minOrder ? String(code.minOrder) : '',
  startsAt: localInput(code.startsAt),
  endsAt: localInput(code.endsAt),
  usageLimit: code.usageLimit === null ? '' : String(code.usageLimit),
  perShopperLimit: code.perShopperLimit === null ? '' : String(code.perShopperLimit),
  active: code.active,
});

const inputOf = (form: CodeForm): DiscountCodeInput => ({
  code: form.code,
  kind: form.kind,
  value: Number(form.value),
  minOrder: numberOrNull(form.minOrder) ?? 0,
  startsAt: instant(form.startsAt),
  endsAt: instant(form.endsAt),
  usageLimit: numberOrNull(form.usageLimit),
  perShopperLimit: numberOrNull(form.perShopperLimit),
  active: form.active,
});

const when = new Intl.DateTimeFormat('en-KE', { dateStyle: 'medium', timeStyle: 'short' });

/** What a code takes off, in a shopper's words. */
export function codeOffer(
  code: Pick<DiscountCodeView, 'kind' | 'value' | 'minOrder'>,
  t: Translate<OwnerKey>,
): string {
  const off =
    code.kind === 'percent'
      ? t('owner.codes.percentOffValue', { value: code.value })
      : t('owner.codes.kshOffValue', { amount: formatKsh(code.value) });
  return code.minOrder > 0
    ? t('owner.codes.offFrom', { off, minOrder: formatKsh(code.minOrder) })
    : off;
}

/** Whether a code applies now: paused, not yet started, ended or used up say why not. */
export function codeState(
  code: DiscountCodeView,
  t: Translate<OwnerKey>,
  now = Date.now(),
): string {
  if (!code.active) return t('owner.codes.state.paused');
  if (code.startsAt && Date.parse(code.startsAt) > now) {
    return t('owner.codes.state.starts', { at: when.format(new Date(code.startsAt)) });
  }
  if (code.endsAt && Date.parse(code.endsAt) <= now) return t('owner.codes.state.ended');
  if (code.usageLimit !== null && code.usedCount >= code.usageLimit) {
    return t('owner.codes.state.usedUp');
  }
  return code.endsAt
    ? t('owner.codes.state.activeUntil', { at: when.format(new Date(code.endsAt)) })
    : t('owner.codes.state.active');
}

export function DiscountCodesEditor({ owner }: { owner: CodesOwner }) {
  const t = useOwnerT();
  const codes = useDiscountCodes(owner);
  const [editing, setEditing] = useState<DiscountCodeView | 'new' | null>(null);
  const [status, setStatus] = useState<string | null>(null);

  return (
    <div className="space-y-4">
      <p className="text-sm text-stone-600">
        {owner.shopId === null
          ? t('owner.codes.marketplaceCodesTakeOffThe')
          : t('owner.codes.yourCodesTakeOffYour')}
      </p>
      <FormStatus message={status} />
      {editing === null ? (
        <button
          type="button"
          className={primaryButton}
          onClick={() => {
            setStatus(null);
            setEditing('new');
          }}
        >
          {t('owner.codes.newCode')}
        </button>
      ) : (
        <CodeFormPanel
          owner={owner}
          code={editing === 'new' ? null : editing}
          onDone={(message) => {
            setEditing(null);
            setStatus(message);
          }}
        />
      )}
      {codes.isPending ? (
        <Loading>{t('owner.codes.loadingTheDiscountCodes')}</Loading>
      ) : codes.isError ? (
        <LoadFailed onRetry={codes.refetch}>{t('owner.codes.failedToLoadTheDiscount')}</LoadFailed>
      ) : codes.data.codes.length === 0 ? (
        <p className="rounded-md bg-stone-100 p-3 text-sm text-stone-700">
          {t('owner.codes.noDiscountCodesYet')}
        </p>
      ) : (
        <CodesTable
          owner={owner}
          codes={codes.data.codes}
          onEdit={(code) => {
            setStatus(null);
            setEditing(code);
          }}
          onStatus={setStatus}
        />
      )}
    </div>
  );
}

function CodesTable({
  owner,
  codes,
  onEdit,
  onStatus,
}: {
  owner: CodesOwner;
  codes: readonly DiscountCodeView[];
  onEdit: (code: DiscountCodeView) => void;
  onStatus: (message: string) => void;
}) {
  const t = useOwnerT();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: discountCodeKeys.list(owner) });

  const act = async (code: DiscountCodeView, run: () => Promise<unknown>, done: string) => {
    setBusy(code.id);
    try {
      await run();
      onStatus(done);
    } catch (caught) {
      onStatus(caught instanceof ApiError ? caught.message : t('owner.codes.saveFailed'));
    } finally {
      setBusy(null);
      await refresh();
    }
  };

  return (
    <div className="overflow-x-auto rounded-lg border border-stone-200">
      <table className="min-w-full divide-y divide-stone-200 text-sm">
        <caption className="sr-only">{t('owner.codes.discountCodes')}</caption>
        <thead className="bg-stone-50 text-left">
          <tr>
            <th scope="col" className="p-2">
              {t('owner.codes.code')}
            </th>
            <th scope="col" className="p-2">
              {t('owner.codes.offer')}
            </th>
            {owner.shopId === null && (
              <th scope="col" className="p-2">
                {t('owner.codes.borneBy')}
              </th>
            )}
            <th scope="col" className="p-2">
              {t('owner.codes.uses')}
            </th>
            <th scope="col" className="p-2">
              {t('owner.codes.state')}
            </th>
            <th scope="col" className="p-2">
              <span className="sr-only">{t('owner.codes.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-200">
          {codes.map((code) => (
            <tr key={code.id}>
              <th scope="row" className="p-2 text-left font-mono font-semibold">
                {code.code}
              </th>
              <td className="p-2">{codeOffer(code, t)}</td>
              {owner.shopId === null && (
                <td className="p-2">{code.shopName ?? t('owner.codes.marketplace')}</td>
              )}
              <td className="p-2 tabular-nums">
                {code.usedCount}
                {code.usageLimit === null
                  ? ''
                  : t('owner.codes.of', { usageLimit: code.usageLimit })}
                {code.perShopperLimit === null
                  ? ''
                  : t('owner.codes.perShopper', { perShopperLimit: code.perShopperLimit })}
              </td>
              <td className="p-2">{codeState(code, t)}</td>
              <td className="flex flex-wrap gap-2 p-2">
                <button
                  type="button"
                  className={`underline ${focusRing}`}
                  aria-label={t('owner.codes.editCode', { code: code.code })}
                  onClick={() => onEdit(code)}
                >
                  {t('owner.common.edit')}
                </button>
                <button
                  type="button"
                  className={`underline ${focusRing}`}
                  disabled={busy === code.id}
                  aria-label={t(code.active ? 'owner.codes.pauseCode' : 'owner.codes.resumeCode', {
                    code: code.code,
                  })}
                  onClick={() =>
                    void act(
                      code,
                      () =>
                        saveDiscountCode(
                          owner,
                          { ...inputOf(formOf(code)), active: !code.active },
                          code.id,
                        ),
                      code.active
                        ? t('owner.codes.paused', { code: code.code })
                        : t('owner.codes.resumed', { code: code.code }),
                    )
                  }
                >
                  {code.active ? t('owner.codes.pause') : t('owner.codes.resume')}
                </button>
                <button
                  type="button"
                  className={`text-red-700 underline ${focusRing}`}
                  disabled={busy === code.id}
                  aria-label={t('owner.codes.deleteCode', { code: code.code })}
                  onClick={() => {
                    if (!window.confirm(t('owner.codes.confirmDelete', { code: code.code }))) {
                      return;
                    }
                    void act(
                      code,
                      () => deleteDiscountCode(owner, code.id),
                      t('owner.codes.deleted', { code: code.code }),
                    );
                  }}
                >
                  {t('owner.common.delete')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function CodeFormPanel({
  owner,
  code,
  onDone,
}: {
  owner: CodesOwner;
  code: DiscountCodeView | null;
  onDone: (message: string | null) => void;
}) {
  const t = useOwnerT();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<CodeForm>(code ? formOf(code) : EMPTY_FORM);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof CodeForm>(key: K, value: CodeForm[K]) =>
    setForm((current) => ({ ...current, [key]: value }));
  const text = (key: Exclude<keyof CodeForm, 'kind' | 'active'>) => ({
    name: key,
    value: form[key],
    error: errors[key],
    onChange: (event: { target: { value: string } }) => set(key, event.target.value),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = discountCodeInputSchema.safeParse(inputOf(form));
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(
          parsed.error.issues.map((issue) => [
            String(issue.path[0] ?? 'code'),
            issue.code === 'invalid_type' ? t('owner.codes.enterANumber') : issue.message,
          ]),
        ),
      );
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await saveDiscountCode(owner, inputOf(form), code?.id);
      await queryClient.invalidateQueries({ queryKey: discountCodeKeys.list(owner) });
      onDone(t('owner.codes.saved'));
    } catch (caught) {
      if (caught instanceof ApiError && caught.fields) setErrors(caught.fields);
      setFailure(
        caught instanceof ApiError && caught.status < 500
          ? caught.message
          : t('owner.codes.saveFailed'),
      );
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      noValidate
      aria-labelledby="code-form-heading"
      onSubmit={(event) => void submit(event)}
      className="space-y-4 rounded-lg border border-stone-200 p-4"
    >
      <h2 id="code-form-heading" className="text-lg font-semibold">
        {code ? t('owner.codes.editCode', { code: code.code }) : t('owner.codes.newDiscountCode')}
      </h2>
      <FormAlert>{failure}</FormAlert>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          label={t('owner.codes.code')}
          autoCapitalize="characters"
          autoComplete="off"
          hint={t('owner.codes.whatShoppersTypeAtCheckout')}
          {...text('code')}
        />
        <Field
          label={t('owner.codes.discount')}
          name="kind"
          value={form.kind}
          options={[
            { value: 'percent', label: t('owner.codes.percentOff') },
            { value: 'fixed', label: t('owner.codes.kshOff') },
          ]}
          onChange={(event: ChangeEvent<HTMLSelectElement>) =>
            set('kind', event.target.value === 'fixed' ? 'fixed' : 'percent')
          }
        />
        <Field
          label={form.kind === 'percent' ? t('owner.codes.percentOff') : t('owner.codes.kshOff')}
          inputMode="decimal"
          {...text('value')}
        />
        <Field
          label={t('owner.codes.minimumOrderKshOptional')}
          inputMode="decimal"
          hint={
            owner.shopId === null
              ? t('owner.codes.ofTheWholeCart')
              : t('owner.codes.ofYourProductsInThe')
          }
          {...text('minOrder')}
        />
        <Field
          label={t('owner.codes.startsOptional')}
          type="datetime-local"
          {...text('startsAt')}
        />
        <Field label={t('owner.codes.endsOptional')} type="datetime-local" {...text('endsAt')} />
        <Field
          label={t('owner.codes.totalUsesOptional')}
          inputMode="numeric"
          {...text('usageLimit')}
        />
        <Field
          label={t('owner.codes.usesPerShopperOptional')}
          inputMode="numeric"
          hint={t('owner.codes.countedPerAccountOrPer')}
          {...text('perShopperLimit')}
        />
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          name="active"
          checked={form.active}
          onChange={(event) => set('active', event.target.checked)}
          className={focusRing}
        />
        {t('owner.codes.activeUntickToPauseThe')}
      </label>
      <div className="flex gap-2">
        <button type="submit" className={primaryButton} disabled={saving}>
          {saving ? t('owner.common.saving') : t('owner.codes.saveCode')}
        </button>
        <button type="button" className={secondaryButton} onClick={() => onDone(null)}>
          {t('owner.common.cancel')}
        </button>
      </div>
    </form>
  );
}
