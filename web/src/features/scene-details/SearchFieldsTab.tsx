import { Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchFields } from '../../api/queries/scene';

/** The fields the search index holds for a scene (Advanced option "show search fields"). */
export function SearchFieldsTab({ sceneId }: { sceneId: number }) {
  const { t } = useTranslation();
  const fields = useSearchFields(sceneId, true);
  if (fields.isPending) {
    return (
      <Center mih={60}>
        <Loader size="sm" aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (fields.isError) {
    return (
      <Text c="dimmed" fz="sm">
        {t('sceneDetails.searchFields.failed')}
      </Text>
    );
  }
  if (fields.data.length === 0) {
    return (
      <Text c="dimmed" fz="sm">
        {t('sceneDetails.searchFields.none')}
      </Text>
    );
  }
  return (
    <Stack gap={4} data-testid="search-fields">
      {fields.data.map((field, index) => (
        <Text key={`${index}/${field.fieldName}`} fz="sm" style={{ overflowWrap: 'anywhere' }}>
          <Text component="span" fw={600} fz="sm">
            {field.fieldName}
          </Text>
          {' – '}
          {field.fieldValue}
        </Text>
      ))}
    </Stack>
  );
}
