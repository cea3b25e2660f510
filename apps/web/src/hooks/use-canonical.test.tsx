import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useCanonical } from './use-canonical';

function Page({ path }: { path: string | null }) {
  useCanonical(path);
  return null;
}
const canonical = () => document.head.querySelectorAll<HTMLLinkElement>('link[rel="canonical"]');

describe('useCanonical', () => {
  afterEach(cleanup);

  it('sets an absolute canonical link while mounted and removes it afterwards', () => {
    const view = render(<Page path="/pack-detail?packId=3" />);
    expect(canonical()).toHaveLength(1);
    expect(canonical()[0]!.href).toBe(`${window.location.origin}/pack-detail?packId=3`);
    view.rerender(<Page path="/" />);
    expect(canonical()).toHaveLength(1);
    expect(canonical()[0]!.href).toBe(`${window.location.origin}/`);
    view.unmount();
    expect(canonical()).toHaveLength(0);
  });

  it('sets nothing for null', () => {
    render(<Page path={null} />);
    expect(canonical()).toHaveLength(0);
  });
});
