import { Pill, PillsInput } from '@mantine/core';
import { useId, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { checkVideoExtension } from './storage-extensions';

interface StorageExtensionsInputProps {
  value: readonly string[];
  forbidden: readonly string[];
  /** The video containers the server accepts: offered as suggestions, and the only ones taken. */
  known: readonly string[];
  onChange: (value: string[]) => void;
}

/**
 * The video extensions as pills: Enter (or comma) adds the typed one after checking it, × removes one. The
 * field suggests the known video containers not in the list yet.
 */
export function StorageExtensionsInput({ value, forbidden, known, onChange }: StorageExtensionsInputProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const suggestions = useId();

  const add = () => {
    if (text.trim() === '') return;
    const check = checkVideoExtension(text, value, forbidden, known);
    if (check.ok) {
      onChange([...value, check.ext]);
      setText('');
      setError(null);
    } else if (check.reason === 'invalid') {
      setError(t('options.storage.extInvalid', { text: check.text }));
    } else if (check.reason === 'forbidden') {
      setError(t('options.storage.extForbidden', { ext: check.ext }));
    } else if (check.reason === 'unknown') {
      setError(t('options.storage.extUnknown', { ext: check.ext }));
    } else {
      setError(t('options.storage.extDuplicate', { ext: check.ext }));
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add();
    } else if (event.key === 'Backspace' && text === '' && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  };

  return (
    <PillsInput
      label={t('options.storage.videoExt')}
      description={`${t('options.storage.videoExtDescription')} ${t('options.storage.videoExtKnown')}`}
      error={error}
      maw={640}
      data-testid="storage-video-ext"
    >
      <Pill.Group>
        {value.map((ext) => (
          <Pill
            key={ext}
            withRemoveButton
            onRemove={() => onChange(value.filter((item) => item !== ext))}
            removeButtonProps={{
              'aria-label': t('options.storage.removeExt', { ext }),
              'aria-hidden': false,
              tabIndex: 0,
            }}
          >
            {ext}
          </Pill>
        ))}
        <PillsInput.Field
          aria-label={t('options.storage.videoExt')}
          placeholder={t('options.storage.videoExtPlaceholder')}
          list={suggestions}
          autoComplete="off"
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setError(null);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            if (text.trim() !== '') add();
          }}
        />
      </Pill.Group>
      <datalist id={suggestions} data-testid="storage-video-ext-suggestions">
        {known
          .filter((ext) => !value.includes(ext))
          .map((ext) => (
            <option key={ext} value={ext} />
          ))}
      </datalist>
    </PillsInput>
  );
}
