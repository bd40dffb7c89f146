import type { SceneImage } from '@fovea/contract';
import { Gallery } from '../../components/gallery/Gallery';

interface SceneGalleryProps {
  images: readonly SceneImage[];
  slide: number;
  onSlideChange: (slide: number) => void;
}

/** The scene's pictures (cover and gallery) as a carousel; without any it says so. */
export function SceneGallery({ images, slide, onSlideChange }: SceneGalleryProps) {
  return (
    <Gallery
      urls={images.map((image) => image.url)}
      slide={slide}
      onSlideChange={onSlideChange}
      testId="scene-gallery"
      imageTestId="gallery-image"
      thumbHeight={40}
      reserve={220}
    />
  );
}
