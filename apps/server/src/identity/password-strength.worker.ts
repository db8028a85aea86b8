/** The password-check worker thread (password-policy.ts starts it, ADR 0036). */
import type { PasswordCheck } from './password-policy.ts';
import { estimatePassword } from './password-strength.ts';

export default function check(task: { password: string; userInputs: string[] }): PasswordCheck {
  return estimatePassword(task.password, task.userInputs);
}
