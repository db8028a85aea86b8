import { zodResolver } from '@hookform/resolvers/zod';
import { IonButton, IonItem } from '@ionic/react';
import { IonInput } from '../../../shared/ui/ionic/input.ts';
import { IonSelect, IonSelectOption } from '../../../shared/ui/ionic/select.ts';
import { GENDERS } from '@vereinsheim/contracts/enums';
import type { BasePerson } from '@vereinsheim/contracts/person';
import { MeUpdateInputSchema, type MeUpdateInput } from '@vereinsheim/contracts/profile';
import { Fragment, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatFieldDate } from '../../../shared/i18n/format.ts';
import { isApiError } from '../../../shared/api/client.ts';
import { applyServerFieldErrors, FieldErrorLine } from '../../../shared/forms/field-error.tsx';
import { useUpdatePerson } from '../api/update-person.ts';

const FIELDS = ['title', 'firstName', 'lastName', 'birthdate', 'birthplace'] as const;
type Values = Record<string, unknown>;

/** Name, birthdate and birthplace (required: they identify a person) plus title and gender. */
export function PersonForm({ person, onDone }: { person: BasePerson; onDone: () => void }) {
  const { t, i18n } = useTranslation('profile');
  const update = useUpdatePerson();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Values>({
    defaultValues: {
      ...person,
      title: person.title ?? '',
      birthdate: person.birthdate ?? '',
      birthplace: person.birthplace ?? '',
    },
    resolver: zodResolver(MeUpdateInputSchema as never) as never,
  });
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await update.mutateAsync(values as MeUpdateInput);
      onDone();
    } catch (e) {
      const problem = isApiError(e) ? e.problem : null;
      const named = applyServerFieldErrors(problem, form.setError, ['gender', ...FIELDS]);
      setError(named ? t('checkFields') : (problem?.detail ?? t('saveFailed')));
    }
  });
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('person.edit')}>
      <IonItem>
        <Controller
          control={form.control}
          name="gender"
          render={({ field }) => (
            <IonSelect
              label={t('fields.gender')}
              labelPlacement="stacked"
              value={field.value}
              interface="popover"
              onIonChange={(e) => field.onChange(e.detail.value)}
            >
              {GENDERS.map((g) => (
                <IonSelectOption key={g} value={g}>
                  {t(`genders.${g}`)}
                </IonSelectOption>
              ))}
            </IonSelect>
          )}
        />
      </IonItem>
      {FIELDS.map((name) => {
        const fieldError = form.formState.errors[name];
        const errorId = `vh-person-${name}-error`;
        return (
          <Fragment key={name}>
            <IonItem>
              <Controller
                control={form.control}
                name={name}
                render={({ field }) => (
                  <IonInput
                    label={`${t(`fields.${name}`)}${name === 'title' ? '' : ' *'}`}
                    labelPlacement="stacked"
                    type={name === 'birthdate' ? 'date' : 'text'}
                    name={name}
                    value={typeof field.value === 'string' ? field.value : ''}
                    helperText={
                      name === 'birthdate'
                        ? formatFieldDate(
                            typeof field.value === 'string' ? field.value : '',
                            i18n.language,
                          ) || undefined
                        : undefined
                    }
                    onIonInput={(e) => field.onChange(e.detail.value ?? '')}
                    onIonBlur={field.onBlur}
                    {...(fieldError ? { 'aria-invalid': true, 'aria-describedby': errorId } : {})}
                  />
                )}
              />
            </IonItem>
            <FieldErrorLine id={errorId} error={fieldError} />
          </Fragment>
        );
      })}
      {error && (
        <p role="alert" className="vh-error">
          {error}
        </p>
      )}
      <IonButton type="submit" disabled={update.isPending}>
        {update.isPending ? t('saving') : t('save')}
      </IonButton>
      <IonButton fill="clear" onClick={onDone}>
        {t('cancel')}
      </IonButton>
    </form>
  );
}
