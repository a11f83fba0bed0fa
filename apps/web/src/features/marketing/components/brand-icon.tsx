import { isForcedWhite, matchBrandSlug } from '@agentry/core/brand-icons';
import { cn } from '@/lib/cn';
import { brandIconsBySlug, hasContrastOnDark, knownBrandSlugs } from '../lib/brand-icon-map';

type BrandIconProps = { name: string; className?: string };

/**
 * A service's brand icon in its brand colour (white where the brand is dark), or a letter
 * tile when no icon matches. Decorative: the service name is always printed beside it.
 */
export function BrandIcon({ name, className }: BrandIconProps) {
  const slug = matchBrandSlug(name, knownBrandSlugs);
  const icon = slug ? brandIconsBySlug.get(slug) : undefined;

  if (!slug || !icon) {
    return (
      <span
        aria-hidden
        data-testid="brand-letter-tile"
        className={cn(
          'flex size-8 items-center justify-center rounded-lg bg-white/10 text-sm font-semibold text-white',
          className,
        )}
      >
        {name.trim().charAt(0).toUpperCase() || '?'}
      </span>
    );
  }

  const fill = isForcedWhite(slug) || !hasContrastOnDark(icon.hex) ? '#ffffff' : `#${icon.hex}`;
  return (
    <svg viewBox="0 0 24 24" className={cn('size-8', className)} aria-hidden focusable="false" data-brand={slug}>
      <path d={icon.path} fill={fill} />
    </svg>
  );
}
