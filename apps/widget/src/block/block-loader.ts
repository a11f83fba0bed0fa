// The website block's embed script: GET /widget/:widgetId/block.js serves the built file with the
// placeholder string below replaced by the block's public settings (JSON).
import { mountBlock, type BlockConfig } from './mount-block';

const config = '__AGENTRY_WIDGET_CONFIG__' as unknown as BlockConfig;
// The raw file (placeholder still a string) does nothing.
if (config.widgetId) mountBlock(config, window);
