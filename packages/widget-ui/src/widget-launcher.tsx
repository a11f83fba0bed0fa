import { launcherSizeFor, minimizedLogoPixels } from '@agentry/core/widget-rules';
import type { ChatWidgetSettings } from './chat-widget-types';
import { ChatIcon } from './icons';
import { LogoImage } from './logo-image';

type WidgetLauncherProps = {
  settings: ChatWidgetSettings;
  isMobile: boolean;
  /** Overrides the diameter of the minimized size. */
  pixels?: number;
  label: string;
  onOpen: () => void;
};

/** The round floating button (48 / 64 / 80 px, 56 on mobile) that opens the chat. */
export function WidgetLauncher({ settings, isMobile, pixels, label, onOpen }: WidgetLauncherProps) {
  const size = pixels ?? launcherSizeFor(settings.minimizedSize, isMobile);
  const logoSize = isMobile ? minimizedLogoPixels.medium : minimizedLogoPixels[settings.minimizedSize];
  const hasLogo = settings.useLogoForMinimizedWidget && settings.logoUrl !== '';
  return (
    <button
      type="button"
      className="aw-launcher"
      style={{ width: size, height: size }}
      aria-label={label}
      onClick={onOpen}
    >
      {hasLogo ? (
        <LogoImage
          key={settings.logoUrl}
          url={settings.logoUrl}
          position={settings.logoCropPosition}
          scale={settings.logoScale}
          size={logoSize}
          className="aw-logo-round"
        />
      ) : null}
      {hasLogo ? null : <ChatIcon className="aw-launcher-icon" />}
    </button>
  );
}
