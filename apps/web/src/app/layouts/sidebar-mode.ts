/** 'rail': the desktop sidebar (70 px, 240 px while expanded); 'drawer': the 280 px mobile drawer. */
export type SidebarMode = 'rail' | 'drawer';

/**
 * Text that only shows on the expanded rail (hover, keyboard focus inside, or an open menu)
 * and always in the drawer. It stays in the accessibility tree either way.
 */
export function revealClass(mode: SidebarMode) {
  return mode === 'rail'
    ? 'opacity-0 transition-opacity duration-150 group-hover/sidebar:opacity-100 group-has-[:focus-visible]/sidebar:opacity-100 group-data-[expanded=true]/sidebar:opacity-100'
    : '';
}

/** The opposite of revealClass: shown only while the rail is collapsed. */
export function collapsedOnlyClass(mode: SidebarMode) {
  return mode === 'rail'
    ? 'transition-opacity duration-150 group-hover/sidebar:opacity-0 group-has-[:focus-visible]/sidebar:opacity-0 group-data-[expanded=true]/sidebar:opacity-0'
    : 'hidden';
}
