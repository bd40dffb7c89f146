import { PLACEHOLDER_PNG } from '../images/image-proxy.service';

/**
 * What a scene without a picture shows: the image proxy's transparent 1x1 PNG, with 200 so that players and
 * pages draw nothing instead of reporting a broken image.
 */
export const BLANK_IMAGE = PLACEHOLDER_PNG;
