import { Alert } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { IconSparkles } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useVersionCheck } from '../../api/queries/options';

/** localStorage key holding the latest version whose notice was dismissed. */
export const UPDATE_DISMISSED_KEY = 'fovea.update-notice.dismissed';

/** Tells the owner a newer version exists; stays until dismissed, and comes back for a newer one. */
export function UpdateNotice() {
  const { t } = useTranslation();
  const { data } = useVersionCheck();
  const [dismissed, setDismissed] = useLocalStorage<string>({
    key: UPDATE_DISMISSED_KEY,
    defaultValue: '',
    getInitialValueInEffect: false,
  });
  if (!data?.update_notify || dismissed === data.latest_version) return null;
  return (
    <Alert
      data-testid="update-notice"
      variant="light"
      color="fovea"
      radius="md"
      icon={<IconSparkles size={18} />}
      title={t('update.title')}
      withCloseButton
      closeButtonLabel={t('update.dismiss')}
      onClose={() => setDismissed(data.latest_version)}
      mb="md"
    >
      {t('update.available', { latest: data.latest_version, current: data.current_version })}
    </Alert>
  );
}
