// The embed script: GET /widget/:widgetId/widget.js and widget-professional.js serve the built
// file with the placeholder string below replaced by the widget's public settings (JSON).
import { installWidget } from './install-widget';
import type { LoaderConfig } from './loader-config';

installWidget('__AGENTRY_WIDGET_CONFIG__' as unknown as LoaderConfig, window);
