import { notifications } from '@mantine/notifications';
import { describe, expect, it, vi } from 'vitest';
import {
  TOAST_DURATION_MS,
  notifyDanger,
  notifyImportError,
  notifySuccess,
  notifyWarning,
  notifyWarningLong,
} from '../../src/components/notify';

describe('toasts', () => {
  it('use the durations of the spec', () => {
    expect(TOAST_DURATION_MS).toEqual({
      danger: 5000,
      warning: 5000,
      warningLong: 10000,
      success: 3000,
      importError: 30000,
    });
  });

  it('pass the duration and colour to Mantine', () => {
    const show = vi.spyOn(notifications, 'show').mockReturnValue('id');
    notifyDanger('a');
    notifyWarning('b');
    notifyWarningLong('c');
    notifySuccess('d');
    notifyImportError('e');
    expect(show.mock.calls.map(([options]) => [options.message, options.autoClose, options.color])).toEqual([
      ['a', 5000, 'red'],
      ['b', 5000, 'yellow'],
      ['c', 10000, 'yellow'],
      ['d', 3000, 'teal'],
      ['e', 30000, 'red'],
    ]);
  });
});
