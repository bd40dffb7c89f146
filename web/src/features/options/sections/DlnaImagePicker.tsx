import { Image, SimpleGrid, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { dlnaIconUrl } from '../../../api/queries/options-dlna';
import classes from './dlna.module.css';

interface DlnaImagePickerProps {
  /** Icon names the server offers (currentState.dlna.images). */
  images: readonly string[];
  value: string;
  onChange: (image: string) => void;
}

/** The DLNA server's icon, chosen from the server's images (served at /dlna/icons/<name>.png). */
export function DlnaImagePicker({ images, value, onChange }: DlnaImagePickerProps) {
  const { t } = useTranslation();
  return (
    <div role="group" aria-labelledby="dlna-image-label">
      <Text size="sm" fw={500} id="dlna-image-label">
        {t('options.dlna.image')}
      </Text>
      <Text size="xs" c="dimmed" mb="xs">
        {t('options.dlna.imageDescription')}
      </Text>
      <SimpleGrid cols={{ base: 4, xs: 7 }} spacing="xs" maw={560}>
        {images.map((name) => (
          <Tooltip key={name} label={name}>
            <UnstyledButton
              className={classes.imageChoice}
              aria-pressed={name === value}
              aria-label={t('options.dlna.imageChoice', { name })}
              data-selected={name === value ? 'true' : undefined}
              onClick={() => onChange(name)}
              data-testid={`dlna-image-${name}`}
            >
              <Image src={dlnaIconUrl(name)} alt="" w={48} h={48} fit="contain" />
            </UnstyledButton>
          </Tooltip>
        ))}
      </SimpleGrid>
    </div>
  );
}
