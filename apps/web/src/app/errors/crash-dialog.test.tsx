import '../../test/setup';
import { TEXT } from '@haulboard/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CrashBoundary } from './crash-dialog';
import { SectionFallback } from './section-fallback';

function Boom(): never {
  throw new Error('boom');
}

describe('error boundaries (spec §8)', () => {
  it("shows 'Haulboard Error' with the three sentences and a Reload button", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <CrashBoundary>
        <Boom />
      </CrashBoundary>,
    );
    // The dialog's module is lazy (not part of the first load).
    expect(await screen.findByRole('dialog', { name: 'Haulboard Error' })).toBeTruthy();
    for (const line of TEXT.crash) expect(screen.getByText(line)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });

  it('shows the section fallback sentences', () => {
    render(<SectionFallback />);
    for (const line of TEXT.sectionFallback) expect(screen.getByText(line)).toBeTruthy();
  });
});
