import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useVersionCheck } from '../../api/queries/options';
import classes from './layout.module.css';

/** "Fovea" and the running version (… while loading, nothing when the check failed). */
export function Brand() {
  const { t } = useTranslation();
  const { data, isPending, isError } = useVersionCheck();
  const version = data
    ? t('app.versionLabel', { version: data.current_version })
    : isPending && !isError
      ? t('app.versionLoading')
      : null;
  return (
    <Link to="/" className={classes.brand}>
      <span className={classes.brandName}>{t('app.name')}</span>
      {version !== null && (
        <span className={classes.version} data-testid="app-version">
          {version}
        </span>
      )}
    </Link>
  );
}
