import { IonSearchbar } from './ionic/searchbar.ts';
import { useSearchFieldNames } from './ionic/search-names.ts';
import './search-field.css';

export interface SearchFieldProps {
  /** What is searched ('Name oder E-Mail suchen'): shown in the field and its accessible name. */
  label: string;
  value: string;
  /** The field's text, once typing has paused for `debounce` ms. */
  onSearch: (value: string) => void;
  debounce?: number;
}

/**
 * A list's search field: Ionic's searchbar (search icon, clear button, a visible field), its field and clear button
 * named in the reader's language (useSearchFieldNames).
 */
export function SearchField({ label, value, onSearch, debounce = 300 }: SearchFieldProps) {
  const ref = useSearchFieldNames<HTMLIonSearchbarElement>(label);
  return (
    <IonSearchbar
      ref={ref}
      value={value}
      debounce={debounce}
      placeholder={label}
      aria-label={label}
      onIonInput={(e) => onSearch(e.detail.value ?? '')}
    />
  );
}
