import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UsageMeter } from './usage-meter';

describe('UsageMeter', () => {
  it('rounds the share of the limit half up from the counts, as the usage CSV does', () => {
    // 2875 / 5000 × 100 is 57.49999… in floating point, which Math.round takes down to 57.
    render(<UsageMeter label="API calls" used={2875} limit={5000} />);
    expect(screen.getByRole('meter', { name: 'API calls' }).textContent).toBe('58%');
  });
});
