import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar, initialOf } from './avatar';

describe('Avatar', () => {
  it('shows the initial without a picture', () => {
    render(<Avatar name="  grace hopper" data-testid="a" />);
    expect(screen.getByTestId('a').textContent).toBe('G');
    expect(initialOf('')).toBe('?');
  });

  it('shows the picture, falls back to the initial when it fails, and tries a new picture again', () => {
    const { rerender } = render(<Avatar name="Grace" src="/one.webp" data-testid="a" />);
    const img = screen.getByTestId('a');
    expect(img.tagName).toBe('IMG');
    expect(img.getAttribute('alt')).toBe('');
    fireEvent.error(img);
    expect(screen.getByTestId('a').textContent).toBe('G');
    rerender(<Avatar name="Grace" src="/two.webp" data-testid="a" />);
    expect(screen.getByTestId('a').getAttribute('src')).toBe('/two.webp');
  });

  it('is named after the person when it is not decorative', () => {
    const { rerender } = render(<Avatar name="Grace Hopper" src="/g.webp" decorative={false} />);
    expect(screen.getByRole('img', { name: 'Grace Hopper' })).toBeTruthy();
    rerender(<Avatar name="Grace Hopper" decorative={false} />);
    expect(screen.getByText('Grace Hopper')).toBeTruthy();
  });
});
