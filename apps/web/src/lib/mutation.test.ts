import '../test/setup';
import { describe, expect, it, vi } from 'vitest';

const toast = vi.hoisted(() => ({ error: vi.fn(), info: vi.fn(), success: vi.fn() }));
vi.mock('react-toastify', () => ({ toast }));

const { notifyReply, failureMessage } = await import('./mutation');
const { ApiError } = await import('./api-client');

describe('spec §8 toast rules for text replies', () => {
  it('shows ERROR replies as error toasts and reports failure', () => {
    expect(notifyReply('ERROR A broker with loads cannot be deleted', 'Broker deleted successfully')).toBe(false);
    expect(toast.error).toHaveBeenCalledWith('A broker with loads cannot be deleted');
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('shows INFO replies as info toasts', () => {
    expect(notifyReply('INFO Nothing to import', 'Imported')).toBe(true);
    expect(toast.info).toHaveBeenCalledWith('Nothing to import');
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('shows the custom success message when one is given, else the reply', () => {
    notifyReply('Saved', 'User updated successfully');
    expect(toast.success).toHaveBeenLastCalledWith('User updated successfully');
    notifyReply('Saved');
    expect(toast.success).toHaveBeenLastCalledWith('Saved');
  });

  it('words request failures from the server, or plainly when there is nothing to say', () => {
    expect(failureMessage(new ApiError(409, 'REFUSED', 'ERROR Someone else changed this user'))).toBe('ERROR Someone else changed this user');
    expect(failureMessage('weird')).toBe('The request failed. Please try again.');
  });
});
