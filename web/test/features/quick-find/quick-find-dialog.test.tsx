import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { QuickFindDialog } from '../../../src/features/quick-find/QuickFindDialog';
import { mockApi, renderWithProviders } from '../../test-utils';

describe('quick find dialog', () => {
  it('inserts prefixes at the caret and ignores an empty query', async () => {
    mockApi({});
    const onSearch = vi.fn();
    renderWithProviders(<QuickFindDialog opened onClose={() => {}} onSearch={onSearch} />);
    const user = userEvent.setup();
    const input = await screen.findByRole('textbox', { name: 'Search' });

    await user.click(input);
    await user.keyboard('{Enter}');
    expect(onSearch).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'cast:' }));
    expect(input).toHaveValue('cast:');
    await user.keyboard('Jane');
    expect(input).toHaveValue('cast:Jane');
    await user.click(screen.getByRole('button', { name: 'duration:' }));
    expect(input).toHaveValue('cast:Jane duration:>=0');
    await user.keyboard('{Enter}');
    expect(onSearch).toHaveBeenCalledWith('cast:Jane duration:>=0');
  });
});
