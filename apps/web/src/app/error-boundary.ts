import {
  ERROR_BOUNDARY_MAX_RETRIES,
  ERROR_BOUNDARY_THROTTLE_MS,
  ERROR_ID_PREFIX,
} from '@vereinsheim/contracts/constants';

export function newErrorId(now: number = Date.now(), random: () => number = Math.random): string {
  const suffix = Math.floor(random() * 36 ** 4)
    .toString(36)
    .padStart(4, '0');
  return `${ERROR_ID_PREFIX}${now.toString(36)}${suffix}`;
}

/** A retry is allowed at most 3 times and not within 2 s of the error (spec §4, §9). */
export function canRetry(retries: number, errorAt: number, now: number): boolean {
  return retries < ERROR_BOUNDARY_MAX_RETRIES && now - errorAt >= ERROR_BOUNDARY_THROTTLE_MS;
}
