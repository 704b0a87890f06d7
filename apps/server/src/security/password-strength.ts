// Refuses passwords that are easy to guess, wherever a password is set (docs/adr/0004): zxcvbn-ts
// with its shipped lists (common and breached passwords, English words and names, keyboard
// patterns; nothing is downloaded at run time) and the account's own email and name. A password
// passes with score 2 or more, i.e. an estimated million guesses or more: what rate-limited online
// guessing cannot reach, without asking for symbol rules (NIST SP 800-63B).

import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

export const MIN_PASSWORD_SCORE = 2;

let estimator: Promise<ZxcvbnFactory> | undefined;

/**
 * Loaded and built on first use, not at start-up: the dictionaries are 7 MB of JavaScript and take
 * about a second to load and index.
 */
function zxcvbn(): Promise<ZxcvbnFactory> {
  estimator ??= (async () => {
    const [{ ZxcvbnFactory }, common, english] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-en'),
    ]);
    return new ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...english.dictionary },
      graphs: common.adjacencyGraphs,
      translations: english.translations,
    });
  })();
  return estimator;
}

/** What the account itself gives away: its email, the email's parts, its name, the product. */
function accountWords(account: { email?: string | null; full_name?: string | null }): string[] {
  const words = ['simforge'];
  if (account.email) words.push(account.email, account.email.split('@')[0]!, ...account.email.split(/[@.+_-]/));
  if (account.full_name) words.push(account.full_name, ...account.full_name.split(/\s+/));
  return words.map((w) => w.trim().toLowerCase()).filter((w) => w.length >= 3);
}

/**
 * Null when the password is hard enough to guess; otherwise the sentence shown under the password
 * field, with zxcvbn's reason when it has one (e.g. "this is a heavily used password").
 */
export async function weakPasswordMessage(
  password: string,
  account: { email?: string | null; full_name?: string | null } = {},
): Promise<string | null> {
  const result = (await zxcvbn()).check(password, accountWords(account));
  if (result.score >= MIN_PASSWORD_SCORE) return null;
  const reason = result.feedback.warning?.trim().replace(/\.$/, '');
  const because = reason ? ` (${reason.charAt(0).toLowerCase()}${reason.slice(1)})` : '';
  return `This password is too easy to guess${because}: choose a longer one, for example a few unrelated words`;
}
