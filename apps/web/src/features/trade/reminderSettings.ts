/**
 * The reminder interval the user saved last in this app session, handed from the limits page to
 * the running reminder (reminder.tsx), so a new setting applies without a reload.
 */
type Listener = (minutes: number | null) => void;

const listeners = new Set<Listener>();

export function reminderMinutesChanged(minutes: number | null): void {
  for (const listener of [...listeners]) listener(minutes);
}

export function onReminderMinutesChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
