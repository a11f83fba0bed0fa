import { widgetLimits, type BlockLoaderConfig } from '@agentry/core/widget';
import type { PublicWidget } from './load-public-widget';

/** A first height that fits a greeting and the composer; the app then sizes the block itself. */
const FIRST_HEIGHT = 360;

/** What the block loader needs before the iframe exists: where to load it from and how tall to start. */
export function toBlockLoaderConfig(options: { widget: PublicWidget; origin: string }): BlockLoaderConfig {
  const { block } = options.widget.settings;
  return {
    widgetId: options.widget.widgetId,
    origin: options.origin,
    fillContainer: block.fillContainer,
    height: Math.max(widgetLimits.blockHeight.min, Math.min(block.height, FIRST_HEIGHT)),
  };
}
