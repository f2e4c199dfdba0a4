import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { localIsoDateTime } from '../../../shared/dates';
import { EDITABLE_PROMO_CODE_STATUSES } from '../../../shared/constants';
import { PROMO_CODE_PATTERN, type PromoCode } from '../../../shared/contracts/promo-codes';
import { FormDialog } from '../../lib/dialogs/FormDialog';
import { useSavePromoCode } from './api';
import { formatEuros } from '../../lib/format';
import '../../lib/admin-i18n/i18n';

type EditableStatus = (typeof EDITABLE_PROMO_CODE_STATUSES)[number];

interface FormValues {
  code: string;
  amount: string;
  status: EditableStatus;
  /** A datetime-local value in the browser's time zone, or empty for no expiration. */
  expires: string;
}

/** SPEC section 5: the amount is parsed as an integer and falls back to 0. */
export function parseCents(value: string): number {
  const parsed = Number.parseInt(value, 10);
  return Number.isFinite(parsed) ? parsed : 0;
}

function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  return localIsoDateTime(new Date(iso));
}

export function PromoCodeDialog({
  promoCode,
  onClose,
  onSaved,
}: {
  promoCode: PromoCode | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t, i18n } = useTranslation('admin');
  const save = useSavePromoCode();
  const redeemed = promoCode?.Status === 'redeemed';
  const { control, register, handleSubmit, watch, formState } = useForm<FormValues>({
    defaultValues: {
      code: promoCode?.Code ?? '',
      amount: promoCode ? String(promoCode.AmountCents) : '',
      status:
        promoCode && promoCode.Status !== 'redeemed'
          ? (promoCode.Status as EditableStatus)
          : 'active',
      expires: toLocalInput(promoCode?.ExpiresAt ?? null),
    },
  });
  const errors = formState.errors;
  const amount = parseCents(watch('amount'));

  const submit = handleSubmit((values) => {
    save.mutate(
      {
        id: promoCode?.ID,
        body: {
          code: values.code.trim().toUpperCase(),
          amountCents: parseCents(values.amount),
          status: values.status,
          expiresAt: values.expires ? new Date(values.expires).toISOString() : null,
        },
      },
      { onSuccess: onSaved },
    );
  });

  return (
    <FormDialog
      title={promoCode ? t('promoCodes.dialog.editTitle') : t('promoCodes.dialog.addTitle')}
      maxWidth="sm"
      save={save}
      saveFailed={t('promoCodes.saveFailed')}
      onSubmit={submit}
      onClose={onClose}
    >
      <Controller
        control={control}
        name="code"
        rules={{
          validate: (value) =>
            PROMO_CODE_PATTERN.test(value.trim()) || t('promoCodes.dialog.codeInvalid'),
        }}
        render={({ field }) => (
          <TextField
            label={t('promoCodes.dialog.code')}
            required
            autoFocus
            value={field.value}
            onChange={(event) => field.onChange(event.target.value.toUpperCase())}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={Boolean(errors.code)}
            helperText={errors.code?.message ?? t('promoCodes.dialog.codeHint')}
            slotProps={{
              htmlInput: {
                autoCapitalize: 'characters',
                spellCheck: false,
                style: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' },
              },
            }}
          />
        )}
      />
      <TextField
        label={t('promoCodes.dialog.amount')}
        required
        type="number"
        {...register('amount', {
          validate: (value) => parseCents(value) > 0 || t('promoCodes.dialog.amountInvalid'),
        })}
        error={Boolean(errors.amount)}
        helperText={
          errors.amount?.message ??
          t('promoCodes.dialog.amountHint', { amount: formatEuros(amount, i18n.language) })
        }
        slotProps={{ htmlInput: { min: 1, step: 1, inputMode: 'numeric' } }}
      />
      {redeemed ? (
        <TextField
          label={t('promoCodes.dialog.status')}
          value={t('promoCodes.status.redeemed')}
          disabled
          helperText={t('promoCodes.dialog.redeemedStatus')}
        />
      ) : (
        <Controller
          control={control}
          name="status"
          render={({ field }) => (
            <TextField
              select
              label={t('promoCodes.dialog.status')}
              {...field}
              slotProps={{ htmlInput: { 'data-testid': 'promo-status' } }}
            >
              {EDITABLE_PROMO_CODE_STATUSES.map((status) => (
                <MenuItem key={status} value={status}>
                  {t(`promoCodes.status.${status}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      )}
      <TextField
        label={t('promoCodes.dialog.expires')}
        type="datetime-local"
        {...register('expires')}
        helperText={t('promoCodes.dialog.expiresHint')}
        slotProps={{ inputLabel: { shrink: true } }}
      />
    </FormDialog>
  );
}
