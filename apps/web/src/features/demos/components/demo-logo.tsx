import type { DemoCropPosition } from '@agentry/core/demos';
import { Bot } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/lib/cn';

type DemoLogoProps = {
  url: string;
  crop: DemoCropPosition;
  scale: number;
  /** Box size in px. */
  size: number;
  alt?: string;
  shape?: 'circle' | 'rounded';
  className?: string;
  /** Background of the default icon. */
  fallbackColor?: string;
};

/**
 * A logo cropped into its box: the crop position picks the visible part (object-position),
 * the scale zooms. A missing or broken image falls back to a default icon (docs/product/demos.md#looks-demo-types).
 */
export function DemoLogo({
  url,
  crop,
  scale,
  size,
  alt = '',
  shape = 'circle',
  className,
  fallbackColor,
}: DemoLogoProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const hasImage = url.trim() !== '' && failedUrl !== url;
  return (
    <span
      className={cn(
        'relative inline-flex shrink-0 items-center justify-center overflow-hidden',
        shape === 'circle' ? 'rounded-full' : 'rounded-lg',
        className,
      )}
      style={{ width: size, height: size, backgroundColor: hasImage ? undefined : fallbackColor }}
      data-logo-state={hasImage ? 'image' : 'fallback'}
    >
      {hasImage ? (
        <img
          src={url}
          alt={alt}
          onError={() => setFailedUrl(url)}
          className="size-full object-cover"
          style={{
            objectPosition: `${crop.x}% ${crop.y}%`,
            transform: `scale(${scale})`,
            transformOrigin: `${crop.x}% ${crop.y}%`,
          }}
          draggable={false}
        />
      ) : (
        <Bot aria-hidden className="text-white" style={{ width: size * 0.55, height: size * 0.55 }} />
      )}
    </span>
  );
}
