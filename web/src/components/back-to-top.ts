import { SCROLL_TO_TOP_THRESHOLD_PX } from '@fovea/contract';

/** The back-to-top button shows once the page has scrolled more than 20 px. */
export const shouldShowBackToTop = (scrollY: number): boolean => scrollY > SCROLL_TO_TOP_THRESHOLD_PX;
