import type { Api } from '@ampere/client';
import { useFeatureMessages } from '@/i18n/feature';
import { useLevel } from '../api/levels';
import { LevelCard } from './LevelCard';

/**
 * The level card as Mine shows it: its own chunk and its own messages (the `levels` feature), so
 * the Mine tab's first paint does not wait for it. Nothing while it loads or if it fails: the
 * level's label is already in the profile card above.
 */
export default function MineLevel({ api, username }: { api: Api; username: string }) {
  useFeatureMessages('levels');
  const level = useLevel(api, username);
  return level.data ? <LevelCard level={level.data} /> : null;
}
