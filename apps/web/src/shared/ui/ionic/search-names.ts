import { useCallback, type RefCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** Ionic's searchbar or input element: the parts used here. */
type IonicSearchElement = HTMLElement & { getInputElement(): Promise<HTMLInputElement> };

/**
 * A ref for Ionic's searchbar, or an input with `clearInput`, that names what Ionic draws inside it in the reader's
 * language: the clear button, which Ionic names 'reset', and, given `fieldName`, the searchbar's field, which Ionic
 * names 'search text'. Both in English whatever the page's language, with no property to name them otherwise
 * (ionic-team/ionic-framework#21327, #29116). They are named once the element has drawn them, again when the
 * language changes; the element's later renders leave the names alone, as they patch only what changed in their
 * own drawing (ADR 0046).
 */
export function useSearchFieldNames<E extends IonicSearchElement>(fieldName?: string): RefCallback<E> {
  const { t } = useTranslation('common');
  const clearName = t('clearSearch');
  return useCallback(
    (element: E | null) => {
      if (!element) return;
      let active = true;
      void element
        .getInputElement()
        .then((input) => {
          if (!active) return;
          if (fieldName) input.setAttribute('aria-label', fieldName);
          element
            .querySelector('.searchbar-clear-button, .input-clear-icon')
            ?.setAttribute('aria-label', clearName);
        })
        .catch(() => undefined);
      return () => {
        active = false;
      };
    },
    [fieldName, clearName],
  );
}
