/** Types of scripts/seed-scale.mjs for the TypeScript code that imports it (the server's tests). */
export interface ScaleFigures {
  persons: number;
  clubs: number;
  events: number;
  registrations: number;
  messages: number;
  invoices: number;
}

export function scaleFigures(persons: number): ScaleFigures;

/** Runs the generator on the database at `url`; the figures and the seconds it took. */
export function seedScale(
  url: string,
  persons: number,
  log?: (line: string) => void,
): Promise<ScaleFigures & { seconds: number }>;
