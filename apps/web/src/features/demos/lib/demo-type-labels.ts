import type { DemoType } from '@agentry/core/demos';
import { Camera, Globe, MessageCircle, MessagesSquare, Smartphone, type LucideIcon } from 'lucide-react';

/** How each demo type is named and pictured in the dashboard. */
export const demoTypeDetails: Record<DemoType, { label: string; description: string; icon: LucideIcon }> = {
  website: { label: 'Website', description: 'The chat widget on a live copy of the client’s site', icon: Globe },
  sms: { label: 'SMS', description: 'A phone with the Messages app', icon: Smartphone },
  facebook: { label: 'Facebook', description: 'A Messenger-style conversation', icon: MessageCircle },
  instagram: { label: 'Instagram', description: 'An Instagram direct-message look', icon: Camera },
  standard: { label: 'Standard', description: 'A plain chat window with Clear and Share', icon: MessagesSquare },
};
