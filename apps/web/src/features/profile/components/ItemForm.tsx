import { zodResolver } from '@hookform/resolvers/zod';
import {
  IonButton,
  IonCheckbox,
  IonInput,
  IonItem,
  IonNote,
  IonSelect,
  IonSelectOption,
  IonTextarea,
} from '@ionic/react';
import { IBAN_MESSAGES, type PersonalItemKind } from '@vereinsheim/contracts/personal-data';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/client.ts';
import type { PersonalItem } from '../api/item-kinds.ts';
import { useValidateIban } from '../api/validate-iban.ts';
import { FORMS, INPUT_SCHEMAS } from './fields.ts';

type Values = Record<string, unknown>;

export interface ItemFormProps {
  kind: PersonalItemKind;
  item: PersonalItem | null;
  busy: boolean;
  onSubmit: (values: Values) => Promise<unknown>;
  onCancel: () => void;
}

function initialValues(kind: PersonalItemKind, item: PersonalItem | null): Values {
  return Object.fromEntries(
    FORMS[kind].map((f) => [f.name, item?.[f.name] ?? (f.type === 'checkbox' ? false : '')]),
  );
}

/** Create or edit form of one item: react-hook-form with the contract's input schema; server field errors shown inline. */
export function ItemForm({ kind, item, busy, onSubmit, onCancel }: ItemFormProps) {
  const { t } = useTranslation('profile');
  const [formError, setFormError] = useState<string | null>(null);
  const ibanCheck = useValidateIban();
  const form = useForm<Values>({
    defaultValues: initialValues(kind, item),
    resolver: zodResolver(INPUT_SCHEMAS[kind] as never) as never,
  });
  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onSubmit(values);
    } catch (error) {
      const problem = isApiError(error) ? error.problem : null;
      for (const fieldError of problem?.errors ?? []) {
        form.setError(fieldError.field, { message: fieldError.message });
      }
      setFormError(problem?.detail ?? t('saveFailed'));
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={t(`${kind}.formTitle`)}>
      {FORMS[kind].map((field) => {
        const label = `${t(`fields.${field.name}`)}${field.required ? ' *' : ''}`;
        const message = form.formState.errors[field.name]?.message;
        return (
          <IonItem key={field.name} lines="full">
            <Controller
              control={form.control}
              name={field.name}
              render={({ field: f }) => {
                const value = f.value as string | number | boolean | null | undefined;
                switch (field.type) {
                  case 'checkbox':
                    return (
                      <IonCheckbox checked={value === true} onIonChange={(e) => f.onChange(e.detail.checked)}>
                        {label}
                      </IonCheckbox>
                    );
                  case 'select':
                    return (
                      <IonSelect
                        label={label}
                        labelPlacement="stacked"
                        value={value}
                        onIonChange={(e) => f.onChange(e.detail.value)}
                        interface="popover"
                      >
                        {field.options?.map((option) => (
                          <IonSelectOption key={option} value={option}>
                            {t(`options.${kind}.${option}`)}
                          </IonSelectOption>
                        ))}
                      </IonSelect>
                    );
                  case 'textarea':
                    return (
                      <IonTextarea
                        label={label}
                        labelPlacement="stacked"
                        autoGrow
                        value={typeof value === 'string' ? value : ''}
                        onIonInput={(e) => f.onChange(e.detail.value ?? '')}
                        onIonBlur={f.onBlur}
                      />
                    );
                  case 'email':
                  case 'number':
                  case 'tel':
                  case 'text':
                    return (
                      <IonInput
                        label={label}
                        labelPlacement="stacked"
                        type={field.type}
                        value={value === null || value === undefined ? '' : String(value)}
                        onIonInput={(e) => f.onChange(e.detail.value ?? '')}
                        onIonBlur={f.onBlur}
                        name={field.name}
                      />
                    );
                }
              }}
            />
            {typeof message === 'string' && (
              <IonNote slot="helper" color="danger" role="alert">
                {message}
              </IonNote>
            )}
          </IonItem>
        );
      })}
      {kind === 'bankaccount' && (
        <div className="vh-iban-check">
          <IonButton
            fill="outline"
            size="small"
            disabled={ibanCheck.isPending}
            onClick={() => {
              const iban: unknown = form.getValues('iban');
              ibanCheck.mutate(typeof iban === 'string' ? iban : '');
            }}
          >
            {t('bankaccount.checkIban')}
          </IonButton>
          {ibanCheck.data && (
            <p role="status" className={ibanCheck.data.valid ? 'vh-ok' : 'vh-error'}>
              {ibanCheck.data.message}
              {ibanCheck.data.bic ? ` BIC: ${ibanCheck.data.bic}` : ''}
            </p>
          )}
          {ibanCheck.isError && (
            <p role="status" className="vh-error">
              {IBAN_MESSAGES.failed}
            </p>
          )}
        </div>
      )}
      {formError && (
        <p role="alert" className="vh-error">
          {formError}
        </p>
      )}
      <IonButton type="submit" disabled={busy}>
        {busy ? t('saving') : t('save')}
      </IonButton>
      <IonButton fill="clear" onClick={onCancel} disabled={busy}>
        {t('cancel')}
      </IonButton>
    </form>
  );
}
