import { zodResolver } from '@hookform/resolvers/zod';
import { IonButton, IonItem } from '@ionic/react';
import { IonCheckbox } from '../../../shared/ui/ionic/checkbox.ts';
import { IonInput } from '../../../shared/ui/ionic/input.ts';
import { IonSelect, IonSelectOption } from '../../../shared/ui/ionic/select.ts';
import { IonTextarea } from '../../../shared/ui/ionic/textarea.ts';
import type { PersonalItemKind } from '@vereinsheim/contracts/personal-data';
import { Fragment, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/client.ts';
import { applyServerFieldErrors, FieldErrorLine } from '../../../shared/forms/field-error.tsx';
import type { PersonalItem } from '../api/item-kinds.ts';
import { FORMS, INPUT_SCHEMAS } from './fields.ts';
import { IbanCheck } from '../../../shared/forms/IbanCheck.tsx';

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
    FORMS[kind].map((f) => [f.name, item?.[f.name] ?? f.default ?? (f.type === 'checkbox' ? false : '')]),
  );
}

/** Create or edit form of one item: react-hook-form with the contract's input schema; server field errors shown inline. */
export function ItemForm({ kind, item, busy, onSubmit, onCancel }: ItemFormProps) {
  const { t } = useTranslation('profile');
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values>({
    defaultValues: initialValues(kind, item),
    resolver: zodResolver(INPUT_SCHEMAS[kind] as never) as never,
  });
  const iban = useWatch({ control: form.control, name: 'iban' });
  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onSubmit(values);
    } catch (error) {
      const problem = isApiError(error) ? error.problem : null;
      const named = applyServerFieldErrors(
        problem,
        form.setError,
        FORMS[kind].map((f) => f.name),
      );
      setFormError(named ? t('checkFields') : (problem?.detail ?? t('saveFailed')));
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={t(`${kind}.formTitle`)}>
      {FORMS[kind].map((field) => {
        const label = `${t(`fields.${field.name}`)}${field.required ? ' *' : ''}`;
        const error = form.formState.errors[field.name];
        const errorId = `vh-${kind}-${field.name}-error`;
        const aria = error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {};
        return (
          <Fragment key={field.name}>
            <IonItem lines="full">
              <Controller
                control={form.control}
                name={field.name}
                render={({ field: f }) => {
                  const value = f.value as string | number | boolean | null | undefined;
                  switch (field.type) {
                    case 'checkbox':
                      return (
                        <IonCheckbox
                          checked={value === true}
                          onIonChange={(e) => f.onChange(e.detail.checked)}
                        >
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
                          {...aria}
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
                          {...aria}
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
                          {...aria}
                        />
                      );
                  }
                }}
              />
            </IonItem>
            <FieldErrorLine id={errorId} error={error} />
            {kind === 'bankaccount' && field.name === 'iban' && (
              <IbanCheck
                iban={iban}
                onBank={({ bic, bankName }) => {
                  if (bic && !form.getValues('bic')) form.setValue('bic', bic);
                  if (bankName && !form.getValues('bank')) form.setValue('bank', bankName);
                }}
              />
            )}
          </Fragment>
        );
      })}
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
