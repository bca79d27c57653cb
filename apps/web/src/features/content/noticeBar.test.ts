import { describe, expect, it } from 'vitest';
import { BLANK_NOTICE, noticeBarText } from './noticeBar';

const NONE = 'No announcements at the moment';

describe('noticeBarText', () => {
  it('says nothing while the announcements are being read', () => {
    expect(noticeBarText(undefined, NONE)).toBe(BLANK_NOTICE);
  });

  it('says there are none only once they have been read and there are none', () => {
    expect(noticeBarText([], NONE)).toBe(NONE);
  });

  it('shows the latest announcement', () => {
    expect(noticeBarText([{ title: 'Maintenance tonight' }, { title: 'Older' }], NONE)).toBe(
      'Maintenance tonight',
    );
  });
});
