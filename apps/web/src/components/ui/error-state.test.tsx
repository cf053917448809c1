import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { renderWithProviders } from '../../test/utils';
import { ErrorState } from './error-state';

const show = (error: unknown) => {
  const onRetry = vi.fn();
  renderWithProviders(<ErrorState error={error} onRetry={onRetry} />);
  return { alert: screen.getByRole('alert'), retry: screen.queryByRole('button', { name: 'Retry' }) };
};

describe('ErrorState: a failed read', () => {
  // A refusal, a record not found or an unreadable link gets the same answer however often it is asked:
  // offering Retry there only repeated it (QA: company staff on /announcements, a missing receipt, /schools/abc).
  it.each([
    [403, 'forbidden', "You don't have permission to access this page.", 'Not available to you'],
    [404, 'not_found', 'Payment not found', 'Not found'],
    [400, 'validation', 'Invalid data: Invalid id', 'This cannot be opened'],
  ])('says a final %i answer with its own title and no Retry', (status, code, message, title) => {
    const { alert, retry } = show(new ApiError(status, code, message));
    expect(alert.textContent).toBe(`${title}${message}`);
    expect(retry).toBeNull();
  });

  it.each([
    ['no answer', new ApiError(0, 'network', 'Service temporarily unavailable. Please try again.')],
    ["the server's failure", new ApiError(503, 'unavailable', 'Service temporarily unavailable. Please try again.')],
    ['a rate limit', new ApiError(429, 'rate_limited', 'Too many requests. Please try again later.')],
    ['something thrown that is not an answer', new TypeError('Failed to fetch')],
  ])('offers Retry after %s', (_, error) => {
    const { alert, retry } = show(error);
    expect(alert.textContent).toContain('Something went wrong');
    expect(retry).not.toBeNull();
  });
});
