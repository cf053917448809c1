/**
 * A controllable `window.matchMedia` (the test DOM's answers from a window that never changes size): supports `(max-width: Npx)` / `(min-width: Npx)`
 * and `(pointer: coarse)` (a touch screen).
 */
type Listener = (event: MediaQueryListEvent) => void;

let viewportWidth = 1280;
let coarsePointer = false;
const lists = new Set<{ query: string; listeners: Set<Listener>; last: boolean }>();

function evaluate(query: string): boolean {
  if (/pointer:\s*coarse/.test(query)) return coarsePointer;
  const max = query.match(/max-width:\s*([\d.]+)px/);
  const min = query.match(/min-width:\s*([\d.]+)px/);
  if (max?.[1] && viewportWidth > Number(max[1])) return false;
  if (min?.[1] && viewportWidth < Number(min[1])) return false;
  return Boolean(max || min);
}

export function installMatchMedia(): void {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string): MediaQueryList => {
      const entry = { query, listeners: new Set<Listener>(), last: evaluate(query) };
      lists.add(entry);
      return {
        get matches() {
          return evaluate(query);
        },
        media: query,
        onchange: null,
        addEventListener: (_type: string, listener: Listener) => entry.listeners.add(listener),
        removeEventListener: (_type: string, listener: Listener) => entry.listeners.delete(listener),
        addListener: (listener: Listener) => entry.listeners.add(listener),
        removeListener: (listener: Listener) => entry.listeners.delete(listener),
        dispatchEvent: () => true,
      } as unknown as MediaQueryList;
    },
  });
}

/** Changes the simulated viewport width and notifies media-query listeners whose answer changed. */
export function setViewportWidth(width: number): void {
  viewportWidth = width;
  for (const entry of lists) {
    const matches = evaluate(entry.query);
    if (matches !== entry.last) {
      entry.last = matches;
      for (const listener of entry.listeners) listener({ matches, media: entry.query } as MediaQueryListEvent);
    }
  }
}

/** Whether the simulated device's main pointer is a finger (a phone or tablet), as `(pointer: coarse)` asks. */
export function setCoarsePointer(coarse: boolean): void {
  coarsePointer = coarse;
  setViewportWidth(viewportWidth);
}

export function resetMedia(): void {
  viewportWidth = 1280;
  coarsePointer = false;
  lists.clear();
}
