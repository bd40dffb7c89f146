import { BLANK_ACTOR_IMAGE } from '@fovea/contract';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconStar, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { proxiedImage } from '../../components/proxied-image';
import { httpUrl } from './scraper-source';

interface ActorImagesEditorProps {
  images: readonly string[];
  mainImage: string;
  onChange: (patch: { images: string[]; mainImage: string }) => void;
}

/**
 * The Images tab: the actor's image list (image_arr) as previews; add an image URL, remove one, and choose the
 * main image (image_url). Removing the main image makes the first remaining one the main image.
 */
export function ActorImagesEditor({ images, mainImage, onChange }: ActorImagesEditorProps) {
  const { t } = useTranslation();
  const [url, setUrl] = useState('');
  const [problem, setProblem] = useState<ParseKeys | null>(null);

  const add = () => {
    const value = url.trim();
    if (value === '') return;
    if (httpUrl(value) === null) return setProblem('errors.invalidUrl');
    if (images.includes(value)) return setProblem('sceneEdit.alreadyInList');
    onChange({ images: [...images, value], mainImage: mainImage === '' ? value : mainImage });
    setUrl('');
  };
  const remove = (image: string) => {
    const rest = images.filter((item) => item !== image);
    onChange({ images: rest, mainImage: image === mainImage ? (rest[0] ?? '') : mainImage });
  };

  return (
    <Stack gap="sm" data-testid="actor-edit-images">
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          label={t('actorEdit.addImage')}
          placeholder="https://"
          value={url}
          style={{ flex: 1 }}
          error={problem !== null ? t(problem) : undefined}
          onChange={(event) => {
            setUrl(event.currentTarget.value);
            setProblem(null);
          }}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            add();
          }}
        />
        <Button
          variant="light"
          leftSection={<IconPlus size={14} />}
          disabled={url.trim() === ''}
          onClick={add}
          mt={25}
        >
          {t('sceneEdit.add')}
        </Button>
      </Group>
      {images.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('actorEdit.noImages')}
        </Text>
      )}
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        {images.map((image) => {
          const main = image === mainImage;
          return (
            <Card
              key={image}
              withBorder
              padding={4}
              radius="sm"
              data-testid="actor-edit-image"
              data-main={main}
              style={main ? { borderColor: 'var(--mantine-primary-color-filled)' } : undefined}
            >
              <Card.Section>
                <Image
                  src={proxiedImage(image, '200x')}
                  alt=""
                  h={160}
                  fit="cover"
                  fallbackSrc={BLANK_ACTOR_IMAGE}
                  loading="lazy"
                />
              </Card.Section>
              <Group gap={4} mt={4} justify="space-between" wrap="nowrap">
                {main ? (
                  <Badge size="sm" leftSection={<IconStar size={10} />}>
                    {t('actorEdit.mainImage')}
                  </Badge>
                ) : (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    aria-label={t('actorEdit.makeMainImage', { url: image })}
                    onClick={() => onChange({ images: [...images], mainImage: image })}
                  >
                    {t('actorEdit.makeMain')}
                  </Button>
                )}
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="sm"
                  aria-label={t('sceneEdit.remove', { item: image })}
                  onClick={() => remove(image)}
                >
                  <IconX size={14} />
                </ActionIcon>
              </Group>
            </Card>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
