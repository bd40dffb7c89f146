import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import { IconBadgeCc, IconBadgeCcFilled, IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export interface CaptionsControlProps {
  /** The subtitle tracks' labels, in track order (at least one). */
  labels: string[];
  /** The index of the track shown, or null when off. */
  selected: number | null;
  onSelect: (index: number | null) => void;
}

/**
 * The CC button: with one subtitle track it turns it on and off; with several it opens a menu of the tracks
 * and "Off".
 */
export function CaptionsControl({ labels, selected, onSelect }: CaptionsControlProps) {
  const { t } = useTranslation();
  const on = selected !== null;
  const icon = on ? <IconBadgeCcFilled size={18} /> : <IconBadgeCc size={18} />;
  if (labels.length === 1) {
    const label = on ? t('player.subtitlesOff') : t('player.subtitlesOn');
    return (
      <Tooltip label={label} openDelay={500}>
        <ActionIcon
          variant="subtle"
          color={on ? undefined : 'gray'}
          aria-label={label}
          aria-pressed={on}
          data-testid="player-captions"
          onClick={() => onSelect(on ? null : 0)}
        >
          {icon}
        </ActionIcon>
      </Tooltip>
    );
  }
  const check = (active: boolean) => (active ? <IconCheck size={14} /> : <span style={{ width: 14 }} />);
  return (
    <Menu position="top-end" withinPortal={false}>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color={on ? undefined : 'gray'}
          aria-label={t('player.subtitlesChoose')}
          aria-pressed={on}
          data-testid="player-captions"
        >
          {icon}
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={check(!on)} onClick={() => onSelect(null)}>
          {t('player.subtitlesNone')}
        </Menu.Item>
        {labels.map((label, index) => (
          <Menu.Item key={index} leftSection={check(selected === index)} onClick={() => onSelect(index)}>
            {label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
