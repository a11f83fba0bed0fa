/** A message the product sends; `link` is the one action in it (magic links, replies). */
export type MailMessage = { to: string; subject: string; text: string; html?: string; link?: string };

export type Mailer = {
  mode: 'log' | 'smtp';
  send: (message: MailMessage) => Promise<void>;
  close: () => Promise<void>;
};
