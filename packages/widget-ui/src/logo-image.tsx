import { useState } from 'react';
import type { CropPosition } from '@agentry/core/widget';

type LogoImageProps = {
  url: string;
  position: CropPosition;
  scale: number;
  size: number;
  alt?: string;
  className?: string;
};

/**
 * A logo cropped into a square by the logo dialog's position (percent) and scale. A failing
 * image renders nothing, so the caller's default icon shows. Callers key it by url.
 */
export function LogoImage({ url, position, scale, size, alt = '', className }: LogoImageProps) {
  const [hasFailed, setHasFailed] = useState(false);
  if (!url || hasFailed) return null;
  return (
    <span className={`aw-logo ${className ?? ''}`} style={{ width: size, height: size }}>
      <img
        src={url}
        alt={alt}
        draggable={false}
        onError={() => setHasFailed(true)}
        style={{
          objectPosition: `${position.x}% ${position.y}%`,
          transform: `scale(${scale})`,
          transformOrigin: `${position.x}% ${position.y}%`,
        }}
      />
    </span>
  );
}
