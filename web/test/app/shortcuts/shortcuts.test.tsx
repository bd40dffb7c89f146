import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ShortcutProvider, canonicalKey, normaliseShortcut, useShortcut } from '../../../src/app/shortcuts';
import type { ShortcutOptions } from '../../../src/app/shortcuts';
import { mockApi, renderApp } from '../../test-utils';

function Probe({
  keys,
  onFire,
  options,
}: {
  keys: string | string[];
  onFire: () => void;
  options?: ShortcutOptions;
}) {
  useShortcut(keys, onFire, options);
  return null;
}

function renderProbe(keys: string | string[], options?: ShortcutOptions) {
  const onFire = vi.fn();
  render(
    <ShortcutProvider>
      <input aria-label="field" />
      <div contentEditable aria-label="editor" suppressContentEditableWarning>
        text
      </div>
      <Probe keys={keys} onFire={onFire} options={options} />
    </ShortcutProvider>,
  );
  return onFire;
}

describe('shortcut keys', () => {
  it('normalises letters, Shift and symbols', () => {
    expect(canonicalKey('w', false)).toBe('w');
    expect(canonicalKey('W', true)).toBe('Shift+W');
    expect(canonicalKey('W', false)).toBe('w');
    expect(canonicalKey('?', true)).toBe('?');
    expect(canonicalKey('ArrowLeft', true)).toBe('Shift+ArrowLeft');
    expect(normaliseShortcut('shift+w')).toBe('Shift+W');
    expect(normaliseShortcut('W')).toBe('w');
    expect(normaliseShortcut('?')).toBe('?');
  });
});

describe('useShortcut', () => {
  it('fires even when a later document listener stops the key there (a tooltip dismissing itself on Escape)', async () => {
    const onFire = renderProbe('Escape');
    const tooltipDismiss = (event: KeyboardEvent) => event.stopPropagation();
    document.addEventListener('keydown', tooltipDismiss);
    try {
      await userEvent.keyboard('{Escape}');
      expect(onFire).toHaveBeenCalledTimes(1);
    } finally {
      document.removeEventListener('keydown', tooltipDismiss);
    }
  });

  it('fires on the page and not while typing in a field', async () => {
    const onFire = renderProbe('o');
    await userEvent.keyboard('o');
    expect(onFire).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByLabelText('field'));
    await userEvent.keyboard('o');
    expect(onFire).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(screen.getByLabelText('editor'), { key: 'o' });
    expect(onFire).toHaveBeenCalledTimes(1);
  });

  it('fires in fields when allowed', async () => {
    const onFire = renderProbe('Escape', { allowInInputs: true });
    await userEvent.click(screen.getByLabelText('field'));
    await userEvent.keyboard('{Escape}');
    expect(onFire).toHaveBeenCalledTimes(1);
  });

  it('ignores Ctrl, Meta and Alt, and tells Shift+W from w', () => {
    const onW = renderProbe('w');
    fireEvent.keyDown(document.body, { key: 'w', ctrlKey: true });
    fireEvent.keyDown(document.body, { key: 'w', metaKey: true });
    fireEvent.keyDown(document.body, { key: 'w', altKey: true });
    fireEvent.keyDown(document.body, { key: 'W', shiftKey: true });
    expect(onW).not.toHaveBeenCalled();
    fireEvent.keyDown(document.body, { key: 'w' });
    expect(onW).toHaveBeenCalledTimes(1);
  });

  it('fires Shift+W only with Shift', () => {
    const onShiftW = renderProbe('Shift+W');
    fireEvent.keyDown(document.body, { key: 'w' });
    expect(onShiftW).not.toHaveBeenCalled();
    fireEvent.keyDown(document.body, { key: 'W', shiftKey: true });
    expect(onShiftW).toHaveBeenCalledTimes(1);
  });

  it('does nothing when disabled, and the last registered handler wins', () => {
    const first = vi.fn();
    const second = vi.fn();
    const disabled = vi.fn();
    render(
      <ShortcutProvider>
        <Probe keys="p" onFire={first} />
        <Probe keys={['p', 'ArrowRight']} onFire={second} />
        <Probe keys="x" onFire={disabled} options={{ enabled: false }} />
      </ShortcutProvider>,
    );
    fireEvent.keyDown(document.body, { key: 'p' });
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    fireEvent.keyDown(document.body, { key: 'x' });
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(2);
    expect(disabled).not.toHaveBeenCalled();
  });
});

describe('quick find shortcut', () => {
  it("opens with '?' on the page but not when '?' is typed in an input", async () => {
    mockApi({});
    renderApp({ route: '/' });
    const user = userEvent.setup();
    await screen.findByText('Could not load the scenes.');
    // Type '?' into a text field of the page: no dialog.
    const field = document.createElement('input');
    document.body.appendChild(field);
    await user.click(field);
    await user.keyboard('?');
    expect(field).toHaveValue('?');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    field.remove();

    await user.click(document.body);
    await user.keyboard('?');
    expect(await screen.findByRole('dialog', { name: 'Quick find' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveFocus();
  });
});
