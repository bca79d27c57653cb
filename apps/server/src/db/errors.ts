/** The unique constraint a failed insert ran into, if that is why it failed (SQLSTATE 23505). */
export function violatedUniqueConstraint(error: unknown): string | undefined {
  const cause = (error as { cause?: unknown }).cause ?? error;
  if (cause && typeof cause === 'object' && 'code' in cause && cause.code === '23505') {
    return 'constraint' in cause && typeof cause.constraint === 'string'
      ? cause.constraint
      : 'unknown';
  }
  return undefined;
}
