/**
 * Where keyboard focus goes when the control that had it is gone (docs/product.md, "The shell: header, sidebar,
 * toasts"): the page's heading, never <body>.
 */

/** The current page's main heading: the one `h1` in `<main>`, if it has rendered. */
export function pageHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>('main h1');
}

/**
 * Whether focus is nowhere the user put it: on <body> (the focused control was removed, or a disabled button
 * dropped it) or on `<main>` itself, where a dialog's closing puts it when the page has no heading yet.
 */
export function focusIsLost(): boolean {
  const focused = document.activeElement;
  return !focused || focused === document.body || focused === document.querySelector('main');
}

/**
 * Focuses the page's heading (focusable by script only, so it is no Tab stop), else `<main>`; true when the
 * heading took it.
 */
export function focusPageHeading(): boolean {
  const heading = pageHeading();
  if (heading) {
    if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
    heading.focus();
    if (document.activeElement === heading) return true;
  }
  document.querySelector<HTMLElement>('main')?.focus();
  return false;
}
