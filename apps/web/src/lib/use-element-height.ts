import { useCallback, useState } from 'react';

/**
 * The rendered height of an element, in CSS pixels, kept up to date as it changes (a bar that grows when an alert
 * shows in it); null until measured, and where the browser cannot observe sizes. Give the returned ref to the element.
 */
export function useElementHeight<T extends HTMLElement>(): [(element: T | null) => void, number | null] {
  const [height, setHeight] = useState<number | null>(null);
  const [observer] = useState(() =>
    typeof ResizeObserver === 'undefined'
      ? null
      : new ResizeObserver((entries) => {
          const entry = entries.at(-1);
          if (entry) setHeight(Math.ceil(entry.target.getBoundingClientRect().height));
        }),
  );
  const ref = useCallback(
    (element: T | null) => {
      observer?.disconnect();
      if (element) observer?.observe(element);
    },
    [observer],
  );
  return [ref, height];
}
