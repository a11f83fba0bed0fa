import { WIDGET_LOADER_PLACEHOLDER, type BlockLoaderConfig, type WidgetLoaderConfig } from '@agentry/core/widget';
import { toScriptJson } from './to-script-json';

/** The built loader with the widget's settings in place of its placeholder string. */
export function renderWidgetLoader(options: {
  loaderSource: string;
  config: WidgetLoaderConfig | BlockLoaderConfig;
}): string {
  // A replacer function: '$' in the settings must not be read as a replacement pattern.
  return options.loaderSource.replace(WIDGET_LOADER_PLACEHOLDER, () => toScriptJson(options.config));
}
