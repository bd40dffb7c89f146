import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import enGB from './en-GB.json';

export const DEFAULT_LANGUAGE = 'en-GB';
export const catalogue = enGB;

/**
 * The app's i18next instance: en-GB only, the catalogue bundled (no backend, no language detection).
 * Initialised synchronously so the first render already has every text.
 */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [DEFAULT_LANGUAGE],
  defaultNS: 'translation',
  ns: ['translation'],
  resources: { [DEFAULT_LANGUAGE]: { translation: enGB } },
  initAsync: false,
  returnNull: false,
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
});
