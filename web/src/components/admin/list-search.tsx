import type { FormEvent, ReactNode } from 'react';
import { useDebouncedValue } from '../../hooks/use-debounced-value';
import { Field } from '../form/field';
import { SearchIcon } from '../icons';
import './list-search.css';

interface ListSearchProps {
  /** The search box's accessible name, e.g. 'Search orders'. */
  label: string;
  placeholder: string;
  /** The search as the address holds it. */
  value: string;
  /** Commits the text: after a pause in typing (replacing the history entry), on submit, on leaving the box. */
  onCommit: (value: string, replace: boolean) => void;
  /** The server's message about the search, shown under it. */
  error?: string;
  /** More controls of the search (e.g. the fields it looks in), under the box. */
  children?: ReactNode;
}

/**
 * A back-office list's search box with its Search button, bound to the address through a debounce. The label is
 * read, not shown (the placeholder and the icon say what the box is); the server's message shows under the box.
 */
export function ListSearch({ label, placeholder, value, onCommit, error, children }: ListSearchProps) {
  const search = useDebouncedValue(value, onCommit);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    search.flush();
  };
  return (
    <search className="list-search">
      <form className="list-search__form" onSubmit={onSubmit}>
        <Field label={label} hideLabel layout="compact" className="list-search__field" error={error}>
          {(control) => (
            <div className="list-search__box">
              <SearchIcon size={20} className="list-search__icon" />
              <input
                {...control}
                type="search"
                value={search.value}
                onChange={(event) => search.setValue(event.target.value)}
                onBlur={search.flush}
                placeholder={placeholder}
                autoComplete="off"
                enterKeyHint="search"
                maxLength={100}
              />
            </div>
          )}
        </Field>
        <button type="submit" className="btn btn--primary">
          Search
        </button>
      </form>
      {children}
    </search>
  );
}
