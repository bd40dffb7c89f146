import { Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import classes from './layout.module.css';
import { NAV_ITEMS } from './nav-items';

interface MainNavProps {
  orientation?: 'horizontal' | 'vertical';
  onNavigate?: () => void;
}

/** Scenes, Actors, Files, Options; the current one is marked active (aria-current="page"). */
export function MainNav({ orientation = 'horizontal', onNavigate }: MainNavProps) {
  const { t } = useTranslation();
  const Container = orientation === 'horizontal' ? Group : Stack;
  return (
    <nav aria-label={t('nav.main')}>
      <Container gap={4} wrap="nowrap">
        {NAV_ITEMS.map(({ to, labelKey, icon: Icon, end }) => (
          <NavLink
            key={to}
            to={to}
            end={end}
            onClick={onNavigate}
            className={({ isActive }) =>
              isActive ? `${classes.navLink} ${classes.active}` : classes.navLink
            }
          >
            <Icon size={16} stroke={1.8} aria-hidden />
            {t(labelKey)}
          </NavLink>
        ))}
      </Container>
    </nav>
  );
}
