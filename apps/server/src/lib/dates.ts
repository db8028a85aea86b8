/** Whole years between an ISO birthdate and today (UTC), or null. */
export function ageFrom(birthdate: string | null, today = new Date()): number | null {
  if (!birthdate) return null;
  const [y, m, d] = birthdate.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  const beforeBirthday =
    today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d);
  if (beforeBirthday) age -= 1;
  return age;
}
