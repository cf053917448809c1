import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { installMatchMedia, resetMedia } from './media';

// Tell React the test renderer wraps updates in act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

beforeEach(() => {
  installMatchMedia();
  window.localStorage.clear();
});

afterEach(() => {
  cleanup();
  resetMedia();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
