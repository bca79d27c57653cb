/** SPEC §1: member levels are labels only. */
const LEVELS = ['ordinary', 'junior', 'intermediate', 'premium'] as const;
type Level = (typeof LEVELS)[number];

/** An unknown or missing level reads as the entry level rather than as nothing. */
export function levelOf(value: string | undefined): Level {
  return LEVELS.find((level) => level === value) ?? 'ordinary';
}
