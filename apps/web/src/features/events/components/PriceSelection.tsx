import { IonItem, IonLabel, IonList } from '@ionic/react';
import { IonCheckbox } from '../../../shared/ui/ionic/checkbox.ts';
import { IonListHeader } from '../../../shared/ui/ionic/list-header.ts';
import { IonNote } from '../../../shared/ui/ionic/note.ts';
import { IonRadio, IonRadioGroup } from '../../../shared/ui/ionic/radio.ts';
import {
  PRICE_SELECTION_MESSAGES,
  evaluatePriceSelection,
  priceSelectionTotal,
  type PriceOption,
  type PriceSelectionState,
} from '@vereinsheim/contracts/events';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/i18n/format.ts';

/** The spec's price messages (§5), translated through their English text as key. */
export function usePriceMessage() {
  const { t } = useTranslation('events');
  return (state: PriceSelectionState) => t(`prices.${PRICE_SELECTION_MESSAGES[state]}`);
}

export function priceSelectionState(options: PriceOption[], selected: string[]): PriceSelectionState {
  return evaluatePriceSelection(options, selected);
}

/** A required option without alternatives: preselected (initialPriceSelection) and not deselectable. */
export const isLocked = (o: PriceOption) => o.kind === 'option' && o.required && !o.group;

/** The selection with this base price instead of any other. */
export function withPrice(options: PriceOption[], selected: string[], id: string): string[] {
  return [...selected.filter((s) => !options.some((p) => p.kind === 'price' && p.id === s)), id];
}

/**
 * The selection with an option checked or unchecked: checking one of a group drops the others of the group;
 * a locked (required, no alternatives) option stays chosen.
 */
export function withOption(
  options: PriceOption[],
  selected: string[],
  option: PriceOption,
  checked: boolean,
): string[] {
  if (isLocked(option) && !checked) return selected;
  let next = selected.filter((s) => s !== option.id);
  if (checked) {
    if (option.group)
      next = next.filter(
        (s) => !options.some((o) => o.kind === 'option' && o.id === s && o.group === option.group),
      );
    next.push(option.id);
  }
  return next;
}

/**
 * One base price (radio) and the options (checkboxes; options of one group behave like radios).
 * Shows the current selection state with the spec's messages and the total of the selection.
 */
export function PriceSelection({
  options,
  selected,
  onChange,
}: {
  options: PriceOption[];
  selected: string[];
  onChange: (ids: string[]) => void;
}) {
  const { t, i18n } = useTranslation('events');
  const message = usePriceMessage();
  const lang = i18n.resolvedLanguage;
  const prices = options.filter((o) => o.kind === 'price');
  const addOns = options.filter((o) => o.kind === 'option');
  const state = priceSelectionState(options, selected);
  const chosenPrice = prices.find((p) => selected.includes(p.id))?.id;

  const total = priceSelectionTotal(options, selected);
  const choosePrice = (id: string) => onChange(withPrice(options, selected, id));
  const toggleOption = (option: PriceOption, checked: boolean) =>
    onChange(withOption(options, selected, option, checked));

  return (
    <section className="vh-event-section" aria-labelledby="vh-prices-title">
      <h2 id="vh-prices-title">{t('prices.title')}</h2>
      {prices.length > 0 && (
        <IonList>
          <IonListHeader>{t('prices.price')}</IonListHeader>
          <IonRadioGroup value={chosenPrice} onIonChange={(e) => choosePrice(String(e.detail.value))}>
            {prices.map((p) => (
              <IonItem key={p.id}>
                <IonRadio value={p.id} justify="space-between">
                  {p.name} – {formatMoney(p.amount, p.currency, lang)}
                </IonRadio>
              </IonItem>
            ))}
          </IonRadioGroup>
        </IonList>
      )}
      {addOns.length > 0 && (
        <IonList>
          <IonListHeader>{t('prices.options')}</IonListHeader>
          {addOns.map((o) => (
            <IonItem key={o.id}>
              <IonCheckbox
                checked={selected.includes(o.id) || isLocked(o)}
                disabled={isLocked(o)}
                onIonChange={(e) => toggleOption(o, e.detail.checked)}
                justify="space-between"
              >
                <IonLabel>
                  {o.name} – {formatMoney(o.amount, o.currency, lang)}
                  {o.group && <IonNote> ({o.group})</IonNote>}
                  {o.required && <IonNote color="danger"> · {t('prices.required')}</IonNote>}
                </IonLabel>
              </IonCheckbox>
            </IonItem>
          ))}
        </IonList>
      )}
      {total && (
        <p className="vh-price-total" aria-live="polite" data-testid="price-total">
          {t('prices.total')} <strong>{formatMoney(total.amount, total.currency, lang)}</strong>
        </p>
      )}
      <p role="status" data-state={state} className={state === 'complete' ? 'vh-ok' : 'vh-hint'}>
        {message(state)}
      </p>
    </section>
  );
}
