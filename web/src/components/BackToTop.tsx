import { ActionIcon, Affix, Tooltip, Transition } from '@mantine/core';
import { TOOLTIP_DELAY_MS } from '@fovea/contract';
import { IconArrowUp } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shouldShowBackToTop } from './back-to-top';

/**
 * Whether the page is scrolled past the threshold: on scroll, and also when the page shrinks under a scrolled
 * window (fewer results), which moves the scroll position without every browser telling.
 */
function useScrolledDown(): boolean {
  const [down, setDown] = useState(false);
  useEffect(() => {
    const update = () => setDown(shouldShowBackToTop(window.scrollY));
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    // The observer's first report (after the next layout) gives the starting position; reading it here would
    // force a layout of the page that is still being built.
    if (observer === null) update();
    else observer.observe(document.body);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
      observer?.disconnect();
    };
  }, []);
  return down;
}

/** A round button in the bottom-right corner that scrolls back to the top, shown after 20 px of scrolling. */
export function BackToTop() {
  const { t } = useTranslation();
  const down = useScrolledDown();
  return (
    <Affix position={{ bottom: 24, right: 24 }}>
      <Transition transition="slide-up" mounted={down}>
        {(style) => (
          <Tooltip label={t('scenes.backToTop')} openDelay={TOOLTIP_DELAY_MS}>
            <ActionIcon
              style={style}
              size="xl"
              radius="xl"
              variant="filled"
              aria-label={t('scenes.backToTop')}
              data-testid="back-to-top"
              onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
            >
              <IconArrowUp size={22} />
            </ActionIcon>
          </Tooltip>
        )}
      </Transition>
    </Affix>
  );
}
