import type { StoreData } from '../../core/data/types.js';
import { isPlainObject } from '../../core/is-plain-object.js';
import type { Runtime } from '../runtime.js';

// The dev mailbox: every email the users & permissions routes would send (reset codes, confirmation links) is kept in
// the store (so it resets with the content and a code stays readable as long as it stays valid), listed at
// `GET /__content-mock/mailbox` and printed in the log.

export interface Mail {
  readonly id: number;
  readonly sentAt: string;
  /** `reset-password` or `email-confirmation`, or `project` (sent by project code through the email plugin). */
  readonly kind: string;
  readonly to: string;
  readonly from: string;
  readonly subject: string;
  /** The link the email carries (a reset page or the confirmation route), or null when none is configured. */
  readonly link: string | null;
  /** The code in the link (what `reset-password` or `email-confirmation` takes). */
  readonly code: string;
  readonly text: string;
  readonly html: string;
}

const KEY = 'mailbox';
/** Only the newest emails are kept: a mailbox is for reading the last codes, not an archive. */
const KEEP = 100;

interface MailboxState {
  next: number;
  mails: Mail[];
}

function state(data: StoreData): MailboxState {
  const plugins = (data.plugins ??= {});
  const s = plugins[KEY];
  if (isPlainObject(s) && typeof s.next === 'number' && Array.isArray(s.mails)) return s as unknown as MailboxState;
  const fresh: MailboxState = { next: 1, mails: [] };
  plugins[KEY] = fresh;
  return fresh;
}

/** The mailbox, newest first. */
export function mailboxOf(data: StoreData): Mail[] {
  const s = data.plugins?.[KEY];
  if (!isPlainObject(s) || !Array.isArray(s.mails)) return [];
  return [...(s.mails as Mail[])].reverse();
}

/** Keeps an email in the mailbox. Call inside `store.mutate`; then `announce` it once the change is saved. */
export function keepMail(data: StoreData, mail: Omit<Mail, 'id' | 'sentAt'>): Mail {
  const s = state(data);
  const kept: Mail = { id: s.next++, sentAt: new Date().toISOString(), ...mail };
  s.mails.push(kept);
  if (s.mails.length > KEEP) s.mails.splice(0, s.mails.length - KEEP);
  return kept;
}

/** Prints the email in the log (`serve` without `--quiet`). */
export function announce(rt: Runtime, mail: Mail): void {
  rt.log?.(`mail to ${mail.to}: ${mail.subject} → ${mail.link ?? `code ${mail.code}`}`);
}

/** Strapi's default email templates (the plugin's bootstrap), with the link filled in. */
export const TEMPLATES = {
  resetPassword: (link: string) => `<p>We heard that you lost your password. Sorry about that!</p>

<p>But don’t worry! You can use the following link to reset your password:</p>
<p>${link}</p>

<p>Thanks.</p>`,
  emailConfirmation: (link: string) => `<p>Thank you for registering!</p>

<p>You have to confirm your email address. Please click on the link below.</p>

<p>${link}</p>

<p>Thanks.</p>`,
};
