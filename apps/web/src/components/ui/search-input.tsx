import { LIST_SEARCH_MAX } from '@lyceum/shared/list-search';
import { Search, X } from 'lucide-react';
import { type Ref, useEffect, useRef, useState } from 'react';
import { cn } from '../../lib/cn';
import { useT } from '../../lib/i18n/i18n';

export interface SearchInputProps {
  id: string;
  /** Accessible name, e.g. "Search students"; also the placeholder unless one is given. */
  label: string;
  placeholder?: string;
  /** The committed value (e.g. from the URL); typing updates the box at once and `onChange` after `delayMs`. */
  value: string;
  onChange: (value: string) => void;
  /** Told of the box's text as it is typed, before the pause: for a form that must not save past a search not yet made. */
  onType?: (text: string) => void;
  delayMs?: number;
  /** The longest search the list's query takes (LIST_SEARCH_MAX unless told), so a typed one never is refused. */
  maxLength?: number;
  className?: string;
  /** The box, e.g. for a form to focus it when the list it searches is a field in error. */
  ref?: Ref<HTMLInputElement>;
}

/** A search box that reports its value once typing pauses, so lists do not refetch on every key. */
export function SearchInput({
  id,
  label,
  placeholder,
  value,
  onChange,
  onType,
  delayMs = 300,
  maxLength = LIST_SEARCH_MAX,
  className,
  ref,
}: SearchInputProps) {
  const { t } = useT();
  const [text, setText] = useState(value);
  const latest = useRef(onChange);
  latest.current = onChange;
  const committed = useRef(value);

  // A new value from outside (e.g. "clear filters") replaces what is typed.
  useEffect(() => {
    if (value !== committed.current) {
      committed.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    if (text === committed.current) return;
    const timer = window.setTimeout(() => {
      committed.current = text;
      latest.current(text);
    }, delayMs);
    return () => window.clearTimeout(timer);
  }, [text, delayMs]);

  const type = (next: string) => {
    setText(next);
    onType?.(next);
  };

  const clear = () => {
    type('');
    committed.current = '';
    latest.current('');
  };

  return (
    <div className={cn('relative', className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search
        className="pointer-events-none absolute top-1/2 start-3 size-4 -translate-y-1/2 text-slate-400"
        aria-hidden="true"
      />
      <input
        ref={ref}
        id={id}
        type="search"
        value={text}
        placeholder={placeholder ?? label}
        maxLength={maxLength}
        onChange={(event) => type(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && text) {
            event.preventDefault();
            clear();
          }
        }}
        className={cn(
          'block h-10 w-full rounded-lg border border-slate-300 bg-white py-2 pe-9 ps-9 text-sm text-slate-900 shadow-sm',
          'placeholder:text-slate-400 focus:border-blue-500 focus:ring-2 focus:ring-blue-500/30 focus:outline-none',
          '[&::-webkit-search-cancel-button]:hidden',
        )}
      />
      {text && (
        <button
          type="button"
          onClick={clear}
          className="absolute top-1/2 end-2 -translate-y-1/2 rounded p-1 text-slate-400 hover:text-slate-700"
          aria-label={t('actions.clearSearch')}
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      )}
    </div>
  );
}
