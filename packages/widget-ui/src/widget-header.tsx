import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { ChatWidgetSettings, ChatWidgetView } from './chat-widget-types';
import { BackIcon, ChatIcon, CloseIcon, HistoryIcon, MenuIcon, PlusIcon } from './icons';
import { LogoImage } from './logo-image';
import type { ResolvedWidgetTexts } from './resolve-widget-texts';

type WidgetHeaderProps = {
  settings: ChatWidgetSettings;
  texts: ResolvedWidgetTexts;
  view: ChatWidgetView;
  /** Absent for the website block, which cannot be closed. */
  onClose?: () => void;
  onBack?: () => void;
  onNewConversation?: () => void;
  onShowHistory?: () => void;
  onShowChats?: () => void;
};

/**
 * The header logo: 36 px at the default logo width (100), scaled with it and kept inside the
 * 60 px header (20-48 px).
 */
export function headerLogoPixels(logoWidth: number | undefined): number {
  const scaled = Math.round((36 * (logoWidth ?? 100)) / 100);
  return Math.min(48, Math.max(20, scaled));
}

/** Header: back button (history and chat-list views), logo, title, the menu and the close button. */
export function WidgetHeader({
  settings,
  texts,
  view,
  onClose,
  onBack,
  onNewConversation,
  onShowHistory,
  onShowChats,
}: WidgetHeaderProps) {
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const headerLogoUrl =
    settings.showAdditionalLogos && settings.widgetLogoUrl ? settings.widgetLogoUrl : settings.logoUrl;
  const title = view === 'history' ? texts.previousConversations : view === 'chats' ? texts.chats : texts.title;
  const hasMenu = Boolean(onNewConversation ?? onShowHistory ?? onShowChats);

  useEffect(() => {
    if (!isMenuOpen) return;
    menuRef.current?.querySelector<HTMLButtonElement>('[role="menuitem"]')?.focus();
    const closeOnOutsidePointer = (event: MouseEvent) => {
      const target = event.target as Node | null;
      if (target && !menuRef.current?.contains(target) && !menuButtonRef.current?.contains(target))
        setIsMenuOpen(false);
    };
    document.addEventListener('mousedown', closeOnOutsidePointer);
    return () => document.removeEventListener('mousedown', closeOnOutsidePointer);
  }, [isMenuOpen]);

  const closeMenu = () => {
    setIsMenuOpen(false);
    menuButtonRef.current?.focus();
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      closeMenu();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const items = [...(menuRef.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? [])];
    const current = items.indexOf(document.activeElement as HTMLButtonElement);
    const next = (current + (event.key === 'ArrowDown' ? 1 : -1) + items.length) % items.length;
    items[next]?.focus();
  };

  const choose = (action?: () => void) => {
    setIsMenuOpen(false);
    action?.();
  };

  return (
    <header className="aw-header">
      {view !== 'messages' && onBack ? (
        <button type="button" className="aw-icon-button" aria-label={texts.back} onClick={onBack}>
          <BackIcon className="aw-icon aw-flip-rtl" />
        </button>
      ) : null}
      {view === 'messages' && headerLogoUrl ? (
        <LogoImage
          key={headerLogoUrl}
          url={headerLogoUrl}
          position={settings.widgetLogoCropPosition}
          scale={settings.widgetLogoScale}
          size={headerLogoPixels(settings.logoWidth)}
          className="aw-header-logo"
        />
      ) : null}
      <h2 className="aw-title">{title}</h2>
      {view === 'messages' && hasMenu ? (
        <div className="aw-menu-wrap">
          <button
            type="button"
            ref={menuButtonRef}
            className="aw-icon-button"
            aria-label={texts.menu}
            aria-haspopup="menu"
            aria-expanded={isMenuOpen}
            onClick={() => setIsMenuOpen((open) => !open)}
          >
            <MenuIcon />
          </button>
          {isMenuOpen ? (
            <div className="aw-menu" role="menu" aria-label={texts.menu} ref={menuRef} onKeyDown={onMenuKeyDown}>
              {onNewConversation ? (
                <button
                  type="button"
                  role="menuitem"
                  className="aw-menu-item"
                  onClick={() => choose(onNewConversation)}
                >
                  <PlusIcon className="aw-icon-sm" />
                  {texts.newConversation}
                </button>
              ) : null}
              {onShowHistory ? (
                <button type="button" role="menuitem" className="aw-menu-item" onClick={() => choose(onShowHistory)}>
                  <HistoryIcon className="aw-icon-sm" />
                  {texts.previousConversations}
                </button>
              ) : null}
              {onShowChats ? (
                <button type="button" role="menuitem" className="aw-menu-item" onClick={() => choose(onShowChats)}>
                  <ChatIcon className="aw-icon-sm" />
                  {texts.chats}
                </button>
              ) : null}
            </div>
          ) : null}
        </div>
      ) : null}
      {onClose ? (
        <button type="button" className="aw-icon-button" aria-label={texts.close} onClick={onClose}>
          <CloseIcon />
        </button>
      ) : null}
    </header>
  );
}
