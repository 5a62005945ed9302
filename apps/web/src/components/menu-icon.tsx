import { MENU_ICONS } from './menu-icons';

/** The icon a menu row names, or nothing for an unknown name. */
export function MenuIcon({ name }: { name: string | null }) {
  const Icon = name ? MENU_ICONS[name] : undefined;
  return Icon ? <Icon /> : null;
}
