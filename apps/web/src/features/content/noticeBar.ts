/** A blank line: the bar keeps its height while it has nothing to say yet. */
export const BLANK_NOTICE = '\u00a0';

/**
 * What Home's notice bar says: the latest announcement's title; "no announcements" (`none`) only
 * once the announcements have been read and there are none; nothing before that — not a moment's
 * "no announcements" for a user who has some, while they are on their way.
 */
export function noticeBarText(
  notices: readonly { readonly title: string }[] | undefined,
  none: string,
): string {
  if (notices === undefined) return BLANK_NOTICE;
  return notices[0]?.title ?? none;
}
