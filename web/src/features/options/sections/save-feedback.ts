import type { TFunction } from 'i18next';
import { ApiRequestError } from '../../../api/client';
import { notifyDanger, notifySuccess } from '../../../components/notify';

/** Toast callbacks for saving an option group: success 3 s, failure (with the server's message) 5 s. */
export function saveFeedback(t: TFunction) {
  return {
    onSuccess: () => {
      notifySuccess(t('common.saved'));
    },
    onError: (error: Error) => {
      const message =
        error instanceof ApiRequestError && error.status === 0 ? t('errors.network') : error.message;
      notifyDanger(t('errors.errorMessage', { message }));
    },
  };
}
