import {
  Bot,
  CirclePlay,
  Compass,
  Gauge,
  HandCoins,
  KeyRound,
  LifeBuoy,
  Plus,
  Presentation,
  Rocket,
  Store,
  type LucideIcon,
} from 'lucide-react';

const iconsByPath: Readonly<Record<string, LucideIcon>> = {
  '/agents/create': Plus,
  '/agents': Bot,
  '/demo': Presentation,
  '/connect': Rocket,
  '/usage': Gauge,
  '/marketplace': Store,
  '/apitester': KeyRound,
  '/howitworks': CirclePlay,
  '/support': LifeBuoy,
  '/affiliate': HandCoins,
};

export function navIconFor(path: string): LucideIcon {
  return iconsByPath[path] ?? Compass;
}
